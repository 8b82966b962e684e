/** Seed: the ValueSets the stored questionnaires use, stored with their concepts so $expand works offline. */
import type { ValueSet } from '../../../src/fhir/types';
import { seedId } from './seed-id';

/** Our own code systems and value sets live under this base. */
export const KIT_BASE = 'http://example.com/fhir-portal-kit';
const CS = (name: string) => `${KIT_BASE}/CodeSystem/${name}`;
const VS = (name: string) => `${KIT_BASE}/ValueSet/${name}`;

/** A concept: its code and English display, with its Spanish and Arabic displays (designations, which $expand's displayLanguage picks). */
type Concept = [code: string, display: string, es?: string, ar?: string];

/** A compose concept with its Spanish and Arabic designations. */
function conceptOf([code, display, es, ar]: Concept) {
  const designation = [...(es ? [{ language: 'es', value: es }] : []), ...(ar ? [{ language: 'ar', value: ar }] : [])];
  return { code, display, ...(designation.length ? { designation } : {}) };
}

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
        concept: inc.concepts.map(conceptOf),
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

// Days per week (0 to 7): Spanish and Arabic count them in their own forms.
const ACTIVITY_DAYS_ES = ['0 días', '1 día', '2 días', '3 días', '4 días', '5 días', '6 días', '7 días'];
const ACTIVITY_DAYS_AR = ['0 يوم', 'يوم واحد', 'يومان', '3 أيام', '4 أيام', '5 أيام', '6 أيام', '7 أيام'];

