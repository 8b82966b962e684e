/**
 * Seed: the stored questionnaires — a general one, the AHC HRSN screening and the patient
 * intake — built from portal.md section 5 (required fields, gender choices, conditional
 * subscriber and delivery-date items, scores in help text) and section 9 (activity options).
 */
import type { Coding, Questionnaire, QuestionnaireItem } from '../../../src/fhir/types';
import { DemoIds, QuestionnaireUrls } from './ids';
import { translationsOf } from './questionnaire-translations';
import { PREGNANT, SUBSCRIBER_RELATIONSHIP_SYSTEM, ValueSetUrls } from './valuesets';

const ITEM_CONTROL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const control = (code: string) => ({
  url: ITEM_CONTROL,
  valueCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code }] },
});

type Extra = Partial<QuestionnaireItem>;
const item = (linkId: string, text: string, type: QuestionnaireItem['type'], extra: Extra = {}): QuestionnaireItem => ({
  linkId,
  text,
  type,
  ...extra,
});
const group = (linkId: string, text: string, items: QuestionnaireItem[], extra: Extra = {}) =>
  item(linkId, text, 'group', { ...extra, item: items });
const choiceVs = (linkId: string, text: string, answerValueSet: string, extra: Extra = {}) =>
  item(linkId, text, 'choice', { answerValueSet, ...extra });
const radio = (linkId: string, text: string, options: string[], extra: Extra = {}) =>
  item(linkId, text, 'choice', {
    extension: [control('radio-button')],
    answerOption: options.map((display) => ({ valueCoding: { code: slug(display), display } })),
    ...extra,
  });
const help = (linkId: string, text: string) => item(linkId, text, 'display', { extension: [control('help')] });

/** An item with the Spanish and Arabic of its text, prefix and answer displays (FHIR's translation extension), and of its children's. */
function translatedItem(source: QuestionnaireItem): QuestionnaireItem {
  const item: QuestionnaireItem = { ...source };
  const text = translationsOf(item.text);
  if (text) item._text = text;
  const prefix = translationsOf(item.prefix);
  if (prefix) item._prefix = prefix;
  if (item.answerOption)
    item.answerOption = item.answerOption.map((option) => {
      const display = option.valueCoding && translationsOf(option.valueCoding.display);
      return display ? { ...option, valueCoding: { ...option.valueCoding, _display: display } } : option;
    });
  if (item.item) item.item = item.item.map(translatedItem);
  return item;
}

/** The questionnaire with Spanish and Arabic on its title and every item (see questionnaire-translations.ts). */
function translated(questionnaire: Questionnaire): Questionnaire {
  const title = translationsOf(questionnaire.title);
  return {
    ...questionnaire,
    ...(title ? { _title: title } : {}),
    item: questionnaire.item?.map(translatedItem),
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\*/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A short general health questionnaire (stored, status active). */
export function generalQuestionnaire(): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    id: DemoIds.generalQuestionnaire,
    url: QuestionnaireUrls.general,
    name: 'GeneralHealthQuestionnaire',
    title: 'General Health Questionnaire',
    status: 'active',
    subjectType: ['Patient'],
    description: 'A few questions about how you are doing, to prepare your next visit.',
    item: [
      choiceVs('overall-health', 'In general, how would you rate your health?', ValueSetUrls.overallHealth, {
        required: true,
        extension: [control('radio-button')],
      }),
      item('exercise-days', 'How many days a week do you exercise for at least 30 minutes?', 'integer'),
      item('sleep-hours', 'How many hours do you sleep on a typical night?', 'decimal'),
      item('smoker', 'Do you currently smoke?', 'boolean'),
      item('last-checkup', 'When was your last check-up?', 'date'),
      item('concerns', 'Is there anything you would like to discuss at your next visit?', 'text'),
    ],
  };
}

const Asterisk = 'Answers marked with an asterisk (*) may signal an unmet need.';

/** The AHC HRSN screening tool (core and supplemental questions), status draft; in English, Spanish and Arabic. */
export function screeningQuestionnaire(): Questionnaire {
  return translated(screeningInEnglish());
}

