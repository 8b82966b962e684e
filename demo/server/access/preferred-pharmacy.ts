// A patient's preferred pharmacy on their own Patient record. It is stored in the HL7 FHIR
// Extensions Pack's Patient preferred pharmacy extension (not in R4 core, not in US Core; trial
// use, with Patient among its contexts): a complex extension whose `pharmacy` part is a
// Reference(Organization) and whose `type` part says for which medications. A patient may add,
// change or remove that extension and nothing else among their record's extensions, and its
// pharmacy must be a plain reference to an Organization (the clinic's pharmacies, which they
// read from the shared catalogue), never another patient or a URL elsewhere.
import { isDeepStrictEqual } from 'node:util';
import { forbidden } from '../core/errors';
import { isJsonObject, referenceOf, type StoredResource } from '../core/stored-resource';

/** The extension's canonical url. */
export const PREFERRED_PHARMACY_URL = 'http://hl7.org/fhir/StructureDefinition/patient-preferredPharmacy';

const ORGANIZATION_REFERENCE = /^Organization\/[A-Za-z0-9\-.]{1,64}$/;
/** More than one is allowed (one per kind of medication); more than this is not a preference. */
const MAX_PREFERRED = 5;

function extensionsOf(resource: StoredResource): unknown[] {
  return Array.isArray(resource.extension) ? (resource.extension as unknown[]) : [];
}

function isPreferredPharmacy(extension: unknown): boolean {
  return isJsonObject(extension) && extension.url === PREFERRED_PHARMACY_URL;
}

/** Whether one preferred-pharmacy extension has exactly its two parts, the pharmacy an Organization. */
function isWellFormed(extension: unknown): boolean {
  if (!isJsonObject(extension)) return false;
  const keys = Object.keys(extension).sort();
  if (!isDeepStrictEqual(keys, ['extension', 'url'])) return false;
  const parts = extension.extension;
  if (!Array.isArray(parts) || parts.length !== 2) return false;
  const pharmacy = parts.find((p) => isJsonObject(p) && p.url === 'pharmacy');
  const type = parts.find((p) => isJsonObject(p) && p.url === 'type');
  if (!isJsonObject(pharmacy) || !isJsonObject(type)) return false;
  if (!isDeepStrictEqual(Object.keys(pharmacy).sort(), ['url', 'valueReference'])) return false;
  if (!isDeepStrictEqual(Object.keys(type).sort(), ['url', 'valueCodeableConcept'])) return false;
  const reference = isJsonObject(pharmacy.valueReference) ? referenceOf(pharmacy.valueReference) : undefined;
  return (
    reference !== undefined &&
    reference.length <= 80 &&
    ORGANIZATION_REFERENCE.test(reference) &&
    isJsonObject(type.valueCodeableConcept)
  );
}

/**
 * Throws 403 when a patient's edit of their own record changes an extension other than the
 * preferred pharmacy, or leaves a preferred pharmacy that is not a reference to an Organization.
 */
export function assertPreferredPharmacyEdit(before: StoredResource, after: StoredResource): void {
  const others = (r: StoredResource) =>
    JSON.parse(JSON.stringify(extensionsOf(r).filter((e) => !isPreferredPharmacy(e)))) as unknown;
  if (!isDeepStrictEqual(others(before), others(after)))
    throw forbidden('Forbidden: of the extensions of their record, a patient may change only the preferred pharmacy');
  const preferred = extensionsOf(after).filter(isPreferredPharmacy);
  if (preferred.length > MAX_PREFERRED || !preferred.every(isWellFormed))
    throw forbidden('Forbidden: a preferred pharmacy must be a reference to an Organization');
}
