// The signed-out pages' texts (landing, sign-in, registration, password reset; portal.md gives
// the English). Kept apart from pages/text.ts, which holds the signed-in pages' texts.
import { defineText } from '../i18n/useText';

/** Texts of the landing page and of the sign-in, registration and password pages. */
export const signedOutText = defineText({
  en: {
    services: 'Services',
    serviceList: {
      primaryCare: 'Primary care',
      urgentCare: 'Urgent care',
      telehealth: 'Telehealth',
      labTests: 'Lab tests',
      vaccinations: 'Vaccinations',
    },
    featureList: {
      healthRecord: {
        title: 'Your health record',
        text: 'Lab results, medications, vaccines and vitals in one place, always up to date.',
      },
      bookAVisit: {
        title: 'Book a visit',
        text: 'Pick a day and an hour that suit you and get a confirmation right away.',
      },
      messageCareTeam: {
        title: 'Message your care team',
        text: 'Ask a question and get an answer from the people who know your history.',
      },
      formsBeforeYouArrive: {
        title: 'Forms before you arrive',
        text: 'Fill in intake and screening questionnaires at home, at your own pace.',
      },
    },
    logIn: 'Log in',
    signUp: 'Sign up',
    heroTitle: 'Care that fits your life',
    heroText:
      'See your results, book visits and talk to your care team from one secure portal, on any device, at any hour.',
    everythingInOnePlace: 'Everything in one place',
    register: 'Register',
    signIn: 'Sign in',
    alreadyHaveAccount: 'Already have an account?',
    resetYourPassword: 'Reset your password',
    resetLinkSent: (email: string) =>
      `If an account exists, we sent a link to ${email}. It works once, within 30 minutes.`,
    demoSendsNoMail:
      'This demo sends no mail: the server prints the link on its console, on a line starting with [mail].',
    email: 'Email',
    sendResetLink: 'Send reset link',
    rememberedIt: 'Remembered it?',
    chooseNewPassword: 'Choose a new password',
    passwordSet: 'Your password is set, and every session of your account has ended.',
    newPassword: 'New password',
    setPassword: 'Set password',
    linkExpired: 'Link expired?',
    askForNewOne: 'Ask for a new one',
  },
  es: {
    services: 'Servicios',
    serviceList: {
      primaryCare: 'Atención primaria',
      urgentCare: 'Atención urgente',
      telehealth: 'Telemedicina',
      labTests: 'Análisis de laboratorio',
      vaccinations: 'Vacunas',
    },
    featureList: {
      healthRecord: {
        title: 'Su historial médico',
        text: 'Resultados de laboratorio, medicamentos, vacunas y signos vitales en un solo lugar, siempre al día.',
      },
      bookAVisit: {
        title: 'Reserve una cita',
        text: 'Elija el día y la hora que le convengan y reciba la confirmación al instante.',
      },
      messageCareTeam: {
        title: 'Escriba a su equipo de atención',
        text: 'Haga una pregunta y reciba la respuesta de quienes conocen su historial.',
      },
      formsBeforeYouArrive: {
        title: 'Formularios antes de su visita',
        text: 'Complete los cuestionarios de admisión y de evaluación en casa, a su propio ritmo.',
      },
    },
    logIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    heroTitle: 'Atención que se adapta a su vida',
    heroText:
      'Consulte sus resultados, reserve citas y hable con su equipo de atención desde un portal seguro, en cualquier dispositivo y a cualquier hora.',
    everythingInOnePlace: 'Todo en un solo lugar',
    register: 'Registrarse',
    signIn: 'Iniciar sesión',
    alreadyHaveAccount: '¿Ya tiene una cuenta?',
    resetYourPassword: 'Restablezca su contraseña',
    resetLinkSent: (email: string) =>
      `Si existe una cuenta, enviamos un enlace a ${email}. Funciona una sola vez y durante 30 minutos.`,
    demoSendsNoMail:
      'Esta demostración no envía correos: el servidor muestra el enlace en su consola, en una línea que empieza por [mail].',
    email: 'Correo electrónico',
    sendResetLink: 'Enviar enlace',
    rememberedIt: '¿La recordó?',
    chooseNewPassword: 'Elija una contraseña nueva',
    passwordSet: 'Su contraseña está lista y se cerraron todas las sesiones de su cuenta.',
    newPassword: 'Contraseña nueva',
    setPassword: 'Guardar contraseña',
    linkExpired: '¿El enlace caducó?',
    askForNewOne: 'Pida uno nuevo',
  },
  ar: {
    services: 'الخدمات',
    serviceList: {
      primaryCare: 'الرعاية الأولية',
      urgentCare: 'الرعاية العاجلة',
      telehealth: 'الرعاية الصحية عن بُعد',
      labTests: 'التحاليل المخبرية',
      vaccinations: 'التطعيمات',
    },
    featureList: {
      healthRecord: {
        title: 'سجلك الصحي',
        text: 'نتائج التحاليل والأدوية واللقاحات والعلامات الحيوية في مكان واحد، محدّثة دائمًا.',
      },
      bookAVisit: { title: 'احجز زيارة', text: 'اختر اليوم والساعة المناسبين لك واحصل على التأكيد فورًا.' },
      messageCareTeam: { title: 'راسل فريق رعايتك', text: 'اطرح سؤالك واحصل على إجابة ممن يعرفون تاريخك الصحي.' },
      formsBeforeYouArrive: {
        title: 'النماذج قبل وصولك',
        text: 'املأ استبيانات الاستقبال والفحص في المنزل، على مهلك.',
      },
    },
    logIn: 'تسجيل الدخول',
    signUp: 'إنشاء حساب',
    heroTitle: 'رعاية تناسب حياتك',
    heroText: 'اطّلع على نتائجك واحجز زياراتك وتواصل مع فريق رعايتك من بوابة آمنة واحدة، على أي جهاز وفي أي وقت.',
    everythingInOnePlace: 'كل شيء في مكان واحد',
    register: 'إنشاء حساب',
    signIn: 'تسجيل الدخول',
    alreadyHaveAccount: 'هل لديك حساب بالفعل؟',
    resetYourPassword: 'إعادة تعيين كلمة المرور',
    resetLinkSent: (email: string) =>
      `إذا كان هناك حساب بهذا البريد، فقد أرسلنا رابطًا إلى ${email}. يعمل الرابط مرة واحدة خلال 30 دقيقة.`,
    demoSendsNoMail: 'هذا العرض التوضيحي لا يرسل بريدًا: يطبع الخادم الرابط في وحدة التحكم، في سطر يبدأ بـ [mail].',
    email: 'البريد الإلكتروني',
    sendResetLink: 'إرسال رابط إعادة التعيين',
    rememberedIt: 'هل تذكرتها؟',
    chooseNewPassword: 'اختر كلمة مرور جديدة',
    passwordSet: 'تم تعيين كلمة المرور، وانتهت جميع جلسات حسابك.',
    newPassword: 'كلمة المرور الجديدة',
    setPassword: 'تعيين كلمة المرور',
    linkExpired: 'هل انتهت صلاحية الرابط؟',
    askForNewOne: 'اطلب رابطًا جديدًا',
  },
});
