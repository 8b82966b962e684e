// The vitals pages in every portal language: the six vitals' names and descriptions (the
// catalogue's English, src/fhir/vitals.ts), the table, the chart's title, Add Measurement,
// Remove reading and the checks of a typed value.
import type { VitalSign } from 'fhir-portal-kit';
import { defineText } from '../i18n/useText';

type VitalNames = Record<VitalSign['id'], { readonly title: string; readonly description: string }>;

/** The texts of the vitals pages. */
export const vitalsText = defineText({
  en: {
    vitals: {
      'blood-pressure': {
        title: 'Blood Pressure',
        description:
          'Blood pressure is the force of blood pushing against the walls of your arteries. The top number (systolic) is the pressure when your heart beats; the bottom number (diastolic) is the pressure between beats.',
      },
      'body-temperature': {
        title: 'Body Temperature',
        description:
          'Body temperature shows how warm your body is. A normal temperature is around 37 °C; a fever is usually 38 °C or higher.',
      },
      height: {
        title: 'Height',
        description:
          'Your height, measured standing without shoes. Together with your weight it gives your body mass index.',
      },
      'respiratory-rate': {
        title: 'Respiratory Rate',
        description:
          'Respiratory rate is the number of breaths you take in a minute at rest; most adults take 12 to 20.',
      },
      'heart-rate': {
        title: 'Heart Rate',
        description:
          'Heart rate, or pulse, is the number of times your heart beats in a minute. A resting heart rate for adults is usually between 60 and 100.',
      },
      weight: {
        title: 'Weight',
        description:
          'Your body weight. Weighing yourself at the same time of day, on the same scale, makes changes easier to see.',
      },
    } satisfies VitalNames as VitalNames,
    systolic: 'Systolic',
    diastolic: 'Diastolic',
    title: 'Vitals',
    measurement: 'Measurement',
    latestValue: 'Latest value',
    date: 'Date',
    loading: 'Loading…',
    noValue: 'No value',
    overTime: (vital: string) => `${vital} over time`,
    whatTitle: 'What is this measurement?',
    measurements: (vital: string) => `${vital} measurements`,
    yourValue: 'Your Value',
    actions: 'Actions',
    unknownDate: 'Unknown date',
    unknownDateInText: 'unknown date',
    noMeasurements: 'No measurements yet',
    latest: 'Latest',
    range: 'Range',
    seriesLatest: (series: string) => `${series} latest`,
    seriesRange: (series: string) => `${series} range`,
    error: 'Error',
    add: {
      title: 'Add Measurement',
      description: (vital: string, unit: string) => `${vital} in ${unit}`,
      save: 'Save',
    },
    remove: {
      title: 'Remove reading',
      description: (when: string) =>
        `The reading of ${when} leaves your chart and table. It stays in your record's history, marked as entered in error.`,
      open: 'Remove',
      openLabel: (when: string) => `Remove reading of ${when}`,
      confirm: 'Remove reading',
      cancel: 'Cancel',
    },
    check: {
      notANumber: 'Enter a number, such as 72 or 36.6',
      negative: 'Enter a positive number: a measurement cannot be negative',
      outOfRange: (series: string, min: string, max: string, unit: string) =>
        `${series} must be between ${min} and ${max} ${unit}`,
    },
  },
  es: {
    vitals: {
      'blood-pressure': {
        title: 'Presión arterial',
        description:
          'La presión arterial es la fuerza con la que la sangre empuja contra las paredes de las arterias. El número superior (sistólica) es la presión cuando el corazón late; el inferior (diastólica), la presión entre latidos.',
      },
      'body-temperature': {
        title: 'Temperatura corporal',
        description:
          'La temperatura corporal indica qué tan caliente está su cuerpo. Una temperatura normal ronda los 37 °C; la fiebre suele ser de 38 °C o más.',
      },
      height: {
        title: 'Estatura',
        description: 'Su estatura, medida de pie y sin zapatos. Junto con su peso da su índice de masa corporal.',
      },
      'respiratory-rate': {
        title: 'Frecuencia respiratoria',
        description:
          'La frecuencia respiratoria es el número de respiraciones por minuto en reposo; la mayoría de los adultos respira de 12 a 20 veces.',
      },
      'heart-rate': {
        title: 'Frecuencia cardíaca',
        description:
          'La frecuencia cardíaca, o pulso, es el número de veces que late su corazón en un minuto. En reposo, en los adultos suele estar entre 60 y 100.',
      },
      weight: {
        title: 'Peso',
        description:
          'Su peso corporal. Pesarse a la misma hora del día y en la misma báscula permite ver mejor los cambios.',
      },
    },
    systolic: 'Sistólica',
    diastolic: 'Diastólica',
    title: 'Signos vitales',
    measurement: 'Medición',
    latestValue: 'Último valor',
    date: 'Fecha',
    loading: 'Cargando…',
    noValue: 'Sin valor',
    overTime: (vital: string) => `${vital} a lo largo del tiempo`,
    whatTitle: '¿Qué es esta medición?',
    measurements: (vital: string) => `Mediciones de ${vital}`,
    yourValue: 'Su valor',
    actions: 'Acciones',
    unknownDate: 'Fecha desconocida',
    unknownDateInText: 'fecha desconocida',
    noMeasurements: 'Todavía no hay mediciones',
    latest: 'Último',
    range: 'Rango',
    seriesLatest: (series: string) => `${series}: último`,
    seriesRange: (series: string) => `${series}: rango`,
    error: 'Error',
    add: {
      title: 'Agregar medición',
      description: (vital: string, unit: string) => `${vital} en ${unit}`,
      save: 'Guardar',
    },
    remove: {
      title: 'Eliminar lectura',
      description: (when: string) =>
        `La lectura del ${when} desaparece de su gráfico y su tabla. Se conserva en el historial de su registro, marcada como introducida por error.`,
      open: 'Eliminar',
      openLabel: (when: string) => `Eliminar la lectura del ${when}`,
      confirm: 'Eliminar lectura',
      cancel: 'Cancelar',
    },
    check: {
      notANumber: 'Escriba un número, por ejemplo 72 o 36.6',
      negative: 'Escriba un número positivo: una medición no puede ser negativa',
      outOfRange: (series: string, min: string, max: string, unit: string) =>
        `${series} debe estar entre ${min} y ${max} ${unit}`,
    },
  },
  ar: {
    vitals: {
      'blood-pressure': {
        title: 'ضغط الدم',
        description:
          'ضغط الدم هو قوة دفع الدم على جدران الشرايين. الرقم العلوي (الانقباضي) هو الضغط عند نبض القلب، والرقم السفلي (الانبساطي) هو الضغط بين النبضات.',
      },
      'body-temperature': {
        title: 'درجة حرارة الجسم',
        description: 'تبيّن درجة حرارة الجسم مدى دفء جسمك. الحرارة الطبيعية نحو 37 °C، والحمّى عادةً 38 °C أو أكثر.',
      },
      height: {
        title: 'الطول',
        description: 'طولك مقيسًا وأنت واقف دون حذاء. ويُحسب منه مع وزنك مؤشر كتلة الجسم.',
      },
      'respiratory-rate': {
        title: 'معدل التنفس',
        description: 'معدل التنفس هو عدد الأنفاس في الدقيقة أثناء الراحة، ويتراوح لدى معظم البالغين بين 12 و20.',
      },
      'heart-rate': {
        title: 'معدل ضربات القلب',
        description:
          'معدل ضربات القلب، أو النبض، هو عدد مرات نبض قلبك في الدقيقة. ويتراوح عادةً لدى البالغين في أثناء الراحة بين 60 و100.',
      },
      weight: {
        title: 'الوزن',
        description: 'وزن جسمك. يسهّل وزن نفسك في الوقت نفسه من اليوم وعلى الميزان نفسه ملاحظة التغيّرات.',
      },
    },
    systolic: 'الانقباضي',
    diastolic: 'الانبساطي',
    title: 'العلامات الحيوية',
    measurement: 'القياس',
    latestValue: 'آخر قيمة',
    date: 'التاريخ',
    loading: 'جارٍ التحميل…',
    noValue: 'لا توجد قيمة',
    overTime: (vital: string) => `${vital} على مر الوقت`,
    whatTitle: 'ما هذا القياس؟',
    measurements: (vital: string) => `قياسات ${vital}`,
    yourValue: 'قيمتك',
    actions: 'الإجراءات',
    unknownDate: 'تاريخ غير معروف',
    unknownDateInText: 'تاريخ غير معروف',
    noMeasurements: 'لا توجد قياسات بعد',
    latest: 'الأحدث',
    range: 'المدى',
    seriesLatest: (series: string) => `${series}: الأحدث`,
    seriesRange: (series: string) => `${series}: المدى`,
    error: 'خطأ',
    add: {
      title: 'إضافة قياس',
      description: (vital: string, unit: string) => `${vital} بوحدة ${unit}`,
      save: 'احفظ',
    },
    remove: {
      title: 'حذف القراءة',
      description: (when: string) =>
        `ستُزال قراءة ${when} من الرسم البياني والجدول، وتبقى في سجل تاريخك موسومةً بأنها أُدخلت خطأً.`,
      open: 'احذف',
      openLabel: (when: string) => `احذف قراءة ${when}`,
      confirm: 'احذف القراءة',
      cancel: 'إلغاء',
    },
    check: {
      notANumber: 'أدخل رقمًا، مثل 72 أو 36.6',
      negative: 'أدخل رقمًا موجبًا: لا يمكن أن يكون القياس سالبًا',
      outOfRange: (series: string, min: string, max: string, unit: string) =>
        `يجب أن يكون ${series} بين ${min} و${max} ${unit}`,
    },
  },
});

/** The vitals texts of one language. */
export type VitalsText = (typeof vitalsText)['en'];

/** The series labels the catalogue gives in English, by LOINC code (blood pressure's two). */
const SERIES_KEYS: Readonly<Record<string, 'systolic' | 'diastolic'>> = { '8480-6': 'systolic', '8462-4': 'diastolic' };

/**
 * The vital with its title, description and series labels in the language of `t`: everything
 * downstream (the chart's legend, the form's labels, the checks' messages) then reads it.
 */
export function localizeVital(vital: VitalSign, t: VitalsText): VitalSign {
  const names = t.vitals[vital.id];
  return {
    ...vital,
    title: names.title,
    description: names.description,
    series: vital.series.map((s) => {
      const key = SERIES_KEYS[s.code];
      return { ...s, label: key ? t[key] : names.title };
    }),
  };
}
