import type { AltchaMessages } from './useAltcha';

/** Texts shared by the sign-in and register forms; every one can be replaced through `messages`. */
export interface AuthCommonMessages {
  emailLabel: string;
  passwordLabel: string;
  rememberMe: string;
  or: string;
  errorTitle: string;
  /** Under a required field left empty. */
  fieldRequired: (label: string) => string;
  invalidEmail: string;
  /** The server could not be reached (offline, DNS, CORS, server down). */
  networkError: string;
  /** The server answered 5xx. */
  serverError: string;
  /** The server answered something the flow cannot continue from. */
  unexpectedResponse: string;
  /** The external sign-in step, loaded on demand, did not load (offline, or the app was updated meanwhile). */
  externalLoadFailed: string;
  /** A part of the card loaded on demand (the Google button, the steps after the password) did not load. */
  partLoadFailed: string;
  /** Text before the policy links, e.g. 'By clicking Create project you agree to the '. */
  policyNoticeBefore: (action: string) => string;
  privacyPolicy: string;
  policyNoticeAnd: string;
  termsOfService: string;
  policyNoticeAfter: string;
  createProjectTitle: string;
  projectNameLabel: string;
  projectNamePlaceholder: string;
  createProject: string;
  success: string;
  loading: string;
  googleSignIn: string;
}

/** Texts of SignInForm. */
export interface SignInMessages extends AuthCommonMessages {
  /** Heading of the email and password steps when SignInForm has no `productName`. */
  signInTitle: string;
  /** Heading of the email and password steps for SignInForm's `productName`; `signInTitle` given in `messages` wins. */
  signInTitleFor: (productName: string) => string;
  next: string;
  register: string;
  forgotPassword: string;
  signIn: string;
  changeEmail: string;
  redirecting: string;
  mfaEnrollTitle: string;
  mfaQrAlt: string;
  mfaScanInstructions: string;
  mfaCodeLabel: string;
  enroll: string;
  mfaVerifyTitle: string;
  submitCode: string;
  chooseProfileTitle: string;
  searchPlaceholder: string;
  searchLabel: string;
  nothingFound: string;
  chooseScopeTitle: string;
  setScope: string;
  /** Heading of the step after an external sign-in that matched an account with a password. */
  linkTitle: string;
  linkText: string;
  /** The link step's submit button. */
  link: string;
  /** Leaves the link step for the email step, e.g. when the sign-in to link has expired. */
  startOver: string;
}

/** Texts of RegisterForm. */
export interface RegisterMessages extends AuthCommonMessages, AltchaMessages {
  /** Heading of the form when RegisterForm has no `productName`. */
  registerTitle: string;
  /** Heading of the form for RegisterForm's `productName`; `registerTitle` given in `messages` wins. */
  registerTitleFor: (productName: string) => string;
  firstNameLabel: string;
  lastNameLabel: string;
  createAccount: string;
  /** Shown only when a reCAPTCHA site key is configured. */
  botCheckNotice: string;
  /** While the browser leaves for the email domain's external identity provider. */
  redirecting: string;
}

const common: AuthCommonMessages = {
  emailLabel: 'Email',
  passwordLabel: 'Password',
  rememberMe: 'Remember me',
  or: 'or',
  errorTitle: 'Error',
  fieldRequired: (label) => `${label} is required`,
  invalidEmail: 'Enter a valid email address',
  networkError: 'Cannot reach the server. Check your connection and try again.',
  serverError: 'The server ran into a problem. Please try again in a moment.',
  unexpectedResponse: 'Sign-in could not be completed. Please try again.',
  externalLoadFailed: 'Sign-in with your provider could not start. Check your connection and try again.',
  partLoadFailed: 'Part of this form could not load. Check your connection and reload the page.',
  policyNoticeBefore: (action) => `By clicking ${action} you agree to the `,
  privacyPolicy: 'Privacy Policy',
  policyNoticeAnd: ' and ',
  termsOfService: 'Terms of Service',
  policyNoticeAfter: '.',
  createProjectTitle: 'Create project',
  projectNameLabel: 'Project Name',
  projectNamePlaceholder: 'My Project',
  createProject: 'Create project',
  success: 'Success',
  loading: 'Please wait…',
  googleSignIn: 'Sign in with Google',
};

/** Default texts of SignInForm. */
export const defaultSignInMessages: SignInMessages = {
  ...common,
  signInTitle: 'Sign in',
  signInTitleFor: (productName) => `Sign in to ${productName}`,
  next: 'Next',
  register: 'Register',
  forgotPassword: 'Forgot password',
  signIn: 'Sign in',
  changeEmail: 'Change email',
  redirecting: 'Redirecting to your sign-in provider…',
  mfaEnrollTitle: 'Enroll in MFA',
  mfaQrAlt: 'QR code for your authenticator app',
  mfaScanInstructions: 'Scan this QR code with your authenticator app.',
  mfaCodeLabel: 'MFA code',
  enroll: 'Enroll',
  mfaVerifyTitle: 'Enter MFA code',
  submitCode: 'Submit code',
  chooseProfileTitle: 'Choose profile',
  searchPlaceholder: 'Search',
  searchLabel: 'Search profiles',
  nothingFound: 'Nothing found...',
  chooseScopeTitle: 'Choose scope',
  setScope: 'Set scope',
  linkTitle: 'Link your account',
  linkText:
    "An account with this email already exists. Enter that account's password to link it to your sign-in provider.",
  link: 'Link and continue',
  startOver: 'Start over',
};

/** Default texts of RegisterForm. */
// Object.assign marked pure, not a spread: bundlers keep an unused object spread (it could run
// getters), so the register texts would ride along with every SignInForm.
export const defaultRegisterMessages: RegisterMessages = /* @__PURE__ */ Object.assign({}, common, {
  registerTitle: 'Create an account',
  registerTitleFor: (productName: string) => `Register with ${productName}`,
  firstNameLabel: 'First name',
  lastNameLabel: 'Last name',
  createAccount: 'Create account',
  botCheckNotice: 'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
  redirecting: 'Redirecting to your sign-in provider…',
  botCheckLabel: "I'm not a robot",
  botCheckVerifying: 'Checking that you are not a robot…',
  botCheckVerified: 'Verified: you are not a robot',
  botCheckFailed: 'The robot check failed. Please try again.',
  botCheckExpired: 'The robot check expired. Check the box again.',
  botCheckFooter: 'Protected by ALTCHA',
} satisfies Omit<RegisterMessages, keyof AuthCommonMessages>);
