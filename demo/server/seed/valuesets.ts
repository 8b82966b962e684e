/** Seed: the ValueSets the stored questionnaires use, stored with their concepts so $expand works offline. */
import type { ValueSet } from '../../../src/fhir/types';
import { seedId } from './seed-id';

/** Our own code systems and value sets live under this base. */
export const KIT_BASE = 'http://example.com/fhir-portal-kit';
const CS = (name: string) => `${KIT_BASE}/CodeSystem/${name}`;
const VS = (name: string) => `${KIT_BASE}/ValueSet/${name}`;

type Concept = [code: string, display: string];

function valueSet(
  url: string,
  name: string,
  title: string,
  includes: { system: string; concepts: Concept[] }[]
): ValueSet {
  return {
    resourceType: 'ValueSet',
    id: seedId(`valueset:${url}`),
    url,
    name,
    title,
    status: 'active',
    compose: {
      include: includes.map((inc) => ({
        system: inc.system,
        concept: inc.concepts.map(([code, display]) => ({ code, display })),
      })),
    },
  };
}

const one = (url: string, name: string, title: string, system: string, concepts: Concept[]) =>
  valueSet(url, name, title, [{ system, concepts }]);

/** Canonical urls of the value sets, as the questionnaires name them. */
export const ValueSetUrls = {
  // AHC HRSN screening
  harmFrequency: VS('ahc-harm-frequency'),
  substanceFrequency: VS('ahc-substance-frequency'),
  foodFrequency: VS('ahc-food-frequency'),
  phq2Frequency: VS('ahc-phq2-frequency'),
  activityDays: VS('physical-activity-days'),
  activityMinutes: VS('physical-activity-minutes'),
  stress: VS('ahc-stress'),
  // intake
  subscriberRelationship: 'http://hl7.org/fhir/ValueSet/subscriber-relationship',
  pregnancyStatus: VS('pregnancy-status'),
  race: 'http://hl7.org/fhir/us/core/ValueSet/omb-race-category',
  ethnicity: 'http://hl7.org/fhir/us/core/ValueSet/omb-ethnicity-category',
  conditionClinical: 'http://hl7.org/fhir/ValueSet/condition-clinical',
  familyMember: 'http://terminology.hl7.org/ValueSet/v3-FamilyMember',
  housingStatus: VS('housing-status'),
  educationLevel: 'http://terminology.hl7.org/ValueSet/v3-EducationLevel',
  smokingStatus: VS('smoking-status'),
  languages: 'http://hl7.org/fhir/ValueSet/languages',
  // general
  overallHealth: VS('overall-health'),
} as const;

/** The code of the 'Pregnant' answer (SNOMED CT). */
export const PREGNANT = { system: 'http://snomed.info/sct', code: '77386006', display: 'Pregnant' } as const;
/** The subscriber-relationship code system. */
export const SUBSCRIBER_RELATIONSHIP_SYSTEM = 'http://terminology.hl7.org/CodeSystem/subscriber-relationship';

