// Arabic texts (Modern Standard Arabic) of the questionnaire engine and the questionnaire form.
import { formatCount, plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

const n = (count: number) => formatCount('ar', count);

/** A counted noun in Arabic's six forms: one and two as words, few with the plural, many and other with the singular. */
const counted = (count: number, one: string, two: string, few: string, many: string) =>
  plural('ar', count, {
    one,
    two,
    few: `${n(count)} ${few}`,
    many: `${n(count)} ${many}`,
    other: `${n(count)} ${one}`,
  });

const characters = (count: number) => counted(count, 'حرف', 'حرفين', 'أحرف', 'حرفًا');
const answers = (count: number) => counted(count, 'إجابة', 'إجابتين', 'إجابات', 'إجابة');

/** The questionnaire engine's texts in Arabic. */
export const questionnaire: Translation<'questionnaire'> = {
  required: 'هذا الحقل مطلوب.',
  signatureRequired: 'التوقيع مطلوب.',
  minLength: (min) => `يجب ألا يقل عن ${characters(min)}.`,
  maxLength: (max) => `يجب ألا يزيد على ${characters(max)}.`,
  regex: 'القيمة ليست بالتنسيق المطلوب.',
  minValue: (min) => `يجب ألا تقل القيمة عن ${min}.`,
  maxValue: (max) => `يجب ألا تزيد القيمة على ${max}.`,
  maxDecimalPlaces: (places) => `يجب ألا يزيد عدد المنازل العشرية على ${n(places)}.`,
  minOccurs: (min) => `يلزم ${answers(min)} على الأقل.`,
  maxOccurs: (max) => `يُسمح بـ${answers(max)} على الأكثر.`,
  wrongType: (type) => `الإجابة ليست قيمة صالحة من النوع ${type}.`,
  expressionFailed: (message) => `تعذّر حساب التعبير: ${message}`,
  notInteger: 'يجب أن يكون عددًا صحيحًا.',
  valueSetNotFound: (url) => `لم يتم العثور على مجموعة القيم ${url}.`,
  valueSetUnavailable: (url) => `لا توجد خيارات متاحة لـ ${url}.`,
  valueSetFailed: (url) => `تعذّر تحميل الخيارات من ${url}.`,
  fileTooLarge: (maxBytes) => `حجم الملف أكبر من ${n(maxBytes)} بايت.`,
  fileTypeNotAllowed: (types) =>
    `أنواع الملفات المسموح بها: ${new Intl.ListFormat('ar', { type: 'unit', style: 'short' }).format(types)}.`,
  uploadFailed: (reason) => reason,
  uploadUnavailable: 'لا يمكن إرفاق الملفات.',
  referenceSearchFailed: (reason) => reason,
  referenceSearchUnavailable: 'لا يمكن البحث في السجلات.',
};

/** The questionnaire form's texts in Arabic (the engine's among them). */
export const questionnaireForm: Translation<'questionnaireForm'> = {
  ...questionnaire,
  submit: 'إرسال',
  next: 'التالي',
  back: 'السابق',
  addItem: 'إضافة عنصر',
  addGroup: (groupText) => `إضافة مجموعة: ${groupText}`,
  remove: 'إزالة',
  loadingOptions: 'جارٍ تحميل الخيارات…',
  loadingQuestionnaire: 'جارٍ تحميل الاستبيان…',
  showingFirst: (count) => `يتم عرض أول ${counted(count, 'خيار', 'خيارين', 'خيارات', 'خيارًا')}`,
  noAnswersDefined: 'لا توجد إجابات محددة',
  selectPlaceholder: 'اختر خيارًا',
  searchPlaceholder: 'بحث',
  nothingFound: 'لا توجد نتائج',
  otherAnswer: 'أخرى',
  clearSelection: 'مسح الاختيار',
  selectedAnswers: (itemText) => `${itemText}: الإجابات المحددة`,
  removeAnswer: (answerLabel) => `إزالة ${answerLabel}`,
  expressionPending: 'جارٍ الحساب…',
  signature: 'التوقيع',
  signatureArea: 'منطقة التوقيع',
  signatureTyped: 'أو اكتب اسمك الكامل للتوقيع',
  signatureLoading: 'جارٍ تحميل لوحة التوقيع…',
  signatureLoadFailed: 'تعذّر تحميل لوحة التوقيع.',
  tryAgain: 'إعادة المحاولة',
  clear: 'مسح',
  uploading: 'جارٍ الرفع…',
  removeFile: 'إزالة الملف',
  requiredMark: 'مطلوب',
  unit: 'الوحدة',
  pagesLabel: 'صفحات النموذج',
  stepOf: (step, total) => `الخطوة ${n(step)} من ${n(total)}`,
  fatalError: 'لا يمكن عرض هذا الاستبيان',
  loadNetworkError: 'تعذّر الاتصال بالخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  resumeTitle: 'هل تريد متابعة إجاباتك المحفوظة؟',
  resumeText: 'بدأت تعبئة هذا النموذج من قبل وحُفظت إجاباتك. تابع من حيث توقفت أو ابدأ من جديد.',
  resume: 'متابعة',
  startOver: 'البدء من جديد',
  draftSaving: 'جارٍ حفظ إجاباتك…',
  draftSaved: 'تم حفظ إجاباتك.',
  draftFailed: 'تعذّر حفظ إجاباتك الآن. ما زالت هنا وستُحفظ عند المتابعة.',
};
