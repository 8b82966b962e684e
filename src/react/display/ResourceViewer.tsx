import { forwardRef, useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import {
  formatReference,
  formatTypedValue,
  getAttachmentName,
  getFieldLabel,
  getResourceFields,
  getSafeReferenceHref,
  guessDatatype,
  MAX_DISPLAY_VALUES,
  safeUrl,
  policyNeedsCriteriaMatcher,
  type AccessPolicy,
  type Attachment,
  type CriteriaMatcher,
  type Reference,
  type Resource,
} from '../../fhir';
import { useFhirClient } from '../FhirProvider';
import { loadSanitizer } from '../primitives/sanitize';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useLocale } from '../locale/LocaleContext';
import { useMessages } from '../locale/MessagesContext';

/** Every text the viewer shows; `{count}` is filled in. */
export interface ResourceViewerMessages {
  /** A field with nothing to show. Default 'No value'. */
  readonly noValue: string;
  /** A value of a datatype the viewer does not know. Default 'Unknown data type'. */
  readonly unknownType: string;
  /** After the first 50 values of an array. Default '... {count} total values'. */
  readonly moreValues: string;
  /** The caption of the fields table. Default 'Details'. */
  readonly caption: string;
  /** While the access policy's criteria matcher loads. Default 'Loading...'. */
  readonly loading: string;
  /** A yes/no value. Defaults 'Yes' and 'No'. */
  readonly yes: string;
  readonly no: string;
}

/** The default English texts. */
export const defaultResourceViewerMessages: ResourceViewerMessages = {
  noValue: 'No value',
  unknownType: 'Unknown data type',
  moreValues: '... {count} total values',
  caption: 'Details',
  loading: 'Loading...',
  yes: 'Yes',
  no: 'No',
};

/** The parts of the viewer, each given the class `fpk-${slot}`. */
export type ResourceViewerSlot = 'viewer' | 'viewer-narrative' | 'viewer-table' | 'viewer-nested';

/** Props of {@link ResourceViewer}. */
export interface ResourceViewerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'resource'> {
  /** Any resource. */
  readonly resource: Resource;
  /** Hides fields; by default the signed-in session's policy (client.getAccessPolicy()). */
  readonly accessPolicy?: AccessPolicy;
  /** Renders a link (e.g. the router's Link); a plain <a href> by default. */
  readonly renderLink?: (href: string, text: string) => ReactNode;
  /** Dates and numbers in this locale; the provider's, else the browser's, by default. */
  readonly locale?: Intl.LocalesArgument;
  /** Replaces the texts. */
  readonly messages?: Partial<ResourceViewerMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<ResourceViewerSlot>;
}

interface ValueContext {
  readonly t: ResourceViewerMessages;
  readonly locale?: Intl.LocalesArgument;
  readonly link: (href: string, text: string) => ReactNode;
  readonly nestedClass: string;
}

// BackboneElements nest; past this depth the rest is summarised rather than drawn.
const MAX_DEPTH = 4;