/** Every stored value set. */
export function buildValueSets(): ValueSet[] {
  return [
    one(ValueSetUrls.harmFrequency, 'AhcHarmFrequency', 'How often (safety, scored 1 to 5)', CS('ahc-frequency'), [
      ['never', 'Never'],
      ['rarely', 'Rarely'],
      ['sometimes', 'Sometimes'],
      ['fairly-often', 'Fairly often'],
      ['frequently', 'Frequently'],
    ]),
    one(
      ValueSetUrls.substanceFrequency,
      'AhcSubstanceFrequency',
      'How many times in the past 12 months',
      CS('ahc-substance-frequency'),
      [
        ['never', 'Never'],
        ['once-or-twice', 'Once or twice*'],
        ['monthly', 'Monthly*'],
        ['weekly', 'Weekly*'],
        ['daily', 'Daily or almost daily*'],
      ]
    ),
    one(ValueSetUrls.foodFrequency, 'AhcFoodFrequency', 'Food insecurity frequency', CS('ahc-food-frequency'), [
      ['often-true', 'Often true*'],
      ['sometimes-true', 'Sometimes true*'],
      ['never-true', 'Never true'],
    ]),
    one(
      ValueSetUrls.phq2Frequency,
      'AhcPhq2Frequency',
      'Over the past 2 weeks (scored 0 to 3)',
      CS('ahc-phq2-frequency'),
      [
        ['not-at-all', 'Not at all'],
        ['several-days', 'Several days'],
        ['more-than-half', 'More than half the days'],
        ['nearly-every-day', 'Nearly every day'],
      ]
    ),
    one(
      ValueSetUrls.activityDays,
      'PhysicalActivityDays',
      'Days per week',
      CS('physical-activity-days'),
      Array.from({ length: 8 }, (_, i): Concept => [String(i), `${i} ${i === 1 ? 'day' : 'days'}`])
    ),
    one(ValueSetUrls.activityMinutes, 'PhysicalActivityMinutes', 'Minutes per day', CS('physical-activity-minutes'), [
      ...[0, 10, 20, 30, 40, 50, 60, 90, 120].map((m): Concept => [String(m), `${m} minutes`]),
      ['150', '150 or greater'],
    ]),
    one(ValueSetUrls.stress, 'AhcStress', 'Stress level', CS('ahc-stress'), [
      ['not-at-all', 'Not at all'],
      ['a-little-bit', 'A little bit'],
      ['somewhat', 'Somewhat'],
      ['quite-a-bit', 'Quite a bit*'],
      ['very-much', 'Very much*'],
    ]),
    one(
      ValueSetUrls.subscriberRelationship,
      'SubscriberRelationshipCodes',
      'Subscriber Relationship Codes',
      SUBSCRIBER_RELATIONSHIP_SYSTEM,
      [
        ['child', 'Child'],
        ['parent', 'Parent'],
        ['spouse', 'Spouse'],
        ['common', 'Common Law Spouse'],
        ['other', 'Other'],
        ['self', 'Self'],
        ['injured', 'Injured Party'],
      ]
    ),
    valueSet(ValueSetUrls.pregnancyStatus, 'PregnancyStatus', 'Pregnancy status', [
      {
        system: 'http://snomed.info/sct',
        concepts: [
          [PREGNANT.code, PREGNANT.display],
          ['60001007', 'Not pregnant'],
        ],
      },
      { system: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor', concepts: [['UNK', 'Unknown']] },
    ]),
    one(ValueSetUrls.race, 'OmbRaceCategories', 'OMB Race Categories', 'urn:oid:2.16.840.1.113883.6.238', [
      ['1002-5', 'American Indian or Alaska Native'],
      ['2028-9', 'Asian'],
      ['2054-5', 'Black or African American'],
      ['2076-8', 'Native Hawaiian or Other Pacific Islander'],
      ['2106-3', 'White'],
    ]),
    one(
      ValueSetUrls.ethnicity,
      'OmbEthnicityCategories',
      'OMB Ethnicity Categories',
      'urn:oid:2.16.840.1.113883.6.238',
      [
        ['2135-2', 'Hispanic or Latino'],
        ['2186-5', 'Not Hispanic or Latino'],
      ]
    ),
    one(
      ValueSetUrls.conditionClinical,
      'ConditionClinicalStatusCodes',
      'Condition Clinical Status Codes',
      'http://terminology.hl7.org/CodeSystem/condition-clinical',
      [
        ['active', 'Active'],
        ['recurrence', 'Recurrence'],
        ['relapse', 'Relapse'],
        ['inactive', 'Inactive'],
        ['remission', 'Remission'],
        ['resolved', 'Resolved'],
      ]
    ),
    one(
      ValueSetUrls.familyMember,
      'FamilyMember',
      'Family member',
      'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
      [
        ['MTH', 'mother'],
        ['FTH', 'father'],
        ['SIS', 'sister'],
        ['BRO', 'brother'],
        ['DAU', 'natural daughter'],
        ['SON', 'natural son'],
        ['GRMTH', 'grandmother'],
        ['GRFTH', 'grandfather'],
      ]
    ),
    one(ValueSetUrls.housingStatus, 'HousingStatus', 'Housing status', CS('housing-status'), [
      ['own', 'Own home'],
      ['rent', 'Rent'],
      ['family', 'Living with family or friends'],
      ['temporary', 'Temporary housing or shelter'],
      ['homeless', 'Homeless'],
    ]),
    one(
      ValueSetUrls.educationLevel,
      'EducationLevel',
      'Education Level',
      'http://terminology.hl7.org/CodeSystem/v3-EducationLevel',
      [
        ['ELEM', 'Elementary School'],
        ['SEC', 'Some secondary or high school education'],
        ['HS', 'High School or secondary school degree complete'],
        ['SCOL', 'Some College education'],
        ['ASSOC', "Associate's or technical degree complete"],
        ['BD', 'College or baccalaureate degree complete'],
        ['PB', 'Some post-baccalaureate education'],
        ['GD', 'Graduate or professional Degree complete'],
      ]
    ),
    one(ValueSetUrls.smokingStatus, 'SmokingStatus', 'Smoking status', 'http://snomed.info/sct', [
      ['449868002', 'Current every day smoker'],
      ['428041000124106', 'Current some day smoker'],
      ['8517006', 'Former smoker'],
      ['266919005', 'Never smoker'],
      ['266927001', 'Unknown if ever smoked'],
    ]),
    one(ValueSetUrls.languages, 'Languages', 'Common languages', 'urn:ietf:bcp:47', [
      ['en', 'English'],
      ['es', 'Spanish'],
      ['zh', 'Chinese'],
      ['vi', 'Vietnamese'],
      ['tl', 'Tagalog'],
      ['ar', 'Arabic'],
      ['fr', 'French'],
      ['de', 'German'],
      ['ko', 'Korean'],
      ['ru', 'Russian'],
    ]),
    one(ValueSetUrls.overallHealth, 'OverallHealth', 'Overall health', CS('overall-health'), [
      ['excellent', 'Excellent'],
      ['very-good', 'Very good'],
      ['good', 'Good'],
      ['fair', 'Fair'],
      ['poor', 'Poor'],
    ]),
  ];
}
