// Every component family's English defaults by family name: what the pseudo-locale is made
// from, what the completeness test holds each language against, and how the e2e journeys find a
// family's Spanish or Arabic text through its English one. It imports every family, so it belongs
// in development builds and tests only.
import type { MessageFamilies } from '../react/locale/LocaleMessages';
import { defaultQuestionnaireMessages } from '../questionnaire/constants';
import { defaultRegisterMessages, defaultSignInMessages } from '../react/auth/messages';
import { defaultChangePasswordMessages, defaultMfaSettingsMessages } from '../react/auth/securityMessages';
import { defaultChatMessages } from '../react/chat/chatMessages';
import { defaultAttachmentDisplayMessages } from '../react/display/AttachmentDisplay';
import { defaultCcdaDisplayMessages } from '../react/display/CcdaDisplay';
import { defaultDiagnosticReportMessages } from '../react/display/DiagnosticReportDisplay';
import { defaultDialogMessages } from '../react/display/Dialog';
import { defaultObservationChartMessages } from '../react/display/ObservationChart';
import { defaultResourceViewerMessages } from '../react/display/ResourceViewer';
import { defaultStatusMessages } from '../react/display/StatusBadge';
import { defaultErrorBoundaryMessages } from '../react/errors/ErrorBoundary';
import { defaultAddressInputMessages } from '../react/inputs/AddressInput';
import { defaultCodeableConceptInputMessages } from '../react/inputs/CodeableConceptInput';
import { defaultCopyButtonMessages } from '../react/inputs/CopyButton';
import { defaultDateTimeInputMessages } from '../react/inputs/DateTimeInput';
import { defaultHumanNameInputMessages } from '../react/inputs/HumanNameInput';
import { defaultMultiSelectMessages } from '../react/inputs/MultiSelect';
import { defaultQuantityInputMessages } from '../react/inputs/QuantityInput';
import { defaultReferenceInputMessages } from '../react/inputs/ReferenceInput';
import { defaultResourceFormMessages } from '../react/inputs/resourceFormContext';
import { defaultResourcePickerMessages } from '../react/inputs/ResourcePicker';
import { defaultSearchTableMessages } from '../react/inputs/SearchTable';
import { defaultSecretInputMessages } from '../react/inputs/SecretInput';
import { defaultErrorOutcomeMessages } from '../react/locale/outcomeMessages';
import { defaultNotificationsMessages } from '../react/notifications/Notifications';
import { defaultNotificationsProviderMessages } from '../react/notifications/NotificationsProvider';
import { defaultOfflineMessages } from '../react/offline/offlineMessages';
import { defaultQuestionnaireFormMessages } from '../react/questionnaire/messages';
import { defaultMonthCalendarMessages } from '../react/scheduler/MonthCalendar';
import { defaultSchedulerMessages } from '../react/scheduler/schedulerMessages';

/** The English texts of every family (typed as the full map: a new family needs its line). */
export const english: MessageFamilies = {
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
  offline: defaultOfflineMessages,
};
