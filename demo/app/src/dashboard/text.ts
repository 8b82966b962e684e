// The dashboard's task cards in every portal language (portal.md section 2 gives the English).
import { defineText } from '../i18n/useText';

/** The texts of the dashboard's task cards. */
export const dashboardText = defineText({
  en: {
    tasks: {
      screening: {
        title: 'AHC HRSN Screening',
        text: 'Tell us about your living situation, food and transport so we can connect you with support.',
        action: 'Start screening',
      },
      intake: {
        title: 'Patient Intake Questionnaire',
        text: 'Share your history, medications and insurance before your first visit.',
        action: 'Fill in the form',
      },
      provider: {
        title: 'Choose a primary care provider',
        text: 'Pick the clinician who will know you best.',
        action: 'Choose a provider',
      },
      contact: {
        title: 'Add an emergency contact',
        text: 'Let us know who to call if something happens.',
        action: 'Add a contact',
      },
    },
    /** Before the date a task was done on. */
    doneOn: 'Done on',
  },
  es: {
    tasks: {
      screening: {
        title: 'Evaluación AHC HRSN',
        text: 'Cuéntenos sobre su vivienda, alimentación y transporte para que podamos ponerle en contacto con apoyo.',
        action: 'Comenzar la evaluación',
      },
      intake: {
        title: 'Cuestionario de admisión del paciente',
        text: 'Comparta sus antecedentes, medicamentos y seguro antes de su primera visita.',
        action: 'Completar el formulario',
      },
      provider: {
        title: 'Elija un proveedor de atención primaria',
        text: 'Escoja al profesional clínico que mejor le conocerá.',
        action: 'Elegir un proveedor',
      },
      contact: {
        title: 'Agregue un contacto de emergencia',
        text: 'Indíquenos a quién llamar si ocurre algo.',
        action: 'Agregar un contacto',
      },
    },
    doneOn: 'Completado el',
  },
  ar: {
    tasks: {
      screening: {
        title: 'فحص الاحتياجات الاجتماعية AHC HRSN',
        text: 'أخبرنا عن وضعك السكني وطعامك ووسائل تنقلك لنتمكن من توصيلك بالدعم المناسب.',
        action: 'ابدأ الفحص',
      },
      intake: {
        title: 'استبيان تسجيل المريض',
        text: 'شارك تاريخك الصحي وأدويتك وتأمينك قبل زيارتك الأولى.',
        action: 'املأ النموذج',
      },
      provider: {
        title: 'اختر مقدّم الرعاية الأولية',
        text: 'اختر الطبيب الذي سيعرفك أكثر من غيره.',
        action: 'اختر مقدّم رعاية',
      },
      contact: {
        title: 'أضف جهة اتصال للطوارئ',
        text: 'أخبرنا بمن نتصل إذا حدث أمر ما.',
        action: 'أضف جهة اتصال',
      },
    },
    doneOn: 'أُنجز في',
  },
});
