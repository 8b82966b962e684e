// The Get Care page in every portal language (portal.md gives the English), with the three
// questions asked before booking.
import { defineText } from '../i18n/useText';

/** The texts of get-care and its visit questions. */
export const getCareText = defineText({
  en: {
    title: 'Get Care',
    intro: 'Book a one-hour visit with your care team.',
    back: 'Back to your dashboard',
    visit: {
      title: 'About your visit',
      reason: 'What is the main reason for your visit?',
      duration: 'How long have you had these symptoms?',
      newPatient: 'Is this your first visit with us?',
    },
  },
  es: {
    title: 'Recibir atención',
    intro: 'Programe una visita de una hora con su equipo de atención.',
    back: 'Volver a su panel',
    visit: {
      title: 'Sobre su visita',
      reason: '¿Cuál es el motivo principal de su visita?',
      duration: '¿Desde cuándo tiene estos síntomas?',
      newPatient: '¿Es esta su primera visita con nosotros?',
    },
  },
  ar: {
    title: 'احصل على الرعاية',
    intro: 'احجز زيارة مدتها ساعة واحدة مع فريق رعايتك.',
    back: 'العودة إلى لوحة المعلومات',
    visit: {
      title: 'عن زيارتك',
      reason: 'ما السبب الرئيسي لزيارتك؟',
      duration: 'منذ متى تعاني من هذه الأعراض؟',
      newPatient: 'هل هذه زيارتك الأولى لنا؟',
    },
  },
});