function SingleValue({ type, value, ctx, depth }: { type: string; value: unknown; ctx: ValueContext; depth: number }) {
  if (type === 'Reference') {
    const reference = value as Reference;
    const text = formatReference(reference) || ctx.t.noValue;
    const href = getSafeReferenceHref(reference.reference);
    return <>{href ? ctx.link(href, text) : text}</>;
  }
  if (type === 'Attachment') {
    const attachment = value as Attachment;
    const href = safeUrl(attachment.url);
    const text = formatTypedValue('Attachment', attachment, ctx.locale) || getAttachmentName(attachment);
    return <>{href ? ctx.link(href, text) : text}</>;
  }
  if (type === 'BackboneElement' && value && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return <>{ctx.t.unknownType}</>;
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([k, v]) => !k.startsWith('_') && v !== undefined && v !== null
    );
    return (
      <dl className={ctx.nestedClass}>
        {entries.map(([key, v]) => (
          <div key={key}>
            <dt>{getFieldLabel(key)}</dt>
            <dd>
              <FieldValue type={guessDatatype(key, v)} value={v} ctx={ctx} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  const text = formatTypedValue(type, value, ctx.locale, ctx.t);
  if (text === undefined) return <>{ctx.t.unknownType}</>;
  return <>{text || ctx.t.noValue}</>;
}

function FieldValue({ type, value, ctx, depth }: { type: string; value: unknown; ctx: ValueContext; depth: number }) {
  if (!Array.isArray(value)) return <SingleValue type={type} value={value} ctx={ctx} depth={depth} />;
  const shown = value.slice(0, MAX_DISPLAY_VALUES);
  return (
    <ul className="fpk-viewer-values">
      {shown.map((item, i) => (
        <li key={i}>
          <SingleValue type={type} value={item} ctx={ctx} depth={depth} />
        </li>
      ))}
      {value.length > MAX_DISPLAY_VALUES && <li>{ctx.t.moreValues.replace('{count}', String(value.length))}</li>}
    </ul>
  );
}

/** The narrative, sanitized (DOMPurify, loaded on first use) before it reaches the DOM; nothing until then. */
function Narrative({ html, className }: { html: string; className: string }) {
  const [clean, setClean] = useState<string>();
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((sanitize) => live && setClean(sanitize(html)));
    return () => {
      live = false;
    };
  }, [html]);
  return clean ? <div className={className} dangerouslySetInnerHTML={{ __html: clean }} /> : null;
}

// The search matcher a policy's `criteria` need (about 6 KB gzipped) loads only for a policy
// that has criteria for the resource's type; most sessions have no such rule, so the viewer
// does not carry it up front. Until it lands, no field shows: a rule that cannot be checked
// must not reveal what it might hide.
let matcherLoading: Promise<CriteriaMatcher> | undefined;
function loadCriteriaMatcher(): Promise<CriteriaMatcher> {
  matcherLoading ??= import('../../fhir/access-policy-criteria').then((m) => m.matchesAccessPolicyCriteria);
  return matcherLoading;
}

function useCriteriaMatcher(needed: boolean): CriteriaMatcher | undefined {
  const [matcher, setMatcher] = useState<CriteriaMatcher>();
  useEffect(() => {
    if (!needed || matcher) return;
    let live = true;
    void loadCriteriaMatcher().then((m) => live && setMatcher(() => m));
    return () => {
      live = false;
    };
  }, [needed, matcher]);
  return matcher;
}

/**
 * Any resource as a table of its fields: definition order, labels, each value formatted by its
 * type, references as links, arrays cut at 50 ('... N total values'), the narrative sanitized,
 * and the fields the access policy hides left out.
 */
export const ResourceViewer = /* @__PURE__ */ forwardRef<HTMLDivElement, ResourceViewerProps>(function ResourceViewer(
  { resource, accessPolicy, renderLink, locale: localeProp, messages, classNames, className, ...rest },
  ref
) {
  const locale = useLocale(localeProp);
  const client = useFhirClient();
  const policy = accessPolicy ?? client.getAccessPolicy();
  const t = useMessages('resourceViewer', defaultResourceViewerMessages, messages);
  const cls = (slot: ResourceViewerSlot) => slotClassName(slot, classNames);
  const ctx: ValueContext = {
    t,
    locale,
    link: renderLink ?? ((href, text) => <a href={href}>{text}</a>),
    nestedClass: cls('viewer-nested'),
  };
  const needsMatcher = policyNeedsCriteriaMatcher(policy, resource.resourceType);
  const matcher = useCriteriaMatcher(needsMatcher);
  if (needsMatcher && !matcher) {
    return (
      <div {...rest} ref={ref} className={[cls('viewer'), className].filter(Boolean).join(' ')} aria-busy="true">
        <p role="status">{t.loading}</p>
      </div>
    );
  }
  const fields = getResourceFields(resource, policy, matcher);
  const narrative = resource.resourceType !== 'Binary' && 'text' in resource ? resource.text?.div : undefined;
  return (
    <div {...rest} ref={ref} className={[cls('viewer'), className].filter(Boolean).join(' ')}>
      {narrative && <Narrative html={narrative} className={cls('viewer-narrative')} />}
      <table className={cls('viewer-table')}>
        <caption className="fpk-visually-hidden">{t.caption}</caption>
        <tbody>
          {fields.map((field) => (
            <tr key={field.key}>
              <th scope="row">{field.label}</th>
              <td>
                <FieldValue type={field.type} value={field.value} ctx={ctx} depth={0} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
