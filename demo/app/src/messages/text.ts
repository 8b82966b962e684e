// The patient's messages pages in every portal language (portal.md gives the English).
import { defineText } from '../i18n/useText';

/** The texts of messages/ and messages/{practitionerId}. */
export const messagesText = defineText({
  en: {
    title: 'Messages',
    choose: 'Choose a member of your care team to message.',
    loading: 'Loading…',
    noPractitioners: 'No practitioners found.',
    name: 'Name',
    backToMessages: 'Back to messages',
    careTeam: 'Your care team',
    profileNotFound: 'Error: Provider profile not found',
    notAllowed: 'Messaging is not available to you.',
  },
  es: {
    title: 'Mensajes',
    choose: 'Elija a un miembro de su equipo de atención para enviarle un mensaje.',
    loading: 'Cargando…',
    noPractitioners: 'No se encontraron profesionales.',
    name: 'Nombre',
    backToMessages: 'Volver a los mensajes',
    careTeam: 'Su equipo de atención',
    profileNotFound: 'Error: no se encontró el perfil del proveedor',
    notAllowed: 'La mensajería no está disponible para usted.',
  },
  ar: {
    title: 'الرسائل',
    choose: 'اختر أحد أعضاء فريق رعايتك لمراسلته.',
    loading: 'جارٍ التحميل…',
    noPractitioners: 'لم يُعثر على أي مقدّمي رعاية.',
    name: 'الاسم',
    backToMessages: 'العودة إلى الرسائل',
    careTeam: 'فريق رعايتك',
    profileNotFound: 'خطأ: لم يُعثر على ملف مقدّم الرعاية',
    notAllowed: 'المراسلة غير متاحة لك.',
  },
});