/** Every stored value set. */
export function buildValueSets(): ValueSet[] {
  return [
    one(ValueSetUrls.harmFrequency, 'AhcHarmFrequency', 'How often (safety, scored 1 to 5)', CS('ahc-frequency'), [
      ['never', 'Never', 'Nunca', 'أبدًا'],
      ['rarely', 'Rarely', 'Rara vez', 'نادرًا'],
      ['sometimes', 'Sometimes', 'A veces', 'أحيانًا'],
      ['fairly-often', 'Fairly often', 'Bastante a menudo', 'كثيرًا إلى حد ما'],
      ['frequently', 'Frequently', 'Con frecuencia', 'بشكل متكرر'],
    ]),
    one(
      ValueSetUrls.substanceFrequency,
      'AhcSubstanceFrequency',
      'How many times in the past 12 months',
      CS('ahc-substance-frequency'),
      [
        ['never', 'Never', 'Nunca', 'أبدًا'],
        ['once-or-twice', 'Once or twice*', 'Una o dos veces*', 'مرة أو مرتين*'],
        ['monthly', 'Monthly*', 'Mensualmente*', 'شهريًا*'],
        ['weekly', 'Weekly*', 'Semanalmente*', 'أسبوعيًا*'],
        ['daily', 'Daily or almost daily*', 'A diario o casi a diario*', 'يوميًا أو شبه يومي*'],
      ]
    ),
    one(ValueSetUrls.foodFrequency, 'AhcFoodFrequency', 'Food insecurity frequency', CS('ahc-food-frequency'), [
      ['often-true', 'Often true*', 'Cierto con frecuencia*', 'صحيح غالبًا*'],
      ['sometimes-true', 'Sometimes true*', 'Cierto a veces*', 'صحيح أحيانًا*'],
      ['never-true', 'Never true', 'Nunca cierto', 'لم يكن صحيحًا أبدًا'],
    ]),
    one(
      ValueSetUrls.phq2Frequency,
      'AhcPhq2Frequency',
      'Over the past 2 weeks (scored 0 to 3)',
      CS('ahc-phq2-frequency'),
      [
        ['not-at-all', 'Not at all', 'Nunca', 'إطلاقًا'],
        ['several-days', 'Several days', 'Varios días', 'عدة أيام'],
        ['more-than-half', 'More than half the days', 'Más de la mitad de los días', 'أكثر من نصف الأيام'],
        ['nearly-every-day', 'Nearly every day', 'Casi todos los días', 'كل يوم تقريبًا'],
      ]
    ),
    one(
      ValueSetUrls.activityDays,
      'PhysicalActivityDays',
      'Days per week',
      CS('physical-activity-days'),
      Array.from({ length: 8 }, (_, i): Concept => [
        String(i),
        `${i} ${i === 1 ? 'day' : 'days'}`,
        ACTIVITY_DAYS_ES[i],
        ACTIVITY_DAYS_AR[i],
      ])
    ),
    one(ValueSetUrls.activityMinutes, 'PhysicalActivityMinutes', 'Minutes per day', CS('physical-activity-minutes'), [
      ...[0, 10, 20, 30, 40, 50, 60, 90, 120].map((m): Concept => [
        String(m),
        `${m} minutes`,
        `${m} minutos`,
        // Arabic counts 3 to 10 with the plural, other numbers with the singular.
        `${m} ${m === 10 ? 'دقائق' : 'دقيقة'}`,
      ]),
      ['150', '150 or greater', '150 o más', '150 دقيقة أو أكثر'],
    ]),
    one(ValueSetUrls.stress, 'AhcStress', 'Stress level', CS('ahc-stress'), [
      ['not-at-all', 'Not at all', 'Nada', 'إطلاقًا'],
      ['a-little-bit', 'A little bit', 'Un poco', 'قليلًا'],
      ['somewhat', 'Somewhat', 'Algo', 'إلى حد ما'],
      ['quite-a-bit', 'Quite a bit*', 'Bastante*', 'كثيرًا*'],
      ['very-much', 'Very much*', 'Mucho*', 'كثيرًا جدًا*'],
    ]),
    one(
      ValueSetUrls.subscriberRelationship,
      'SubscriberRelationshipCodes',
      'Subscriber Relationship Codes',
      SUBSCRIBER_RELATIONSHIP_SYSTEM,
      [
        ['child', 'Child', 'Hijo/a', 'ابن/ابنة'],
        ['parent', 'Parent', 'Padre/madre', 'أب/أم'],
        ['spouse', 'Spouse', 'Cónyuge', 'زوج/زوجة'],
        ['common', 'Common Law Spouse', 'Pareja de hecho', 'شريك بحكم القانون العرفي'],
        ['other', 'Other', 'Otro', 'أخرى'],
        ['self', 'Self', 'Uno mismo', 'الشخص نفسه'],
        ['injured', 'Injured Party', 'Parte lesionada', 'الطرف المتضرر'],
      ]
    ),
    valueSet(ValueSetUrls.pregnancyStatus, 'PregnancyStatus', 'Pregnancy status', [
      {
        system: 'http://snomed.info/sct',
        concepts: [
          [PREGNANT.code, PREGNANT.display, 'Embarazada', 'حامل'],
          ['60001007', 'Not pregnant', 'No embarazada', 'غير حامل'],
        ],
      },
      {
        system: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor',
        concepts: [['UNK', 'Unknown', 'Desconocido', 'غير معروف']],
      },
    ]),
    one(ValueSetUrls.race, 'OmbRaceCategories', 'OMB Race Categories', 'urn:oid:2.16.840.1.113883.6.238', [
      [
        '1002-5',
        'American Indian or Alaska Native',
        'Indígena americano o nativo de Alaska',
        'هندي أمريكي أو من سكان ألاسكا الأصليين',
      ],
      ['2028-9', 'Asian', 'Asiático', 'آسيوي'],
      ['2054-5', 'Black or African American', 'Negro o afroamericano', 'أسود أو أمريكي من أصل أفريقي'],
      [
        '2076-8',
        'Native Hawaiian or Other Pacific Islander',
        'Nativo de Hawái u otras islas del Pacífico',
        'من سكان هاواي الأصليين أو جزر المحيط الهادئ الأخرى',
      ],
      ['2106-3', 'White', 'Blanco', 'أبيض'],
    ]),
    one(
      ValueSetUrls.ethnicity,
      'OmbEthnicityCategories',
      'OMB Ethnicity Categories',
      'urn:oid:2.16.840.1.113883.6.238',
      [
        ['2135-2', 'Hispanic or Latino', 'Hispano o latino', 'من أصل إسباني أو لاتيني'],
        ['2186-5', 'Not Hispanic or Latino', 'No hispano ni latino', 'ليس من أصل إسباني أو لاتيني'],
      ]
    ),
    one(
      ValueSetUrls.conditionClinical,
      'ConditionClinicalStatusCodes',
      'Condition Clinical Status Codes',
      'http://terminology.hl7.org/CodeSystem/condition-clinical',
      [
        ['active', 'Active', 'Activo', 'نشطة'],
        ['recurrence', 'Recurrence', 'Recurrencia', 'معاودة'],
        ['relapse', 'Relapse', 'Recaída', 'انتكاس'],
        ['inactive', 'Inactive', 'Inactivo', 'غير نشطة'],
        ['remission', 'Remission', 'Remisión', 'هدأة'],
        ['resolved', 'Resolved', 'Resuelto', 'زالت'],
      ]
    ),
    one(
      ValueSetUrls.familyMember,
      'FamilyMember',
      'Family member',
      'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
      [
        ['MTH', 'mother', 'madre', 'الأم'],
        ['FTH', 'father', 'padre', 'الأب'],
        ['SIS', 'sister', 'hermana', 'الأخت'],
        ['BRO', 'brother', 'hermano', 'الأخ'],
        ['DAU', 'natural daughter', 'hija biológica', 'الابنة البيولوجية'],
        ['SON', 'natural son', 'hijo biológico', 'الابن البيولوجي'],
        ['GRMTH', 'grandmother', 'abuela', 'الجدة'],
        ['GRFTH', 'grandfather', 'abuelo', 'الجد'],
      ]
    ),
    one(ValueSetUrls.housingStatus, 'HousingStatus', 'Housing status', CS('housing-status'), [
      ['own', 'Own home', 'Vivienda propia', 'منزل مملوك'],
      ['rent', 'Rent', 'Alquiler', 'إيجار'],
      ['family', 'Living with family or friends', 'Vive con familiares o amigos', 'أسكن مع العائلة أو الأصدقاء'],
      ['temporary', 'Temporary housing or shelter', 'Vivienda temporal o albergue', 'سكن مؤقت أو مأوى'],
      ['homeless', 'Homeless', 'Sin hogar', 'بلا مأوى'],
    ]),
    one(
      ValueSetUrls.educationLevel,
      'EducationLevel',
      'Education Level',
      'http://terminology.hl7.org/CodeSystem/v3-EducationLevel',
      [
        ['ELEM', 'Elementary School', 'Escuela primaria', 'المرحلة الابتدائية'],
        ['SEC', 'Some secondary or high school education', 'Estudios secundarios incompletos', 'تعليم ثانوي غير مكتمل'],
        [
          'HS',
          'High School or secondary school degree complete',
          'Estudios secundarios completos',
          'شهادة الثانوية العامة',
        ],
        ['SCOL', 'Some College education', 'Estudios universitarios incompletos', 'تعليم جامعي غير مكتمل'],
        [
          'ASSOC',
          "Associate's or technical degree complete",
          'Título técnico o de grado asociado',
          'دبلوم مشارك أو تقني',
        ],
        ['BD', 'College or baccalaureate degree complete', 'Licenciatura completa', 'درجة البكالوريوس'],
        ['PB', 'Some post-baccalaureate education', 'Estudios de posgrado incompletos', 'دراسات عليا غير مكتملة'],
        [
          'GD',
          'Graduate or professional Degree complete',
          'Título de posgrado o profesional',
          'درجة الدراسات العليا أو درجة مهنية',
        ],
      ]
    ),
    one(ValueSetUrls.smokingStatus, 'SmokingStatus', 'Smoking status', 'http://snomed.info/sct', [
      ['449868002', 'Current every day smoker', 'Fuma todos los días', 'مدخن يوميًا حاليًا'],
      ['428041000124106', 'Current some day smoker', 'Fuma algunos días', 'مدخن في بعض الأيام حاليًا'],
      ['8517006', 'Former smoker', 'Exfumador', 'مدخن سابق'],
      ['266919005', 'Never smoker', 'Nunca ha fumado', 'لم يدخن قط'],
      ['266927001', 'Unknown if ever smoked', 'Se desconoce si ha fumado', 'غير معروف إن كان قد دخن'],
    ]),
    one(ValueSetUrls.languages, 'Languages', 'Common languages', 'urn:ietf:bcp:47', [
      ['en', 'English', 'Inglés', 'الإنجليزية'],
      ['es', 'Spanish', 'Español', 'الإسبانية'],
      ['zh', 'Chinese', 'Chino', 'الصينية'],
      ['vi', 'Vietnamese', 'Vietnamita', 'الفيتنامية'],
      ['tl', 'Tagalog', 'Tagalo', 'التاغالوغية'],
      ['ar', 'Arabic', 'Árabe', 'العربية'],
      ['fr', 'French', 'Francés', 'الفرنسية'],
      ['de', 'German', 'Alemán', 'الألمانية'],
      ['ko', 'Korean', 'Coreano', 'الكورية'],
      ['ru', 'Russian', 'Ruso', 'الروسية'],
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
