// Every component family's texts in Arabic (right to left): `<FhirProvider locale="ar" messages={ar}>`.
// One module per group of families; this entry gathers them, so an app that imports no locale
// carries none, and one that imports this carries only this language.
import type { LocaleTranslation } from '../translation';
import { changePassword, mfaSettings, register, signIn } from './auth';
import { chat } from './chat';
import {
  attachmentDisplay,
  ccdaDisplay,
  diagnosticReport,
  dialog,
  observationChart,
  resourceViewer,
  status,
} from './display';
import {
  addressInput,
  codeableConceptInput,
  copyButton,
  dateTimeInput,
  humanNameInput,
  multiSelect,
  quantityInput,
  referenceInput,
  resourceForm,
  resourcePicker,
  searchTable,
  secretInput,
} from './inputs';
import { errorBoundary, notifications, notificationsProvider } from './notifications';
import { offline } from './offline';
import { outcomes } from './outcomes';
import { questionnaire, questionnaireForm } from './questionnaire';
import { monthCalendar, scheduler } from './scheduler';

/** Every family's texts in Arabic (right to left). */
export const ar: LocaleTranslation = {
  signIn,
  register,
  changePassword,
  mfaSettings,
  questionnaire,
  questionnaireForm,
  scheduler,
  monthCalendar,
  chat,
  dialog,
  resourceViewer,
  ccdaDisplay,
  diagnosticReport,
  observationChart,
  attachmentDisplay,
  status,
  notifications,
  notificationsProvider,
  errorBoundary,
  addressInput,
  codeableConceptInput,
  referenceInput,
  secretInput,
  resourcePicker,
  copyButton,
  quantityInput,
  searchTable,
  resourceForm,
  multiSelect,
  dateTimeInput,
  humanNameInput,
  outcomes,
  offline,
};
