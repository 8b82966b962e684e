// Arabic texts (Modern Standard Arabic) of the offline parts (banner, pending writes, conflict dialog, sign-out warning).
import { formatCount, plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

/** 'N changes' in Arabic's six forms: one and two as words, few with the plural, many and other with the singular. */
const changes = (count: number): string =>
  plural('ar', count, {
    zero: 'لا تغييرات',
    one: 'تغيير واحد',
    two: 'تغييران',
    few: `${formatCount('ar', count)} تغييرات`,
    many: `${formatCount('ar', count)} تغييرًا`,
    other: `${formatCount('ar', count)} تغيير`,
  });

/** The offline parts in Arabic. */
export const offline: Translation<'offline'> = {
  offline: 'أنت غير متصل. تعرض البوابة ما حفظه هذا الجهاز.',
  offlineWaiting: (count) => `أنت غير متصل. سيُرسَل ${changes(count)} عند عودتك إلى الاتصال.`,
  sentBack: (count) => `عاد الاتصال. أُرسل ${changes(count)}.`,
  sending: 'جارٍ الإرسال…',
  savedOnDevice: 'حُفظ على هذا الجهاز؛ سيُرسَل عند عودتك إلى الاتصال',
  staleCopy: (date) => `نسخة دون اتصال من ${date}`,
  needsServer: 'يتطلب هذا اتصالًا بالخادم. حاول مرة أخرى عند عودتك إلى الاتصال.',
  conflictTitle: 'لم يُحفظ تغييرك',
  conflictBody: 'تم تغيير هذا على الخادم أثناء انقطاع اتصالك. اختر النسخة التي تريد الاحتفاظ بها.',
  yourVersion: 'نسختك',
  serverVersion: 'على الخادم',
  field: 'الحقل',
  empty: '(لا شيء)',
  keepMine: 'الاحتفاظ بنسختي',
  keepServer: 'استخدام نسخة الخادم',
  signOutPending: (count) => `لديك ${changes(count)} لم يُرسَل بعد. سيؤدي تسجيل الخروج إلى حذفه من هذا الجهاز.`,
  signOutAnyway: 'تسجيل الخروج على أي حال',
  staySignedIn: 'البقاء مسجلًا',
};
