// Arabic texts (Modern Standard Arabic) of the secure-messaging chat.
import type { Translation } from '../translation';

/** The chat in Arabic. */
export const chat: Translation<'chat'> = {
  placeholder: 'اكتب رسالة…',
  disabledPlaceholder: 'الردود معطّلة',
  inputLabel: 'رسالة',
  send: 'إرسال',
  unknownSender: '[مرسل غير معروف]',
  you: 'أنت',
  delivered: 'تم التسليم',
  loading: 'جارٍ تحميل الرسائل…',
  loadingOlder: 'جارٍ تحميل الرسائل الأقدم…',
  empty: 'لا توجد رسائل بعد.',
  listLabel: 'الرسائل',
  disconnected: 'انقطع اتصال المحادثة المباشرة. جارٍ محاولة إعادة الاتصال…',
  reconnected: 'تمت إعادة اتصال المحادثة المباشرة.',
  noProfile: 'خطأ: لم يتم العثور على الملف الشخصي',
};
