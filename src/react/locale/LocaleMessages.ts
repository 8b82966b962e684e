// One map of every component family's texts, so a whole language can be handed to the provider
// at once (`<FhirProvider messages={es}>`, `fhir-portal-kit/locales/es`). Type imports only: the
// English defaults stay in their families' modules and in no bundle that does not use them.
import type { QuestionnaireMessages } from '../../questionnaire/constants';
import type { ChangePasswordMessages, MfaSettingsMessages } from '../auth/securityMessages';
import type { RegisterMessages, SignInMessages } from '../auth/messages';
import type { ChatMessages } from '../chat/chatMessages';
import type { AttachmentDisplayMessages } from '../display/AttachmentDisplay';
import type { CcdaDisplayMessages } from '../display/CcdaDisplay';
import type { DiagnosticReportMessages } from '../display/DiagnosticReportDisplay';
import type { DialogMessages } from '../display/Dialog';
import type { ObservationChartMessages } from '../display/ObservationChart';
import type { ResourceViewerMessages } from '../display/ResourceViewer';
import type { ErrorBoundaryMessages } from '../errors/ErrorBoundary';
import type { AddressInputMessages } from '../inputs/AddressInput';
import type { CodeableConceptInputMessages } from '../inputs/CodeableConceptInput';
import type { CopyButtonMessages } from '../inputs/CopyButton';
import type { DateTimeInputMessages } from '../inputs/DateTimeInput';
import type { HumanNameInputMessages } from '../inputs/HumanNameInput';
import type { MultiSelectMessages } from '../inputs/MultiSelect';
import type { QuantityInputMessages } from '../inputs/QuantityInput';
import type { ReferenceInputMessages } from '../inputs/ReferenceInput';
import type { ResourceFormMessages } from '../inputs/resourceFormContext';
import type { ResourcePickerMessages } from '../inputs/ResourcePicker';
import type { SearchTableMessages } from '../inputs/SearchTable';
import type { SecretInputMessages } from '../inputs/SecretInput';
import type { NotificationsMessages } from '../notifications/Notifications';
import type { NotificationsProviderMessages } from '../notifications/NotificationsProvider';
import type { OfflineMessages } from '../offline/offlineMessages';
import type { QuestionnaireFormMessages } from '../questionnaire/messages';
import type { MonthCalendarMessages } from '../scheduler/MonthCalendar';
import type { SchedulerMessages } from '../scheduler/schedulerMessages';
import type { ErrorOutcomeMessages } from './outcomeMessages';

/** The full texts of each component family, by the family's name. */
export interface MessageFamilies {
  readonly signIn: SignInMessages;
  readonly register: RegisterMessages;
  readonly changePassword: ChangePasswordMessages;
  readonly mfaSettings: MfaSettingsMessages;
  /** The headless questionnaire engine's validation texts. */
  readonly questionnaire: QuestionnaireMessages;
  readonly questionnaireForm: QuestionnaireFormMessages;
  readonly scheduler: SchedulerMessages;
  readonly monthCalendar: MonthCalendarMessages;
  readonly chat: ChatMessages;
  readonly dialog: DialogMessages;
  readonly resourceViewer: ResourceViewerMessages;
  readonly ccdaDisplay: CcdaDisplayMessages;
  readonly diagnosticReport: DiagnosticReportMessages;
  readonly observationChart: ObservationChartMessages;
  readonly attachmentDisplay: AttachmentDisplayMessages;
  /** StatusBadge's label for each FHIR status code. */
  readonly status: Readonly<Record<string, string>>;
  readonly notifications: NotificationsMessages;
  readonly notificationsProvider: NotificationsProviderMessages;
  readonly errorBoundary: ErrorBoundaryMessages;
  readonly addressInput: AddressInputMessages;
  readonly codeableConceptInput: CodeableConceptInputMessages;
  readonly referenceInput: ReferenceInputMessages;
  readonly secretInput: SecretInputMessages;
  readonly resourcePicker: ResourcePickerMessages;
  readonly copyButton: CopyButtonMessages;
  readonly quantityInput: QuantityInputMessages;
  readonly searchTable: SearchTableMessages;
  readonly resourceForm: ResourceFormMessages;
  readonly multiSelect: MultiSelectMessages;
  readonly dateTimeInput: DateTimeInputMessages;
  readonly humanNameInput: HumanNameInputMessages;
  /** Error outcomes of the login protocol and the FHIR API, by outcome code, issue code and expression. */
  readonly outcomes: ErrorOutcomeMessages;
  /** The offline parts: banner, pending writes, conflict dialog, sign-out warning. */
  readonly offline: OfflineMessages;
}

/** A component family's name, e.g. 'scheduler'. */
export type MessageFamily = keyof MessageFamilies;

/**
 * Texts for any families, each in part: what `FhirProvider`/`LocaleProvider` take as `messages`
 * and what a locale (`fhir-portal-kit/locales/es`) exports. A family or key left out keeps its
 * English default; a component's own `messages` prop wins over both.
 */
export type LocaleMessages = { readonly [F in MessageFamily]?: Partial<MessageFamilies[F]> };
