import { formatCount, plural } from '../../react/locale/plural';
import { retryIn } from '../../react/locale/retryIn';
import type { Translation } from '../translation';

/** Error outcomes of the login protocol and the FHIR API, in Arabic. */
export const outcomes: Translation<'outcomes'> = {
  invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  tooManyAttempts: (wait) =>
    `محاولات كثيرة جدًا؛ يُرجى المحاولة مرة أخرى ${wait === undefined ? 'لاحقًا' : retryIn('ar', wait)}`,
  serverBusy: 'الخادم مشغول؛ يُرجى المحاولة مرة أخرى بعد قليل',
  botCheckRequired: 'التحقق من أنك لست روبوتًا مطلوب',
  botCheckFailed: 'لم ينجح التحقق من أنك لست روبوتًا',
  botCheckExpired: 'انتهت صلاحية التحقق من أنك لست روبوتًا',
  botCheckUsed: 'سبق استخدام هذا التحقق من أنك لست روبوتًا',
  botCheckUnreachable: 'تعذّر التحقق من أنك لست روبوتًا؛ يُرجى المحاولة مرة أخرى لاحقًا',
  invalidMfaCode: 'رمز التحقق غير صحيح أو منتهي الصلاحية',
  loginRevoked: 'انتهت جلسة تسجيل الدخول؛ يُرجى تسجيل الدخول مرة أخرى',
  mfaRequired: 'التحقق بخطوتين مطلوب',
  emailRegistered: 'هذا البريد الإلكتروني مسجَّل بالفعل',
  invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح',
  passwordTooShort: 'يجب ألا تقل كلمة المرور عن 8 أحرف',
  tooLong: (field, max) => {
    const n = formatCount('ar', max);
    const most = plural('ar', max, {
      one: 'حرف واحد',
      two: 'حرفان',
      few: `${n} أحرف`,
      many: `${n} حرفًا`,
      other: `${n} حرف`,
    });
    return `${field}: الحد الأقصى ${most}`;
  },
  passwordRequired: 'كلمة المرور مطلوبة',
  incorrectPassword: 'كلمة المرور غير صحيحة',
  resetLinkInvalid: 'هذا الرابط غير صالح أو منتهي الصلاحية؛ يُرجى طلب رابط جديد',
  tokenExpired: 'انتهت صلاحية الجلسة',
  required: (field) => `حقل مطلوب مفقود: ${field}`,
  invalidValue: (field) => `قيمة ${field} غير صالحة`,
};
