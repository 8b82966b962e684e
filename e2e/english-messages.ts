// Every component family's English defaults by family name, as the pseudo-locale reads them: the
// e2e journeys find a family's Spanish or Arabic text through its English one.
import type { MessageFamilies } from '../src/react/locale/LocaleMessages';
import { defaultQuestionnaireMessages } from '../src/questionnaire/constants';
import { defaultRegisterMessages, defaultSignInMessages } from '../src/react/auth/messages';
import { defaultChangePasswordMessages, defaultMfaSettingsMessages } from '../src/react/auth/securityMessages';
import { defaultChatMessages } from '../src/react/chat/chatMessages';
import { defaultAttachmentDisplayMessages } from '../src/react/display/AttachmentDisplay';
import { defaultCcdaDisplayMessages } from '../src/react/display/CcdaDisplay';
import { defaultDiagnosticReportMessages } from '../src/react/display/DiagnosticReportDisplay';
import { defaultDialogMessages } from '../src/react/display/Dialog';
import { defaultObservationChartMessages } from '../src/react/display/ObservationChart';
import { defaultResourceViewerMessages } from '../src/react/display/ResourceViewer';
import { defaultStatusMessages } from '../src/react/display/StatusBadge';
import { defaultErrorBoundaryMessages } from '../src/react/errors/ErrorBoundary';
import { defaultAddressInputMessages } from '../src/react/inputs/AddressInput';
import { defaultCodeableConceptInputMessages } from '../src/react/inputs/CodeableConceptInput';
import { defaultCopyButtonMessages } from '../src/react/inputs/CopyButton';
import { defaultDateTimeInputMessages } from '../src/react/inputs/DateTimeInput';
import { defaultHumanNameInputMessages } from '../src/react/inputs/HumanNameInput';
import { defaultMultiSelectMessages } from '../src/react/inputs/MultiSelect';
import { defaultQuantityInputMessages } from '../src/react/inputs/QuantityInput';
import { defaultReferenceInputMessages } from '../src/react/inputs/ReferenceInput';
import { defaultResourceFormMessages } from '../src/react/inputs/resourceFormContext';
import { defaultResourcePickerMessages } from '../src/react/inputs/ResourcePicker';
import { defaultSearchTableMessages } from '../src/react/inputs/SearchTable';
import { defaultSecretInputMessages } from '../src/react/inputs/SecretInput';
import { defaultErrorOutcomeMessages } from '../src/react/locale/outcomeMessages';
import { defaultNotificationsMessages } from '../src/react/notifications/Notifications';
import { defaultNotificationsProviderMessages } from '../src/react/notifications/NotificationsProvider';
import { defaultQuestionnaireFormMessages } from '../src/react/questionnaire/messages';
import { defaultMonthCalendarMessages } from '../src/react/scheduler/MonthCalendar';
import { defaultSchedulerMessages } from '../src/react/scheduler/schedulerMessages';

/** The English texts of every family (typed as the full map: a new family needs its line). */
export const englishMessages: MessageFamilies = {
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
  status: defaultStatusMessages,
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
};