function screeningInEnglish(): Questionnaire {
  const harm = (n: number, linkId: string, text: string) =>
    choiceVs(
      linkId,
      `${n}. How often does anyone, including family and friends, ${text}?`,
      ValueSetUrls.harmFrequency,
      { extension: [control('radio-button')] }
    );
  const substance = (n: number, linkId: string, text: string) =>
    choiceVs(linkId, `${n}. How many times in the past 12 months have you ${text}?`, ValueSetUrls.substanceFrequency, {
      extension: [control('radio-button')],
    });
  const phq = (n: number, linkId: string, text: string) =>
    choiceVs(
      linkId,
      `${n}. Over the past 2 weeks, how often have you been bothered by ${text}?`,
      ValueSetUrls.phq2Frequency,
      { extension: [control('radio-button')] }
    );
  return {
    resourceType: 'Questionnaire',
    id: DemoIds.screeningQuestionnaire,
    url: QuestionnaireUrls.screening,
    name: 'AhcHrsnScreening',
    title: 'AHC HRSN Screening',
    status: 'draft',
    subjectType: ['Patient'],
    // LOINC 96777-8 names this tool (Questionnaire.code is a list of Codings in R4).
    code: [{ system: 'http://loinc.org', code: '96777-8' }],
    identifier: [{ system: 'http://loinc.org', value: '96777-8' }],
    description: `The Accountable Health Communities Health-Related Social Needs screening tool. ${Asterisk}`,
    item: [
      help('instructions', `Please answer the questions below about your living situation and daily life. ${Asterisk}`),
      group('living-situation', 'Living Situation', [
        radio('living-situation-today', '1. What is your living situation today?', [
          'I have a steady place to live',
          'I have a place to live today, but I am worried about losing it in the future*',
          'I do not have a steady place to live (I am temporarily staying with others, in a hotel, in a shelter, living outside on the street, on a beach, in a car, abandoned building, bus or train station, or in a park)*',
        ]),
        item(
          'housing-problems',
          '2. Think about the place you live. Do you have problems with any of the following? Choose all that apply.',
          'choice',
          {
            repeats: true,
            extension: [control('check-box')],
            answerOption: [
              'Pests such as bugs, ants, or mice*',
              'Mold*',
              'Lead paint or pipes*',
              'Lack of heat*',
              'Oven or stove not working*',
              'Smoke detectors missing or not working*',
              'Water leaks*',
              'None of the above',
            ].map((display) => ({ valueCoding: { code: slug(display), display } })),
          }
        ),
      ]),
      group('food', 'Food', [
        help(
          'food-help',
          'Some people have made the following statements about their food situation. Please answer whether the statements were often, sometimes, or never true for you and your household in the last 12 months.'
        ),
        choiceVs(
          'food-worry',
          '3. Within the past 12 months, you worried that your food would run out before you got money to buy more.',
          ValueSetUrls.foodFrequency,
          { extension: [control('radio-button')] }
        ),
        choiceVs(
          'food-didnt-last',
          "4. Within the past 12 months, the food you bought just didn't last and you didn't have money to get more.",
          ValueSetUrls.foodFrequency,
          { extension: [control('radio-button')] }
        ),
      ]),
      group('transportation', 'Transportation', [
        radio(
          'transportation-lack',
          '5. In the past 12 months, has lack of reliable transportation kept you from medical appointments, meetings, work or from getting things needed for daily living?',
          ['Yes*', 'No']
        ),
      ]),
      group('utilities', 'Utilities', [
        radio(
          'utilities-shutoff',
          '6. In the past 12 months has the electric, gas, oil, or water company threatened to shut off services in your home?',
          ['Yes*', 'No', 'Already shut off*']
        ),
      ]),
      group('safety', 'Safety', [
        harm(7, 'safety-hurt', 'physically hurt you'),
        harm(8, 'safety-insult', 'insult or talk down to you'),
        harm(9, 'safety-threaten', 'threaten you with harm'),
        harm(10, 'safety-scream', 'scream or curse at you'),
        help(
          'safety-score',
          'Safety score: add the answers to questions 7 to 10 (Never = 1, Rarely = 2, Sometimes = 3, Fairly often = 4, Frequently = 5). A score of 11 or more means the person might not be safe.'
        ),
      ]),
      group('financial-strain', 'Financial Strain', [
        radio(
          'financial-strain-basics',
          '11. How hard is it for you to pay for the very basics like food, housing, medical care, and heating? Would you say it is:',
          ['Very hard*', 'Somewhat hard*', 'Not hard at all']
        ),
      ]),
      group('employment', 'Employment', [
        radio('employment-help', '12. Do you want help finding or keeping work or a job?', [
          'Yes, help finding work*',
          'Yes, help keeping work*',
          'I do not need or want help',
        ]),
      ]),
      group('family-community-support', 'Family and Community Support', [
        radio(
          'daily-activities-help',
          '13. If for any reason you need help with day-to-day activities such as bathing, preparing meals, shopping, managing finances, etc., do you get the help you need?',
          [
            "I don't need any help",
            'I get all the help I need',
            'I could use a little more help*',
            'I need a lot more help*',
          ]
        ),
        radio('loneliness', '14. How often do you feel lonely or isolated from those around you?', [
          'Never',
          'Rarely',
          'Sometimes*',
          'Often*',
          'Always*',
        ]),
      ]),
      group('education', 'Education', [
        radio('other-language', '15. Do you speak a language other than English at home?', ['Yes*', 'No']),
        radio(
          'school-help',
          '16. Do you want help with school or training? For example, starting or completing job training or getting a high school diploma, GED or equivalent.',
          ['Yes*', 'No']
        ),
      ]),
      group('physical-activity', 'Physical Activity', [
        choiceVs(
          'activity-days',
          '17. In the last 30 days, other than the activities you did for work, on average, how many days per week did you engage in moderate exercise (like walking fast, running, jogging, dancing, swimming, biking, or other similar activities)?',
          ValueSetUrls.activityDays,
          { extension: [control('drop-down')] }
        ),
        choiceVs(
          'activity-minutes',
          '18. On average, how many minutes did you usually spend exercising at this level on one of those days?',
          ValueSetUrls.activityMinutes,
          { extension: [control('drop-down')] }
        ),
        help(
          'activity-score',
          'Multiply the answers to questions 17 and 18: fewer than 150 minutes of moderate exercise a week may signal a need.'
        ),
      ]),
      group('substance-use', 'Substance Use', [
        help(
          'substance-help',
          'The next questions relate to your experience with alcohol, cigarettes, and other drugs. Some of the substances are prescribed by a doctor (like pain medications), but only count those if you have taken them for reasons or in doses other than prescribed. One question is about illicit or illegal drug use, but we only ask in order to identify community services that may be available to help you.'
        ),
        substance(
          19,
          'alcohol',
          'had 5 or more drinks (men) or 4 or more drinks (women) in one day. One drink is 12 ounces of beer, 5 ounces of wine, or 1.5 ounces of 80-proof spirits'
        ),
        substance(20, 'tobacco', 'used tobacco products (like cigarettes, cigars, snuff, chew, electronic cigarettes)'),
        substance(21, 'prescription-drugs', 'used prescription drugs for non-medical reasons'),
        substance(22, 'illegal-drugs', 'used illegal drugs'),
      ]),
      group('mental-health', 'Mental Health', [
        phq(23, 'little-interest', 'little interest or pleasure in doing things'),
        phq(24, 'feeling-down', 'feeling down, depressed, or hopeless'),
        help(
          'mental-health-score',
          'Mental health score: add the answers to questions 23 and 24 (Not at all = 0, Several days = 1, More than half the days = 2, Nearly every day = 3). A score of 3 or more means a possible need.'
        ),
        choiceVs(
          'stress',
          '25. Stress means a situation in which a person feels tense, restless, nervous, or anxious, or is unable to sleep at night because his or her mind is troubled all the time. Do you feel this kind of stress these days?',
          ValueSetUrls.stress,
          { extension: [control('radio-button')] }
        ),
      ]),
      group('disabilities', 'Disabilities', [
        radio(
          'difficulty-concentrating',
          '26. Because of a physical, mental, or emotional condition, do you have serious difficulty concentrating, remembering, or making decisions? (5 years old or older)',
          ['Yes*', 'No']
        ),
        radio(
          'difficulty-errands',
          "27. Because of a physical, mental, or emotional condition, do you have difficulty doing errands alone such as visiting a doctor's office or shopping? (15 years old or older)",
          ['Yes*', 'No']
        ),
      ]),
    ],
  };
}

