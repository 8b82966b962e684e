import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { getDisplayString, getSafeReferenceHref, type Reference, type Resource } from '../../fhir';
import { useResource, type ResourceOrReference } from '../hooks';

/** What {@link useResourceName} answers. */
export interface ResourceNameState {
  /** The resource once known (given, cached or read). */
  readonly resource: Resource | undefined;
  /** Its name: a person's official name, a title or code, else the reference's display or text; '' while nothing is known. */
  readonly name: string;
  /** The link to it ('/Patient/1'), when the value names one resource. */
  readonly href: string | undefined;
}

function asReference(value: ResourceOrReference): Reference | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') return { reference: value };
  return 'resourceType' in value ? undefined : (value as Reference);
}

/**
 * The name of a resource given as itself or by reference: the reference is read through the
 * client (and its cache); until then, or when it does not resolve, its display or its text stands in.
 */
export function useResourceName(value: ResourceOrReference): ResourceNameState {
  const reference = asReference(value);
  // Only a reference that could name a resource is read; 'javascript:…' and the like are just text.
  const readable = !reference || getSafeReferenceHref(reference.reference) !== undefined;
  const resource = useResource(readable ? value : undefined);
  const name = getDisplayString(resource) || reference?.display?.trim() || reference?.reference || '';
  const target = resource?.id ? `${resource.resourceType}/${resource.id}` : reference?.reference;
  return { resource, name, href: getSafeReferenceHref(target) };
}

/** Props of {@link ResourceName}. */
export interface ResourceNameProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The resource, a Reference, or a reference string ('Practitioner/1'). */
  readonly value: ResourceOrReference;
  /** Shows the name as a link to `/{type}/{id}`. */
  readonly link?: boolean;
  /** Renders the link (e.g. the router's Link); a plain <a href> by default. */
  readonly renderLink?: (href: string, text: string) => ReactNode;
}

/** The display name of a resource, read by reference when needed, as text or as a link to it. */
export const ResourceName = /* @__PURE__ */ forwardRef<HTMLSpanElement, ResourceNameProps>(function ResourceName(
  { value, link, renderLink, className, ...rest },
  ref
) {
  const { name, href } = useResourceName(value);
  const content = link && href ? renderLink ? renderLink(href, name) : <a href={href}>{name}</a> : name;
  return (
    <span {...rest} ref={ref} className={className ? `fpk-resource-name ${className}` : 'fpk-resource-name'}>
      {content}
    </span>
  );
});
