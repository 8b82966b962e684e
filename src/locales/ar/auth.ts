// Arabic texts (Modern Standard Arabic) of the sign-in, registration and account-security cards.
import { formatCount, plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

const common = {
  emailLabel: 'البريد الإلكتروني',
  passwordLabel: 'كلمة المرور',
  rememberMe: 'تذكرني',
  or: 'أو',
  errorTitle: 'خطأ',
  fieldRequired: (label: string) => `${label}: حقل مطلوب`,
  invalidEmail: 'أدخل عنوان بريد إلكتروني صالحًا',
  networkError: 'تعذّر الاتصال بالخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  serverError: 'واجه الخادم مشكلة. يُرجى المحاولة بعد قليل.',
  unexpectedResponse: 'تعذّر إكمال تسجيل الدخول. يُرجى المحاولة مرة أخرى.',
  externalLoadFailed: 'تعذّر بدء تسجيل الدخول عبر مزوّد الخدمة. تحقّق من اتصالك وحاول مرة أخرى.',
  partLoadFailed: 'تعذّر تحميل جزء من هذا النموذج. تحقّق من اتصالك وأعد تحميل الصفحة.',
  policyNoticeBefore: (action: string) => `بالنقر على ${action} فإنك توافق على `,
  privacyPolicy: 'سياسة الخصوصية',
  policyNoticeAnd: ' و',
  termsOfService: 'شروط الخدمة',
  policyNoticeAfter: '.',
  createProjectTitle: 'إنشاء مشروع',
  projectNameLabel: 'اسم المشروع',
  projectNamePlaceholder: 'مشروعي',
  createProject: 'إنشاء مشروع',
  success: 'تمّ بنجاح',
  loading: 'يُرجى الانتظار…',
  googleSignIn: 'تسجيل الدخول باستخدام Google',
};

const redirecting = 'جارٍ تحويلك إلى مزوّد تسجيل الدخول…';
const qrAlt = 'رمز QR لتطبيق المصادقة';

/** SignInForm in Arabic. */
export const signIn: Translation<'signIn'> = {
  ...common,
  signInTitle: 'تسجيل الدخول',
  signInTitleFor: (productName) => `تسجيل الدخول إلى ${productName}`,
  next: 'التالي',
  register: 'إنشاء حساب',
  forgotPassword: 'نسيت كلمة المرور',
  signIn: 'تسجيل الدخول',
  changeEmail: 'تغيير البريد الإلكتروني',
  redirecting,
  mfaEnrollTitle: 'تفعيل المصادقة متعددة العوامل',
  mfaQrAlt: qrAlt,
  mfaScanInstructions: 'امسح رمز QR هذا باستخدام تطبيق المصادقة.',
  mfaCodeLabel: 'رمز التحقق',
  enroll: 'تفعيل',
  mfaVerifyTitle: 'أدخل رمز التحقق',
  submitCode: 'إرسال الرمز',
  chooseProfileTitle: 'اختر ملفًا شخصيًا',
  searchPlaceholder: 'بحث',
  searchLabel: 'البحث في الملفات الشخصية',
  nothingFound: 'لا توجد نتائج',
  chooseScopeTitle: 'اختر النطاق',
  setScope: 'تعيين النطاق',
  linkTitle: 'اربط حسابك',
  linkText: 'يوجد حساب بهذا البريد الإلكتروني. أدخل كلمة مرور ذلك الحساب لربطه بمزوّد تسجيل الدخول.',
  link: 'الربط والمتابعة',
  startOver: 'البدء من جديد',
};

/** RegisterForm in Arabic. */
export const register: Translation<'register'> = {
  ...common,
  registerTitle: 'إنشاء حساب',
  registerTitleFor: (productName) => `التسجيل في ${productName}`,
  firstNameLabel: 'الاسم الأول',
  lastNameLabel: 'اسم العائلة',
  createAccount: 'إنشاء الحساب',
  botCheckNotice: 'هذا الموقع محمي بخدمة reCAPTCHA، وتنطبق سياسة الخصوصية وشروط الخدمة من Google.',
  redirecting,
  botCheckLabel: 'لست روبوتًا',
  botCheckVerifying: 'جارٍ التحقق من أنك لست روبوتًا…',
  botCheckVerified: 'تم التحقق: لست روبوتًا',
  botCheckFailed: 'فشل التحقق. يُرجى المحاولة مرة أخرى.',
  botCheckExpired: 'انتهت صلاحية التحقق. حدّد المربع مرة أخرى.',
  botCheckFooter: 'محمي بواسطة ALTCHA',
};

const security = {
  fieldRequired: common.fieldRequired,
  networkError: common.networkError,
  serverError: common.serverError,
  unexpectedResponse: 'تعذّر إتمام العملية. يُرجى المحاولة مرة أخرى.',
  loading: common.loading,
};

/** ChangePasswordForm in Arabic. */
export const changePassword: Translation<'changePassword'> = {
  ...security,
  title: 'تغيير كلمة المرور',
  oldPasswordLabel: 'كلمة المرور الحالية',
  newPasswordLabel: 'كلمة المرور الجديدة',
  confirmPasswordLabel: 'تأكيد كلمة المرور الجديدة',
  submit: 'تغيير كلمة المرور',
  passwordTooShort: (min) => {
    const n = formatCount('ar', min);
    return `يجب ألا تقل كلمة المرور عن ${plural('ar', min, { one: 'حرف واحد', two: 'حرفين', few: `${n} أحرف`, many: `${n} حرفًا`, other: `${n} حرف` })}`;
  },
  passwordsDiffer: 'كلمتا المرور غير متطابقتين',
  sameAsCurrent: 'اختر كلمة مرور مختلفة عن كلمة المرور الحالية',
  changed: 'تم تغيير كلمة المرور. وتم تسجيل خروجك من جلساتك الأخرى.',
};

/** MfaSettings in Arabic. */
export const mfaSettings: Translation<'mfaSettings'> = {
  ...security,
  title: 'المصادقة متعددة العوامل',
  statusOn: 'المصادقة متعددة العوامل مفعّلة: يُطلب رمز من تطبيق المصادقة عند تسجيل الدخول.',
  statusOff: 'المصادقة متعددة العوامل غير مفعّلة: تُطلب كلمة المرور فقط عند تسجيل الدخول.',
  turnOn: 'تفعيل المصادقة متعددة العوامل',
  turnOff: 'إيقاف المصادقة متعددة العوامل',
  cancel: 'إلغاء',
  retry: 'إعادة المحاولة',
  qrAlt,
  enrollInstructions: 'امسح رمز QR هذا باستخدام تطبيق المصادقة، ثم أدخل الرمز الذي يظهر فيه وكلمة المرور الحالية.',
  secretLabel: 'أو اكتب هذا المفتاح في التطبيق',
  codeLabel: 'رمز التحقق',
  invalidCode: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة',
  confirmOn: 'تفعيل',
  disableInstructions: 'أدخل كلمة المرور لإيقاف المصادقة متعددة العوامل.',
  passwordLabel: 'كلمة المرور الحالية',
  confirmOff: 'إيقاف',
  turnedOn: 'تم تفعيل المصادقة متعددة العوامل. سيُطلب منك رمز عند تسجيل الدخول التالي.',
  turnedOff: 'تم إيقاف المصادقة متعددة العوامل.',
};
