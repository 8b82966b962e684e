/**
 * Seed: more patients of the clinic, demographics only (no accounts, no records), so the staff
 * tools' patients table has pages to sort, search and page through.
 */
import type { Patient } from '../../../src/fhir/types';
import { seedId } from './seed-id';

const GIVEN = ['Ava', 'Ben', 'Chloe', 'Diego', 'Elena', 'Farid', 'Grace', 'Hiro', 'Imani', 'Jonas'];
const FAMILY = ['Abbott', 'Brennan', 'Castillo', 'Dubois'];
const STREETS = ['Oak Street', 'Maple Avenue', 'Cedar Lane', 'Pine Road', 'Elm Court'];

/** Forty patients: every given name with every family name, born 1940 to 2019. */
export function buildClinicPatients(): Patient[] {
  return FAMILY.flatMap((family, f) =>
    GIVEN.map((given, g) => {
      const n = f * GIVEN.length + g;
      return {
        resourceType: 'Patient',
        id: seedId(`patient:clinic:${n}`),
        active: true,
        name: [{ use: 'official', given: [given], family }],
        gender: g % 2 ? 'male' : 'female',
        birthDate: `${1940 + ((n * 7) % 80)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
        telecom: [{ system: 'phone', use: 'mobile', value: `+1-541-555-${String(1000 + n).slice(-4)}` }],
        address: [
          {
            use: 'home',
            line: [`${100 + n} ${STREETS[n % STREETS.length]}`],
            city: 'Springfield',
            state: 'OR',
            postalCode: '97477',
          },
        ],
      } satisfies Patient;
    })
  );
}
