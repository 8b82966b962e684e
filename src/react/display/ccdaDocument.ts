// Reads a C-CDA document in the browser (DOMParser): the header a person looks for first and
// the sections with their narrative blocks. Documents with a DOCTYPE are refused before parsing,
// so no entity is ever declared, let alone expanded; the size is bounded too.

/** The CDA R2 namespace. */
export const CDA_NAMESPACE = 'urn:hl7-org:v3';

/** The most XML a C-CDA view reads (a large CCD is a few MB). */
export const MAX_CCDA_LENGTH = 10 * 1024 * 1024;

/** One section of the document: its title and its narrative block (the `text` element). */
export interface CcdaSection {
  readonly title: string;
  readonly text: Element | undefined;
  readonly sections: readonly CcdaSection[];
}

/** What a C-CDA view shows. */
export interface CcdaDocument {
  readonly title: string;
  readonly patient: string;
  /** FHIR date ('1979-05-12'), '' when absent. */
  readonly birthDate: string;
  readonly gender: string;
  readonly author: string;
  readonly organization: string;
  /** FHIR dateTime of the document, '' when absent. */
  readonly date: string;
  readonly sections: readonly CcdaSection[];
}

const children = (el: Element | undefined, name: string): Element[] =>
  el ? Array.from(el.children).filter((c) => c.localName === name && c.namespaceURI === CDA_NAMESPACE) : [];
const child = (el: Element | undefined, ...path: string[]): Element | undefined =>
  path.reduce<Element | undefined>((current, name) => children(current, name)[0], el);
const textOf = (el: Element | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A CDA name (prefix, given, family, suffix parts, or plain text) as one line. */
function nameOf(el: Element | undefined): string {
  if (!el) return '';
  const parts = ['prefix', 'given', 'family', 'suffix'].flatMap((part) => children(el, part).map(textOf));
  return parts.filter(Boolean).join(' ') || textOf(el);
}

/**
 * A CDA timestamp (YYYY[MM[DD[HHMM[SS]]]][+ZZZZ]) as a FHIR date or dateTime ('1979-05-12',
 * '2026-03-01T15:00:00+00:00'), which formatDate and formatDateTime show; '' when it is not one.
 */
export function cdaTimeToFhir(value: string | null | undefined): string {
  const m = /^(\d{4})(\d{2})?(\d{2})?(?:(\d{2})(\d{2})(\d{2})?(?:\.\d{1,4})?)?([+-]\d{4})?$/.exec(
    (value ?? '').slice(0, 40)
  );
  if (!m) return '';
  const [, y, mo, d, h, mi, s = '00', zone] = m;
  if (!mo || !d || !h) return [y, mo, d].filter(Boolean).join('-');
  const offset = zone ? `${zone.slice(0, 3)}:${zone.slice(3)}` : 'Z';
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`;
}

const GENDERS: Record<string, string> = { M: 'Male', F: 'Female', UN: 'Undifferentiated' };

function readSections(parent: Element | undefined, depth: number): CcdaSection[] {
  if (depth > 4) return [];
  return children(parent, 'component')
    .map((component) => child(component, 'section'))
    .filter((section): section is Element => !!section)
    .map((section) => ({
      title: textOf(child(section, 'title')) || textOf(child(section, 'code')) || '',
      text: child(section, 'text'),
      sections: readSections(section, depth + 1),
    }));
}

/**
 * The header and sections of a C-CDA document, or undefined when the text is not a readable
 * one: too long, with a DOCTYPE, not well-formed, or not a ClinicalDocument in urn:hl7-org:v3.
 */
export function readCcdaDocument(xml: string): CcdaDocument | undefined {
  if (xml.length > MAX_CCDA_LENGTH || xml.includes('<!DOCTYPE')) return undefined;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  if (
    !root ||
    doc.getElementsByTagName('parsererror').length > 0 ||
    root.localName !== 'ClinicalDocument' ||
    root.namespaceURI !== CDA_NAMESPACE
  ) {
    return undefined;
  }
  const patient = child(root, 'recordTarget', 'patientRole', 'patient');
  const gender = child(patient, 'administrativeGenderCode');
  const assignedAuthor = child(root, 'author', 'assignedAuthor');
  return {
    title: textOf(child(root, 'title')),
    patient: nameOf(child(patient, 'name')),
    birthDate: cdaTimeToFhir(child(patient, 'birthTime')?.getAttribute('value')),
    gender: gender?.getAttribute('displayName') || GENDERS[gender?.getAttribute('code') ?? ''] || '',
    author:
      nameOf(child(assignedAuthor, 'assignedPerson', 'name')) ||
      textOf(child(assignedAuthor, 'representedOrganization', 'name')),
    organization: textOf(child(root, 'custodian', 'assignedCustodian', 'representedCustodianOrganization', 'name')),
    date: cdaTimeToFhir(child(root, 'effectiveTime')?.getAttribute('value')),
    sections: readSections(child(root, 'component', 'structuredBody'), 0),
  };
}
