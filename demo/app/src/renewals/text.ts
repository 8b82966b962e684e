// What the patient reads about a prescription renewal request, in every portal language
// (portal.md and issue 20 give the English). The Task's own texts stay as stored.
import { defineText } from '../i18n/useText';

/** The texts of a renewal request's status line. */
export const renewalText = defineText({
  en: {
    requested: 'Renewal requested',
    approved: 'Renewal approved',
    declined: 'Renewal declined',
    declinedBecause: (reason: string) => `Renewal declined: ${reason}`,
    seeRenewed: 'See the renewed prescription',
  },
  es: {
    requested: 'Renovación solicitada',
    approved: 'Renovación aprobada',
    declined: 'Renovación rechazada',
    declinedBecause: (reason: string) => `Renovación rechazada: ${reason}`,
    seeRenewed: 'Ver la receta renovada',
  },
  ar: {
    requested: 'طُلب التجديد',
    approved: 'تمت الموافقة على التجديد',
    declined: 'رُفض التجديد',
    declinedBecause: (reason: string) => `رُفض التجديد: ${reason}`,
    seeRenewed: 'اطّلع على الوصفة المجدَّدة',
  },
});

/** The status texts of one language. */
export type RenewalText = (typeof renewalText)['en'];
