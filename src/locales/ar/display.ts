// Arabic (Modern Standard) texts of the display family: dialog, resource viewer, C-CDA, report,
// chart, attachment and status badge. A template string has no plural forms, so counted texts
// name the count rather than agree with it ('الأخطاء: {errors}'), or count past ten where the
// noun is singular in every form ('{count} قيمة' after the first 50 values).
import type { Translation } from '../translation';

/** The dialog's texts in Arabic. */
export const dialog: Translation<'dialog'> = { close: 'إغلاق' };

/** ResourceViewer's texts in Arabic. */
export const resourceViewer: Translation<'resourceViewer'> = {
  noValue: 'لا توجد قيمة',
  unknownType: 'نوع بيانات غير معروف',
  moreValues: '… من أصل {count} قيمة',
  caption: 'التفاصيل',
  loading: 'جارٍ التحميل…',
  yes: 'نعم',
  no: 'لا',
};

/** CcdaDisplay's texts in Arabic. */
export const ccdaDisplay: Translation<'ccdaDisplay'> = {
  validate: 'التحقق من الصحة',
  validating: 'جارٍ التحقق…',
  valid: 'لم يُعثر على أخطاء',
  summary: 'الأخطاء: {errors}، التحذيرات: {warnings}',
  validationFailed: 'تعذّر التحقق: {status} {statusText}',
  validationError: 'تعذّر التحقق: {message}',
  results: 'نتائج التحقق',
  unreadable: 'لا يمكن عرض هذا المستند بصيغة C-CDA. يرجى تنزيله لقراءته.',
  untitled: 'مستند سريري',
  patient: 'المريض',
  born: 'تاريخ الميلاد',
  gender: 'الجنس',
  author: 'المؤلف',
  organization: 'المؤسسة',
  date: 'التاريخ',
};

/** DiagnosticReportDisplay's texts in Arabic. */
export const diagnosticReport: Translation<'diagnosticReport'> = {
  test: 'الفحص',
  value: 'القيمة',
  referenceRange: 'النطاق المرجعي',
  interpretation: 'التفسير',
  category: 'الفئة',
  performer: 'المنفِّذ',
  status: 'الحالة',
  issued: 'صدر في',
  performedBy: 'أجراه',
  specimens: 'العينات',
  notes: 'الملاحظات',
  conclusion: 'الخلاصة',
  noResults: 'لا توجد نتائج',
  noValue: 'لا توجد قيمة',
  notFound: 'غير موجود',
  loading: 'جارٍ تحميل النتائج…',
  caption: 'نتائج {report}',
  untitled: 'تقرير تشخيصي',
  high: 'مرتفع',
  low: 'منخفض',
  abnormal: 'غير طبيعي',
  yes: 'نعم',
  no: 'لا',
  // The status words come from the `status` family (StatusBadge).
  statuses: {},
};

/** ObservationChart's texts in Arabic. */
export const observationChart: Translation<'observationChart'> = {
  keyboardHint: 'مخطط {title}. استخدم مفتاحَي السهم الأيمن والأيسر لقراءة كل قياس.',
  seriesSummary: '{label}: عدد القياسات {count}، من {first} إلى {last}، الأدنى {min}، الأعلى {max}، الأحدث {latest}.',
  loading: 'جارٍ تحميل المخطط…',
  noData: 'لا توجد قياسات بعد',
  showTable: 'عرض البيانات في جدول',
  date: 'التاريخ',
};

/** AttachmentDisplay's texts in Arabic. */
export const attachmentDisplay: Translation<'attachmentDisplay'> = {
  download: 'تنزيل {name}',
  loading: 'جارٍ تحميل المرفق…',
  preview: 'معاينة {name}',
  noPreview: 'لا تتوفر معاينة لهذا النوع من الملفات.',
  unavailable: 'لا يمكن عرض هذا المرفق.',
  // {count} is the preview's limit, thousands of characters: the noun is singular.
  truncated: 'يُعرض أول {count} حرف فقط. يرجى تنزيل الملف لقراءته كاملًا.',
};

/**
 * StatusBadge's words in Arabic: every code the badge colours (src/fhir/status.ts) and a few
 * other common ones; any other code would read as its English sentence.
 */
export const status: Translation<'status'> = {
  completed: 'مكتمل',
  final: 'نهائي',
  fulfilled: 'منفَّذ',
  finished: 'منتهٍ',
  connected: 'متصل',
  revoked: 'مسحوب',
  cancelled: 'ملغى',
  rejected: 'مرفوض',
  failed: 'فاشل',
  noshow: 'لم يحضر',
  'not-done': 'لم يُنفَّذ',
  urgent: 'عاجل',
  asap: 'في أقرب وقت',
  stat: 'فوري',
  disconnected: 'غير متصل',
  'entered-in-error': 'أُدخل خطأً',
  'on-hold': 'معلَّق',
  amended: 'معدَّل',
  corrected: 'مصحَّح',
  draft: 'مسودة',
  active: 'نشط',
  inactive: 'غير نشط',
  requested: 'مطلوب',
  pending: 'قيد الانتظار',
  booked: 'محجوز',
  scheduled: 'مجدول',
  proposed: 'مقترح',
  'in-progress': 'قيد التنفيذ',
  arrived: 'وصل',
  'checked-in': 'سُجّل الوصول',
  preliminary: 'أولي',
  registered: 'مسجَّل',
  accepted: 'مقبول',
  ready: 'جاهز',
  received: 'مستلَم',
  stopped: 'متوقف',
  resolved: 'تم حله',
  unknown: 'غير معروف',
  retired: 'خارج الاستخدام',
  waitlist: 'قائمة الانتظار',
  routine: 'روتيني',
  planned: 'مخطط له',
};
