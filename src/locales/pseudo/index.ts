// The pseudo-locale of every family, made from the English defaults: for development and for
// the e2e pass that finds hard-coded and clipped text (`<FhirProvider messages={pseudo}>`).
// It imports every family's English texts, so it belongs in development builds only.
import { defaultQuestionnaireMessages } from '../../questionnaire/constants';
import { defaultRegisterMessages, defaultSignInMessages } from '../../react/auth/messages';
import { defaultChangePasswordMessages, defaultMfaSettingsMessages } from '../../react/auth/securityMessages';
import { defaultChatMessages } from '../../react/chat/chatMessages';
import { defaultAttachmentDisplayMessages } from '../../react/display/AttachmentDisplay';
import { defaultCcdaDisplayMessages } from '../../react/display/CcdaDisplay';
import { defaultDiagnosticReportMessages } from '../../react/display/DiagnosticReportDisplay';
import { defaultDialogMessages } from '../../react/display/Dialog';
import { defaultObservationChartMessages } from '../../react/display/ObservationChart';
import { defaultResourceViewerMessages } from '../../react/display/ResourceViewer';
import { defaultStatusMessages } from '../../react/display/StatusBadge';
import { defaultErrorBoundaryMessages } from '../../react/errors/ErrorBoundary';
import { defaultAddressInputMessages } from '../../react/inputs/AddressInput';
import { defaultCodeableConceptInputMessages } from '../../react/inputs/CodeableConceptInput';
import { defaultCopyButtonMessages } from '../../react/inputs/CopyButton';
import { defaultDateTimeInputMessages } from '../../react/inputs/DateTimeInput';
import { defaultHumanNameInputMessages } from '../../react/inputs/HumanNameInput';
import { defaultMultiSelectMessages } from '../../react/inputs/MultiSelect';
import { defaultQuantityInputMessages } from '../../react/inputs/QuantityInput';
import { defaultReferenceInputMessages } from '../../react/inputs/ReferenceInput';
import { defaultResourceFormMessages } from '../../react/inputs/resourceFormContext';
import { defaultResourcePickerMessages } from '../../react/inputs/ResourcePicker';
import { defaultSearchTableMessages } from '../../react/inputs/SearchTable';
import { defaultSecretInputMessages } from '../../react/inputs/SecretInput';
import type { MessageFamilies } from '../../react/locale/LocaleMessages';
import { defaultNotificationsMessages } from '../../react/notifications/Notifications';
import { defaultNotificationsProviderMessages } from '../../react/notifications/NotificationsProvider';
import { defaultQuestionnaireFormMessages } from '../../react/questionnaire/messages';
import { defaultMonthCalendarMessages } from '../../react/scheduler/MonthCalendar';
import { defaultSchedulerMessages } from '../../react/scheduler/schedulerMessages';
import { defaultErrorOutcomeMessages } from '../../react/locale/outcomeMessages';
import { status as translatedStatuses } from '../es/display';
import { pseudoLocalize } from './pseudoLocalize';

export { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoLocalize, pseudoText } from './pseudoLocalize';

/** The BCP 47 tag of the pseudo-locale (accented English), as Chromium and Android name it. */
export const PSEUDO_LOCALE = 'en-XA';

// StatusBadge reads a code it has no word for in English sentence case ('on-hold' -> 'On hold');
// every code a language translates gets its English word here, so the pseudo-locale marks them
// all and a badge that still shows plain English is a code no language knows.
function statusWords(): Record<string, string> {
  return Object.fromEntries(
    Object.keys(translatedStatuses).map((code) => {
      const words = code.split('-').join(' ');
      return [code, words.charAt(0).toUpperCase() + words.slice(1)];
    })
  );
}

/** Every family's texts in the pseudo-locale: accented, about 40% longer, marked ⟦…⟧. */
export const pseudo: MessageFamilies = /* @__PURE__ */ pseudoLocalize({
  signIn: defaultSignInMessages,
  register: defaultRegisterMessages,
  changePassword: defaultChangePasswordMessages,
  mfaSettings: defaultMfaSettingsMessages,
  questionnaire: defaultQuestionnaireMessages,
  questionnaireForm: defaultQuestionnaireFormMessages,
  scheduler: defaultSchedulerMessages,
  monthCalendar: defaultMonthCalendarMessages,
  chat: defaultChatMessages,
  dialog: defaultDialogMessages,
  resourceViewer: defaultResourceViewerMessages,
  ccdaDisplay: defaultCcdaDisplayMessages,
  diagnosticReport: defaultDiagnosticReportMessages,
  observationChart: defaultObservationChartMessages,
  attachmentDisplay: defaultAttachmentDisplayMessages,
  status: { ...statusWords(), ...defaultStatusMessages },
  notifications: defaultNotificationsMessages,
  notificationsProvider: defaultNotificationsProviderMessages,
  errorBoundary: defaultErrorBoundaryMessages,
  addressInput: defaultAddressInputMessages,
  codeableConceptInput: defaultCodeableConceptInputMessages,
  referenceInput: defaultReferenceInputMessages,
  secretInput: defaultSecretInputMessages,
  resourcePicker: defaultResourcePickerMessages,
  copyButton: defaultCopyButtonMessages,
  quantityInput: defaultQuantityInputMessages,
  searchTable: defaultSearchTableMessages,
  resourceForm: defaultResourceFormMessages,
  multiSelect: defaultMultiSelectMessages,
  dateTimeInput: defaultDateTimeInputMessages,
  humanNameInput: defaultHumanNameInputMessages,
  outcomes: defaultErrorOutcomeMessages,
});
