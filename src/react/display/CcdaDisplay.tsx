import { forwardRef, useMemo, useSyncExternalStore, type HTMLAttributes } from 'react';
import { formatDate, formatDateTime } from '../../fhir';
import { readCcdaDocument, type CcdaSection } from './ccdaDocument';
import { CcdaNarrative } from './CcdaNarrative';
import { useCcdaValidation, type CcdaValidationFailure } from './useCcdaValidation';
import { fillTemplate } from './fillTemplate';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useLocale } from '../locale/LocaleContext';
import { useMessages } from '../locale/MessagesContext';

/** Every text the C-CDA view shows; `{…}` are filled in. */
export interface CcdaDisplayMessages {
  /** The Validate button. */
  readonly validate: string;
  /** The button while the validator works. */
  readonly validating: string;
  /** A document the validator found no error in. */
  readonly valid: string;
  /** The count of findings. */
  readonly summary: string;
  /** The validator answered with a failed status. */
  readonly validationFailed: string;
  /** The validator could not be reached. */
  readonly validationError: string;
  /** The heading of the findings. */
  readonly results: string;
  /** A document that cannot be read as C-CDA. */
  readonly unreadable: string;
  /** The title of a document without one. */
  readonly untitled: string;
  readonly patient: string;
  readonly born: string;
  readonly gender: string;
  readonly author: string;
  readonly organization: string;
  readonly date: string;
}

/** The default English texts. */
export const defaultCcdaDisplayMessages: CcdaDisplayMessages = {
  validate: 'Validate',
  validating: 'Validating…',
  valid: 'No errors found',
  summary: '{errors} errors, {warnings} warnings',
  validationFailed: 'Validation failed: {status} {statusText}',
  validationError: 'Validation failed: {message}',
  results: 'Validation results',
  unreadable: 'This document cannot be shown as a C-CDA document. Download it to read it.',
  untitled: 'Clinical document',
  patient: 'Patient',
  born: 'Born',
  gender: 'Gender',
  author: 'Author',
  organization: 'Organization',
  date: 'Date',
};

/** The parts of the C-CDA view, each given the class `fpk-${slot}`. */
export type CcdaDisplaySlot =
  'ccda' | 'ccda-header' | 'ccda-details' | 'ccda-validate' | 'ccda-results' | 'ccda-section';

/** Props of {@link CcdaDisplay}. */
export interface CcdaDisplayProps extends HTMLAttributes<HTMLElement> {
  /** The document's XML. */
  readonly xml: string;
  /** A validator that takes multipart `ccdaFile` (the reference server's is `/ccda/validate`); the Validate button shows when given. */
  readonly validatorUrl?: string;
  /** The file name sent to the validator. */
  readonly fileName?: string;
  /** Sends the validation request; globalThis.fetch by default. */
  readonly fetch?: typeof globalThis.fetch;
  /** Heading level of the document's title; sections use the next level. Default 2. */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5;
  /** Dates in this locale; the provider's, else the browser's, by default. */
  readonly locale?: Intl.LocalesArgument;
  /** Replaces the texts. */
  readonly messages?: Partial<CcdaDisplayMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<CcdaDisplaySlot>;
}

function failureText(failure: CcdaValidationFailure, t: CcdaDisplayMessages): string {
  return 'status' in failure
    ? fillTemplate(t.validationFailed, failure).trim()
    : fillTemplate(t.validationError, failure);
}

function Sections({
  sections,
  level,
  className,
}: {
  sections: readonly CcdaSection[];
  level: number;
  className: string;
}) {
  const Heading = `h${Math.min(level, 6)}` as 'h3';
  return (
    <>
      {sections.map((section, i) => (
        <section key={i} className={className}>
          {section.title && <Heading>{section.title}</Heading>}
          {section.text && <CcdaNarrative text={section.text} />}
          <Sections sections={section.sections} level={level + 1} className={className} />
        </section>
      ))}
    </>
  );
}

const subscribeToNothing = () => () => {};
const hasDomParser = () => typeof DOMParser !== 'undefined';
const noDomParserOnServer = () => false;

/**
 * A C-CDA document: its header (title, patient, author, organization, date) and each section
 * with its narrative, and a Validate button that posts the document to a validator as multipart
 * `ccdaFile`; a failed answer shows 'Validation failed: {status} {statusText}'.
 */
export const CcdaDisplay = /* @__PURE__ */ forwardRef<HTMLElement, CcdaDisplayProps>(function CcdaDisplay(
  {
    xml,
    validatorUrl,
    fileName,
    fetch,
    headingLevel = 2,
    locale: localeProp,
    messages,
    classNames,
    className,
    ...rest
  },
  ref
) {
  const locale = useLocale(localeProp);
  const t = useMessages('ccdaDisplay', defaultCcdaDisplayMessages, messages);
  const cls = (slot: CcdaDisplaySlot) => slotClassName(slot, classNames);
  // The document is read with the browser's DOMParser. A server has none, so a server render (and
  // the hydration that follows it) shows the frame, busy, and the browser reads the document next.
  const canParse = useSyncExternalStore(subscribeToNothing, hasDomParser, noDomParserOnServer);
  const doc = useMemo(() => (canParse ? readCcdaDocument(xml) : undefined), [xml, canParse]);
  const validation = useCcdaValidation({ validatorUrl, fetch });
  const Heading = `h${headingLevel}` as 'h2';
  const details = doc
    ? [
        [t.patient, doc.patient],
        [t.born, formatDate(doc.birthDate, locale)],
        [t.gender, doc.gender],
        [t.author, doc.author],
        [t.organization, doc.organization],
        [t.date, formatDateTime(doc.date, locale)],
      ].filter(([, value]) => value)
    : [];
  const { report, failure } = validation;
  const findings = report ? [...report.errors, ...report.warnings] : [];

  return (
    <article
      {...rest}
      ref={ref}
      className={[cls('ccda'), className].filter(Boolean).join(' ')}
      data-validation={validation.status}
      aria-busy={!canParse || undefined}
    >
      <header className={cls('ccda-header')}>
        <Heading>{doc?.title || t.untitled}</Heading>
        {details.length > 0 && (
          <dl className={cls('ccda-details')}>
            {details.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {validatorUrl && (
          <button
            type="button"
            className={`fpk-button ${cls('ccda-validate')}`}
            onClick={() => void validation.validate(xml, fileName)}
            disabled={validation.status === 'validating'}
          >
            {validation.status === 'validating' ? t.validating : t.validate}
          </button>
        )}
      </header>
      <div className={cls('ccda-results')} aria-live="polite">
        {failure && <p role="alert">{failureText(failure, t)}</p>}
        {report && (
          <section aria-label={t.results}>
            <p role="status" data-valid={report.errors.length === 0 || undefined}>
              {report.errors.length === 0 && report.warnings.length === 0
                ? t.valid
                : fillTemplate(t.summary, { errors: report.errors.length, warnings: report.warnings.length })}
            </p>
            {findings.length > 0 && (
              <ul>
                {findings.map((issue, i) => (
                  <li key={i} data-type={report.errors.includes(issue) ? 'error' : 'warning'}>
                    {issue.description}
                    {issue.xPath && (
                      <>
                        {' '}
                        <code>{issue.xPath}</code>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      {doc ? (
        <Sections sections={doc.sections} level={headingLevel + 1} className={cls('ccda-section')} />
      ) : (
        <p className={cls('ccda-section')}>{t.unreadable}</p>
      )}
    </article>
  );
});