const relationshipNot = (code: string, display: string) => ({
  question: 'relationship-to-subscriber',
  operator: '!=' as const,
  answerCoding: { system: SUBSCRIBER_RELATIONSHIP_SYSTEM, code, display } as Coding,
});

/** The gender choices of the intake form: the empty (unanswered) state of the drop-down, then these four. */
export const GENDER_CHOICES: Coding[] = [
  { system: 'http://hl7.org/fhir/administrative-gender', code: 'female', display: 'Female' },
  { system: 'http://hl7.org/fhir/administrative-gender', code: 'male', display: 'Male' },
  { system: 'http://hl7.org/fhir/administrative-gender', code: 'other', display: 'Other' },
  { system: 'http://hl7.org/fhir/administrative-gender', code: 'unknown', display: 'Unknown' },
];

const genderItem = (linkId: string) =>
  item(linkId, 'Gender', 'choice', {
    extension: [control('drop-down')],
    answerOption: GENDER_CHOICES.map((valueCoding) => ({ valueCoding })),
  });

/** The patient intake form (stored, status active); in English, Spanish and Arabic. */
export function intakeQuestionnaire(): Questionnaire {
  return translated(intakeInEnglish());
}

function intakeInEnglish(): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    id: DemoIds.intakeQuestionnaire,
    url: QuestionnaireUrls.intake,
    name: 'PatientIntakeQuestionnaire',
    title: 'Patient Intake Questionnaire',
    status: 'active',
    subjectType: ['Patient'],
    description: 'Tell us about yourself before your first visit. The gender drop-down starts empty (no answer).',
    item: [
      group('patient-demographics', 'Demographics', [
        item('first-name', 'First Name', 'string', { required: true }),
        item('middle-name', 'Middle Name', 'string'),
        item('last-name', 'Last Name', 'string', { required: true }),
        item('dob', 'Date of Birth', 'date'),
        genderItem('gender'),
        item('street', 'Street', 'string'),
        item('city', 'City', 'string'),
        item('state', 'State', 'string'),
        item('zip', 'Zip', 'string'),
        item('phone', 'Phone', 'string'),
        item('ssn', 'Social Security Number', 'string', { required: true }),
        choiceVs('race', 'Race', ValueSetUrls.race),
        choiceVs('ethnicity', 'Ethnicity', ValueSetUrls.ethnicity),
      ]),
      group(
        'emergency-contact',
        'Emergency Contact',
        [
          item('emergency-contact-first-name', 'First Name', 'string'),
          item('emergency-contact-last-name', 'Last Name', 'string'),
          item('emergency-contact-phone', 'Phone', 'string'),
        ],
        { repeats: true }
      ),
      group(
        'allergies',
        'Allergies',
        [
          item('allergy-substance', 'Substance', 'string'),
          item('allergy-reaction', 'Reaction', 'string'),
          item('allergy-onset', 'Onset', 'dateTime'),
        ],
        { repeats: true }
      ),
      group(
        'medications',
        'Current medications',
        [item('medication-name', 'Medication Name', 'string'), item('medication-note', 'Note', 'string')],
        { repeats: true }
      ),
      group(
        'medical-history',
        'Medical History',
        [
          item('medical-history-problem', 'Problem', 'string'),
          choiceVs('medical-history-clinical-status', 'Status', ValueSetUrls.conditionClinical),
          item('medical-history-onset', 'Onset', 'dateTime'),
        ],
        { repeats: true }
      ),
      group(
        'family-member-history',
        'Family Member History',
        [
          item('family-member-history-problem', 'Problem', 'string'),
          choiceVs('family-member-history-relationship', 'Relationship', ValueSetUrls.familyMember),
          item('family-member-history-deceased', 'Deceased', 'boolean'),
        ],
        { repeats: true }
      ),
      group(
        'vaccination-history',
        'Vaccination History',
        [
          item('immunization-vaccine', 'Vaccine', 'string'),
          item('immunization-date', 'Administration Date', 'dateTime'),
        ],
        { repeats: true }
      ),
      group('preferred-pharmacy', 'Preferred Pharmacy', [
        item('preferred-pharmacy-reference', 'Pharmacy', 'reference', {
          extension: [
            {
              url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceResource',
              valueCode: 'Organization',
            },
          ],
        }),
      ]),
      group(
        'coverage-information',
        'Coverage Information',
        [
          item('insurance-provider', 'Insurance Provider', 'reference', {
            required: true,
            extension: [
              {
                url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceResource',
                valueCode: 'Organization',
              },
            ],
          }),
          item('subscriber-id', 'Subscriber ID', 'string', { required: true }),
          choiceVs('relationship-to-subscriber', 'Relationship to Subscriber', ValueSetUrls.subscriberRelationship, {
            required: true,
          }),
          group(
            'related-person',
            'Subscriber Information',
            [
              item('related-person-first-name', 'First Name', 'string'),
              item('related-person-last-name', 'Last Name', 'string'),
              item('related-person-dob', 'Date of Birth', 'date'),
              genderItem('related-person-gender'),
            ],
            {
              // Shown only when the relationship is not other, self or injured.
              enableBehavior: 'all',
              enableWhen: [
                relationshipNot('other', 'Other'),
                relationshipNot('self', 'Self'),
                relationshipNot('injured', 'Injured Party'),
              ],
            }
          ),
        ],
        { repeats: true }
      ),
      group('social-determinants-of-health', 'Social Determinants of Health', [
        choiceVs('housing-status', 'Housing Status', ValueSetUrls.housingStatus),
        choiceVs('education-level', 'Education Level', ValueSetUrls.educationLevel),
        choiceVs('smoking-status', 'Smoking Status', ValueSetUrls.smokingStatus),
        item('veteran-status', 'Veteran Status', 'boolean'),
        choiceVs('pregnancy-status', 'Pregnancy Status', ValueSetUrls.pregnancyStatus),
        item('estimated-delivery-date', 'Estimated Delivery Date', 'date', {
          enableWhen: [{ question: 'pregnancy-status', operator: '=', answerCoding: { ...PREGNANT } }],
        }),
      ]),
      choiceVs('languages-spoken', 'Languages Spoken', ValueSetUrls.languages, { repeats: true }),
      choiceVs('preferred-language', 'Preferred Language', ValueSetUrls.languages),
      group('consent-for-treatment', 'Consent for Treatment', [
        item(
          'consent-for-treatment-signature',
          'I, the undersigned patient (or authorized representative), consent to examination and treatment.',
          'boolean'
        ),
        item('consent-for-treatment-date', 'Date', 'date'),
      ]),
      group('notice-of-privacy-practices', 'Notice of Privacy Practices', [
        item(
          'notice-of-privacy-practices-help',
          'The Notice of Privacy Practices describes how your medical information may be used and disclosed and how you can get access to it.',
          'display'
        ),
        item(
          'notice-of-privacy-practices-signature',
          'I acknowledge that I have received a copy of the Notice of Privacy Practices.',
          'boolean'
        ),
        item('notice-of-privacy-practices-date', 'Date', 'date'),
      ]),
    ],
  };
}

/** The three stored questionnaires. */
export function buildQuestionnaires(): Questionnaire[] {
  return [generalQuestionnaire(), screeningQuestionnaire(), intakeQuestionnaire()];
}
