// What a locale must translate: every key of every family, less the keys that are
// locale-neutral, functions that only format through Intl in the component's locale (a date, a
// time): those already speak every language, so a locale keeps the English default's function.
// The completeness test (locales.test.ts) reads the same list.
import type { MessageFamilies, MessageFamily } from '../react/locale/LocaleMessages';

/** Keys of each family that a locale does not translate: they format through Intl only. */
export const LOCALE_NEUTRAL = {
  // auth
  signIn: [],
  register: [],
  changePassword: [],
  mfaSettings: [],
  // questionnaire
  questionnaire: [],
  questionnaireForm: [],
  // scheduler
  scheduler: ['formatDate', 'formatTime', 'formatTimeWithZone'],
  monthCalendar: ['weekdayHeader', 'caption'],
  // chat
  chat: [],
  // display
  dialog: [],
  resourceViewer: [],
  ccdaDisplay: [],
  diagnosticReport: [],
  observationChart: [],
  attachmentDisplay: [],
  status: [],
  // notifications and errors
  notifications: [],
  notificationsProvider: [],
  errorBoundary: [],
  // inputs
  addressInput: [],
  codeableConceptInput: [],
  referenceInput: [],
  secretInput: [],
  resourcePicker: [],
  copyButton: [],
  quantityInput: [],
  searchTable: [],
  resourceForm: [],
  multiSelect: [],
  dateTimeInput: [],
  humanNameInput: [],
  // outcomes
  outcomes: [],
  // offline
  offline: [],
} as const satisfies { readonly [F in MessageFamily]: readonly (keyof MessageFamilies[F])[] };

/** One family's texts in one language: every key but the locale-neutral ones. */
export type Translation<F extends MessageFamily> = Readonly<
  Omit<MessageFamilies[F], (typeof LOCALE_NEUTRAL)[F][number]>
>;

/** A whole language: every family. */
export type LocaleTranslation = { readonly [F in MessageFamily]: Translation<F> };
