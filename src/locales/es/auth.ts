// Spanish texts of the sign-in, registration and account-security cards (usted).
import { formatCount, plural } from '../../react/locale/plural';
import type { Translation } from '../translation';

const common = {
  emailLabel: 'Correo electrónico',
  passwordLabel: 'Contraseña',
  rememberMe: 'Recordarme',
  or: 'o',
  errorTitle: 'Error',
  fieldRequired: (label: string) => `${label}: campo obligatorio`,
  invalidEmail: 'Escriba un correo electrónico válido',
  networkError: 'No se puede conectar con el servidor. Revise su conexión e inténtelo de nuevo.',
  serverError: 'El servidor tuvo un problema. Inténtelo de nuevo en un momento.',
  unexpectedResponse: 'No se pudo completar el inicio de sesión. Inténtelo de nuevo.',
  externalLoadFailed: 'No se pudo iniciar sesión con su proveedor. Revise su conexión e inténtelo de nuevo.',
  partLoadFailed: 'Una parte de este formulario no se pudo cargar. Revise su conexión y vuelva a cargar la página.',
  policyNoticeBefore: (action: string) => `Al hacer clic en ${action}, usted acepta la `,
  privacyPolicy: 'Política de privacidad',
  policyNoticeAnd: ' y los ',
  termsOfService: 'Términos del servicio',
  policyNoticeAfter: '.',
  createProjectTitle: 'Crear proyecto',
  projectNameLabel: 'Nombre del proyecto',
  projectNamePlaceholder: 'Mi proyecto',
  createProject: 'Crear proyecto',
  success: 'Listo',
  loading: 'Espere un momento…',
  googleSignIn: 'Iniciar sesión con Google',
};

const redirecting = 'Redirigiendo a su proveedor de inicio de sesión…';
const qrAlt = 'Código QR para su aplicación de autenticación';

/** SignInForm in Spanish. */
export const signIn: Translation<'signIn'> = {
  ...common,
  signInTitle: 'Iniciar sesión',
  signInTitleFor: (productName) => `Iniciar sesión en ${productName}`,
  next: 'Siguiente',
  register: 'Registrarse',
  forgotPassword: '¿Olvidó su contraseña?',
  signIn: 'Iniciar sesión',
  changeEmail: 'Cambiar correo electrónico',
  redirecting,
  mfaEnrollTitle: 'Activar la autenticación multifactor',
  mfaQrAlt: qrAlt,
  mfaScanInstructions: 'Escanee este código QR con su aplicación de autenticación.',
  mfaCodeLabel: 'Código de verificación',
  enroll: 'Activar',
  mfaVerifyTitle: 'Escriba el código de verificación',
  submitCode: 'Enviar código',
  chooseProfileTitle: 'Elija un perfil',
  searchPlaceholder: 'Buscar',
  searchLabel: 'Buscar perfiles',
  nothingFound: 'No se encontraron resultados',
  chooseScopeTitle: 'Elija el alcance',
  setScope: 'Confirmar alcance',
  linkTitle: 'Vincule su cuenta',
  linkText:
    'Ya existe una cuenta con este correo electrónico. Escriba la contraseña de esa cuenta para vincularla con su proveedor de inicio de sesión.',
  link: 'Vincular y continuar',
  startOver: 'Empezar de nuevo',
};

/** RegisterForm in Spanish. */
export const register: Translation<'register'> = {
  ...common,
  registerTitle: 'Crear una cuenta',
  registerTitleFor: (productName) => `Registrarse en ${productName}`,
  firstNameLabel: 'Nombre',
  lastNameLabel: 'Apellidos',
  createAccount: 'Crear cuenta',
  botCheckNotice:
    'Este sitio está protegido por reCAPTCHA y se aplican la Política de privacidad y los Términos del servicio de Google.',
  redirecting,
  botCheckLabel: 'No soy un robot',
  botCheckVerifying: 'Comprobando que usted no es un robot…',
  botCheckVerified: 'Verificado: usted no es un robot',
  botCheckFailed: 'La comprobación falló. Inténtelo de nuevo.',
  botCheckExpired: 'La comprobación caducó. Vuelva a marcar la casilla.',
  botCheckFooter: 'Protegido por ALTCHA',
};

const security = {
  fieldRequired: common.fieldRequired,
  networkError: common.networkError,
  serverError: common.serverError,
  unexpectedResponse: 'No se pudo completar. Inténtelo de nuevo.',
  loading: common.loading,
};

/** ChangePasswordForm in Spanish. */
export const changePassword: Translation<'changePassword'> = {
  ...security,
  title: 'Cambiar contraseña',
  oldPasswordLabel: 'Contraseña actual',
  newPasswordLabel: 'Nueva contraseña',
  confirmPasswordLabel: 'Confirme la nueva contraseña',
  submit: 'Cambiar contraseña',
  passwordTooShort: (min) =>
    `La contraseña debe tener al menos ${formatCount('es', min)} ${plural('es', min, { one: 'carácter', other: 'caracteres' })}`,
  passwordsDiffer: 'Las contraseñas no coinciden',
  sameAsCurrent: 'Elija una contraseña distinta de la actual',
  changed: 'Su contraseña se cambió. Se cerraron sus demás sesiones.',
};

/** MfaSettings in Spanish. */
export const mfaSettings: Translation<'mfaSettings'> = {
  ...security,
  title: 'Autenticación multifactor',
  statusOn:
    'La autenticación multifactor está activada: al iniciar sesión se le pedirá un código de su aplicación de autenticación.',
  statusOff: 'La autenticación multifactor está desactivada: al iniciar sesión solo se le pedirá su contraseña.',
  turnOn: 'Activar la autenticación multifactor',
  turnOff: 'Desactivar la autenticación multifactor',
  cancel: 'Cancelar',
  retry: 'Intentar de nuevo',
  qrAlt,
  enrollInstructions:
    'Escanee este código QR con su aplicación de autenticación y luego escriba el código que muestra y su contraseña actual.',
  secretLabel: 'O escriba esta clave en la aplicación',
  codeLabel: 'Código de verificación',
  invalidCode: 'Escriba el código de 6 dígitos de su aplicación de autenticación',
  confirmOn: 'Activar',
  disableInstructions: 'Escriba su contraseña para desactivar la autenticación multifactor.',
  passwordLabel: 'Contraseña actual',
  confirmOff: 'Desactivar',
  turnedOn: 'La autenticación multifactor está activada. El próximo inicio de sesión le pedirá un código.',
  turnedOff: 'La autenticación multifactor está desactivada.',
};
