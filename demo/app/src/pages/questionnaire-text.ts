// The questionnaire pages' own texts in every portal language (portal.md gives the English); the
// questionnaires themselves carry their translations (FHIR's translation extension).
import { defineText } from '../i18n/useText';

/** The texts of the screening, intake and Questionnaire/{id} pages around their forms. */
export const questionnaireText = defineText({
  en: {
    loading: 'Loading…',
    loadingQuestionnaire: 'Loading questionnaire...',
    cannotShow: 'This questionnaire cannot be shown',
    notAvailable: 'This questionnaire is not available.',
    thankYou: 'Thank you',
    intakeThanks: 'Thank you for filling in your intake form. We will review it before your first visit.',
    screeningThanks:
      'Thank you for completing the screening. Your care team will reach out if we can connect you with support.',
    recordedTitle: 'Success',
    recorded: 'Answers recorded',
  },
  es: {
    loading: 'Cargando…',
    loadingQuestionnaire: 'Cargando el cuestionario...',
    cannotShow: 'No se puede mostrar este cuestionario',
    notAvailable: 'Este cuestionario no está disponible.',
    thankYou: 'Gracias',
    intakeThanks: 'Gracias por completar su formulario de admisión. Lo revisaremos antes de su primera visita.',
    screeningThanks:
      'Gracias por completar la evaluación. Su equipo de atención se comunicará con usted si podemos ponerle en contacto con apoyo.',
    recordedTitle: 'Listo',
    recorded: 'Se registraron sus respuestas',
  },
  ar: {
    loading: 'جارٍ التحميل…',
    loadingQuestionnaire: 'جارٍ تحميل الاستبيان...',
    cannotShow: 'لا يمكن عرض هذا الاستبيان',
    notAvailable: 'هذا الاستبيان غير متاح.',
    thankYou: 'شكرًا لك',
    intakeThanks: 'شكرًا لك على ملء نموذج التسجيل. سنراجعه قبل زيارتك الأولى.',
    screeningThanks: 'شكرًا لك على إكمال الفحص. سيتواصل معك فريق رعايتك إذا كان بإمكاننا توصيلك بالدعم المناسب.',
    recordedTitle: 'تم بنجاح',
    recorded: 'سُجّلت إجاباتك',
  },
});
