// Arabic (Modern Standard) texts of the inputs group. Codes and element names the inputs label
// ('home', 'birthDate', the search parameter 'birthdate') have words here for the common ones;
// any other keeps the English reading of the code, as the defaults give it.
import { plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

type Words = Readonly<Record<string, string>>;

/** The word for `key`, else `fallback(key)`; own keys only, so 'constructor' is not a word. */
const wordOr =
  (words: Words, fallback: (key: string) => string) =>
  (key: string): string =>
    Object.hasOwn(words, key) ? words[key] : fallback(key);

const capitalize = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

const FIELD_WORDS: Words = {
  name: 'الاسم',
  given: 'الاسم الأول',
  family: 'اسم العائلة',
  birthDate: 'تاريخ الميلاد',
  birthdate: 'تاريخ الميلاد',
  gender: 'الجنس',
  telecom: 'وسائل الاتصال',
  phone: 'الهاتف',
  email: 'البريد الإلكتروني',
  address: 'العنوان',
  identifier: 'المعرّف',
  active: 'نشط',
  status: 'الحالة',
  code: 'الرمز',
  category: 'الفئة',
  value: 'القيمة',
  date: 'التاريخ',
  subject: 'المريض',
  patient: 'المريض',
  note: 'ملاحظة',
  text: 'النص',
  description: 'الوصف',
  period: 'الفترة',
  _lastUpdated: 'آخر تحديث',
};

/** AddressInput's texts in Arabic. */
export const addressInput: Translation<'addressInput'> = {
  use: 'الاستخدام',
  type: 'النوع',
  line1: 'سطر العنوان 1',
  line2: 'سطر العنوان 2',
  city: 'المدينة',
  state: 'الولاية',
  postalCode: 'الرمز البريدي',
  more: 'المزيد',
  code: wordOr(
    {
      home: 'المنزل',
      work: 'العمل',
      temp: 'مؤقت',
      old: 'سابق',
      billing: 'الفوترة',
      postal: 'بريدي',
      physical: 'فعلي',
      both: 'كلاهما',
    },
    capitalize
  ),
};

/** CodeableConceptInput's texts in Arabic. */
export const codeableConceptInput: Translation<'codeableConceptInput'> = {
  nothingFound: 'لم يُعثر على نتائج',
  searching: 'جارٍ البحث…',
  placeholder: 'بحث',
};

/** ResourcePicker's texts in Arabic. */
export const resourcePicker: Translation<'resourcePicker'> = codeableConceptInput;

/** ReferenceInput's texts in Arabic. */
export const referenceInput: Translation<'referenceInput'> = {
  ...resourcePicker,
  resourceType: 'نوع المورد',
};

/** SecretInput's texts in Arabic. */
export const secretInput: Translation<'secretInput'> = { reveal: 'إظهار', hide: 'إخفاء' };

/** CopyButton's texts in Arabic. */
export const copyButton: Translation<'copyButton'> = {
  copy: 'نسخ',
  copied: 'تم النسخ',
  failed: 'تعذّر النسخ',
};

/** QuantityInput's texts in Arabic. */
export const quantityInput: Translation<'quantityInput'> = {
  comparator: 'عامل المقارنة',
  value: 'القيمة',
  unit: 'الوحدة',
  invalidNumber: 'يرجى إدخال رقم',
};

/** SearchTable's texts in Arabic. */
export const searchTable: Translation<'searchTable'> = {
  filter: 'بحث',
  noResults: 'لا توجد نتائج',
  loading: 'جارٍ التحميل…',
  bulk: 'إجراءات جماعية…',
  selectAll: 'تحديد الكل',
  selectRow: (name) => `تحديد ${name}`,
  previous: 'الصفحة السابقة',
  next: 'الصفحة التالية',
  // Arabic's six forms: the dual names no number; 3–10 take the plural, 11 and up the singular.
  results: (count, formatted) =>
    plural('ar', count, {
      zero: 'لا توجد نتائج',
      one: 'نتيجة واحدة',
      two: 'نتيجتان',
      few: `${formatted} نتائج`,
      many: `${formatted} نتيجة`,
      other: `${formatted} نتيجة`,
    }),
  column: wordOr(FIELD_WORDS, (code) => capitalize(code).replace(/-/g, ' ')),
};

/** ResourceForm's texts in Arabic. */
export const resourceForm: Translation<'resourceForm'> = {
  submit: 'حفظ',
  submitting: 'جارٍ الحفظ…',
  saved: 'تم الحفظ',
  failed: 'لم يتم الحفظ: يرجى مراجعة الحقول المميزة أدناه',
  loading: 'جارٍ التحميل…',
  readOnly: 'للقراءة فقط',
  required: 'مطلوب',
  invalidNumber: 'يرجى إدخال رقم',
  yes: 'نعم',
  type: 'النوع',
  add: (label) => `إضافة ${label}`,
  remove: (label) => `إزالة ${label}`,
  label: wordOr(FIELD_WORDS, (name) => capitalize(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase())),
};

/** MultiSelect's texts in Arabic. */
export const multiSelect: Translation<'multiSelect'> = {
  nothingFound: 'لم يُعثر على نتائج',
  create: (text) => `+ إنشاء ${text}`,
  remove: (label) => `إزالة ${label}`,
  selected: (label) => `${label}: العناصر المحددة`,
};

/** DateTimeInput's texts in Arabic. */
export const dateTimeInput: Translation<'dateTimeInput'> = {
  invalid: 'يرجى إدخال تاريخ ووقت كاملين',
};

/** HumanNameInput's texts in Arabic. */
export const humanNameInput: Translation<'humanNameInput'> = {
  use: 'الاستخدام',
  prefix: 'اللقب',
  given: 'الاسم الأول',
  family: 'اسم العائلة',
  suffix: 'اللاحقة',
  more: 'المزيد',
  code: wordOr(
    {
      usual: 'المعتاد',
      official: 'الرسمي',
      temp: 'مؤقت',
      nickname: 'اسم التدليل',
      anonymous: 'مجهول الهوية',
      old: 'سابق',
      maiden: 'اسم ما قبل الزواج',
    },
    capitalize
  ),
};
