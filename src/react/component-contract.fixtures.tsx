// The component contract's inputs (DESIGN.md "Conventions", issue 21): which exports of the public
// entries are components, and for each one the fewest props it renders with. Shared by the DOM test
// (component-contract.test.tsx) and the server render (component-contract.server.test.tsx).
// Not exported from the package.
import type { Screen } from '@testing-library/react';
import type { ReactElement, ReactNode, RefCallback } from 'react';
import * as rootEntry from '../index';
import type { OutboxEntry } from '../client';
import type { Questionnaire } from '../fhir';
import * as reactEntry from './index';
import {
  AddressInput,
  AltchaField,
  AttachmentDisplay,
  BaseChat,
  CcdaDisplay,
  ChangePasswordForm,
  CodeableConceptInput,
  CopyButton,
  OfflineBanner,
  OutboxConflictDialog,
  PendingWriteStatus,
  DateTimeInput,
  DiagnosticReportDisplay,
  Dialog,
  HumanNameInput,
  MfaSettings,
  MonthCalendar,
  MultiSelect,
  Notifications,
  ObservationChart,
  QuantityInput,
  QuestionnaireForm,
  ReferenceInput,
  RegisterForm,
  ResourceAvatar,
  ResourceChat,
  ResourceForm,
  ResourceName,
  ResourcePicker,
  ResourceViewer,
  Scheduler,
  SearchTable,
  SecretInput,
  SignInForm,
  SignaturePad,
  SimpleQuestionnaireForm,
  StatusBadge,
  ThreadChat,
} from './index';
import { Scheduler as CompatScheduler } from './medplum-compat';
import { loadFixtureSchema } from './inputs/resource-form-fixtures';
import * as medplumCompatEntry from './medplum-compat';
import { NotificationsProvider } from './notifications';
import { fhirJson, type Respond } from './test-utils';

/** The public entries a user imports components from (package.json "exports"). */
export const PUBLIC_ENTRIES: Readonly<Record<string, Record<string, unknown>>> = {
  'fhir-portal-kit': rootEntry,
  'fhir-portal-kit/react': reactEntry,
  'fhir-portal-kit/medplum-compat': medplumCompatEntry,
};

/**
 * Capitalised exports that are React element types but not components the contract is about.
 * Each renders no element of its own around its children, so there is no root to give a ref to.
 */
export const NOT_CONTRACT_COMPONENTS: ReadonlyMap<string, string> = new Map([
  ['FhirProvider', 'a context provider: renders only its children'],
  ['LocaleProvider', 'a context provider (locale and texts): renders only its children'],
  ['MedplumProvider', 'FhirProvider under Medplum’s name: renders only its children'],
  ['NotificationsProvider', 'a context provider: its region is the Notifications component, tested below'],
  ['ErrorBoundary', 'renders its children while nothing throws: no element of its own (documented on the class)'],
]);

/** Whether an export is a React component: a forwardRef/memo/lazy object, a React class, or a capitalised function. */
export function isComponent(name: string, value: unknown): boolean {
  if (!/^[A-Z][a-z]/.test(name)) return false; // SCREAMING_CASE constants, hooks and helpers
  if (typeof value === 'object' && value !== null) return '$$typeof' in value;
  if (typeof value !== 'function') return false;
  // A class is a component only when it extends React's Component (FhirClient is not).
  const isClass = /^class\b/.test(Function.prototype.toString.call(value));
  return !isClass || Boolean((value as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent);
}

/**
 * Every distinct component the public entries export, by the name the fixtures use: its export
 * name, or `<entry>/<name>` when another entry exports a different component under that name
 * (medplum-compat's Scheduler takes Medplum's `onSelectSlot`).
 */
export function exportedComponents(): Map<string, unknown> {
  const byName = new Map<string, unknown>();
  const seen = new Set<unknown>();
  for (const [entry, exports] of Object.entries(PUBLIC_ENTRIES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!isComponent(name, value) || seen.has(value)) continue;
      seen.add(value);
      const key = byName.has(name) ? `${entry.replace('fhir-portal-kit/', '')}/${name}` : name;
      byName.set(key, value);
    }
  }
  return byName;
}

/** The attributes every case passes; the contract says each lands on the root element. */
export interface ContractProps {
  readonly ref: RefCallback<Element>;
  readonly id: string;
  readonly 'data-testid': string;
  readonly 'aria-describedby': string;
  readonly className: string;
  readonly dir: 'rtl';
}

/** One component's case. */
export interface ComponentFixture {
  /** The component with its fewest props, and `props` spread on it. */
  readonly render: (props: ContractProps) => ReactElement;
  /** The default class the root keeps beside the caller's className, once settled. */
  readonly rootClass: string;
  /** Answers the component's requests to the server; 404 when not given. */
  readonly respond?: Respond;
  /** Providers besides FhirProvider the component needs. */
  readonly wrap?: (children: ReactNode) => ReactElement;
  /**
   * Where the root is when it is not the container's first element, and why. Only for portals:
   * the root is then the element the component's content is portalled into.
   */
  readonly root?: { readonly find: (document: Document) => Element | null; readonly why: string };
  /** Waits for the state the component settles in (data loaded, or the error it shows), checked again there. */
  readonly settled?: (screen: Screen) => Promise<unknown>;
}

/** An update the server refused with 412 while the device was offline: both versions. */
const conflictEntry: OutboxEntry = {
  id: '0001',
  kind: 'update',
  method: 'PUT',
  url: 'https://fhir.example/fhir/R4/Patient/1',
  resourceType: 'Patient',
  resourceId: '1',
  headers: { 'If-Match': 'W/"1"' },
  body: { resourceType: 'Patient', id: '1', gender: 'female' },
  state: 'conflict',
  attempts: 1,
  queuedAt: '2026-11-29T10:00:00Z',
  conflict: {
    local: { resourceType: 'Patient', id: '1', gender: 'female' },
    server: { resourceType: 'Patient', id: '1', gender: 'other' },
  },
};

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  id: 'q1',
  status: 'active',
  title: 'Intake',
  item: [{ linkId: 'name', text: 'Your name', type: 'string' }],
};

const ccd = `<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Continuity of Care Document</title></ClinicalDocument>`;
const noBundle = async () => ({ resourceType: 'Bundle' as const, type: 'searchset' as const, entry: [] });
const noResources = async () => [];
const withNotifications = (children: ReactNode) => (
  <NotificationsProvider container={null}>{children}</NotificationsProvider>
);
const schedulerRespond: Respond = () => fhirJson({ resourceType: 'Schedule', id: 's1' });

/** A case per exported component; a component without one fails the contract test. */
export const FIXTURES: Readonly<Record<string, ComponentFixture>> = {
  // display/
  StatusBadge: { rootClass: 'fpk-status-badge', render: (p) => <StatusBadge status="active" {...p} /> },
  Dialog: {
    rootClass: 'fpk-dialog',
    render: (p) => <Dialog title="Details" defaultOpen {...p} />,
    root: {
      find: (document) => document.querySelector('[role="dialog"]'),
      why: 'Radix portals the dialog into document.body: the root is the dialog content, not the trigger',
    },
  },
  DiagnosticReportDisplay: {
    rootClass: 'fpk-report',
    render: (p) => (
      <DiagnosticReportDisplay
        report={{ resourceType: 'DiagnosticReport', status: 'final', code: { text: 'CBC' } }}
        {...p}
      />
    ),
  },
  ObservationChart: {
    rootClass: 'fpk-chart',
    render: (p) => (
      <ObservationChart
        title="Weight"
        series={[{ label: 'Weight', points: [{ date: '2026-01-01T00:00:00Z', value: 70 }] }]}
        {...p}
      />
    ),
  },
  ResourceViewer: {
    rootClass: 'fpk-viewer',
    render: (p) => <ResourceViewer resource={{ resourceType: 'Patient', id: '1' }} {...p} />,
  },
  ResourceName: {
    rootClass: 'fpk-resource-name',
    render: (p) => <ResourceName value={{ resourceType: 'Patient', name: [{ given: ['Ada'] }] }} {...p} />,
  },
  ResourceAvatar: {
    rootClass: 'fpk-avatar',
    render: (p) => <ResourceAvatar value={{ resourceType: 'Patient', name: [{ given: ['Ada'] }] }} {...p} />,
  },
  AttachmentDisplay: {
    rootClass: 'fpk-attachment',
    render: (p) => <AttachmentDisplay attachment={{ contentType: 'text/plain', data: 'aGVsbG8=' }} {...p} />,
  },
  CcdaDisplay: { rootClass: 'fpk-ccda', render: (p) => <CcdaDisplay xml={ccd} {...p} /> },
  // notifications/
  Notifications: {
    rootClass: 'fpk-notifications',
    render: (p) => (
      <Notifications
        container={null}
        notifications={[{ id: '1', message: 'Saved', role: 'status', color: 'green', autoClose: false }]}
        onClose={() => {}}
        {...p}
      />
    ),
  },
  // questionnaire/
  QuestionnaireForm: {
    rootClass: 'fpk-questionnaire',
    respond: () => fhirJson(questionnaire),
    settled: (screen) => screen.findByRole('heading', { name: 'Intake' }),
    render: (p) => <QuestionnaireForm questionnaire={{ reference: 'Questionnaire/q1' }} {...p} />,
  },
  SignaturePad: {
    rootClass: 'fpk-signature',
    render: (p) => (
      <SignaturePad label="Signature" clearLabel="Clear" typedLabel="Type your name" onChange={() => {}} {...p} />
    ),
  },
  // scheduler/
  Scheduler: {
    rootClass: 'fpk-scheduler',
    respond: schedulerRespond,
    render: (p) => <Scheduler schedule={{ reference: 'Schedule/s1' }} {...p} />,
  },
  'medplum-compat/Scheduler': {
    rootClass: 'fpk-scheduler',
    respond: schedulerRespond,
    render: (p) => <CompatScheduler schedule={{ reference: 'Schedule/s1' }} onSelectSlot={() => {}} {...p} />,
  },
  MonthCalendar: {
    rootClass: 'fpk-calendar-root',
    render: (p) => <MonthCalendar month={new Date('2026-03-15T12:00:00Z')} timeZone="America/New_York" {...p} />,
  },
  SimpleQuestionnaireForm: {
    rootClass: 'fpk-simple-questionnaire-form',
    render: (p) => (
      <SimpleQuestionnaireForm
        questionnaire={questionnaire}
        submitLabel="Next"
        now={() => new Date('2026-03-15T12:00:00Z')}
        onSubmit={() => {}}
        {...p}
      />
    ),
  },
  // auth/
  AltchaField: {
    rootClass: 'fpk-auth-bot-check',
    render: (p) => (
      <AltchaField
        altcha={{ ref: () => {}, status: 'verified', statusText: 'Verified', getPayload: async () => '' }}
        {...p}
      />
    ),
  },
  SignInForm: { rootClass: 'fpk-auth', render: (p) => <SignInForm {...p} /> },
  RegisterForm: { rootClass: 'fpk-auth', render: (p) => <RegisterForm {...p} /> },
  ChangePasswordForm: { rootClass: 'fpk-auth-settings', render: (p) => <ChangePasswordForm {...p} /> },
  MfaSettings: { rootClass: 'fpk-auth-settings', render: (p) => <MfaSettings {...p} /> },
  // inputs/
  AddressInput: { rootClass: 'fpk-inputs-fieldset', render: (p) => <AddressInput label="Address" {...p} /> },
  QuantityInput: { rootClass: 'fpk-inputs-fieldset', render: (p) => <QuantityInput label="Dose" {...p} /> },
  HumanNameInput: { rootClass: 'fpk-inputs-fieldset', render: (p) => <HumanNameInput label="Name" {...p} /> },
  DateTimeInput: { rootClass: 'fpk-inputs-field', render: (p) => <DateTimeInput label="When" {...p} /> },
  CodeableConceptInput: {
    rootClass: 'fpk-inputs-field',
    render: (p) => <CodeableConceptInput label="Code" expand={async () => []} {...p} />,
  },
  ResourcePicker: {
    rootClass: 'fpk-inputs-field',
    render: (p) => <ResourcePicker label="Patient" resourceType="Patient" search={noResources} {...p} />,
  },
  ReferenceInput: {
    rootClass: 'fpk-inputs-row',
    render: (p) => <ReferenceInput label="Subject" targetTypes={['Patient']} search={noResources} {...p} />,
  },
  MultiSelect: {
    rootClass: 'fpk-inputs-field',
    render: (p) => <MultiSelect label="Tags" options={[{ value: 'a', label: 'A' }]} {...p} />,
  },
  SecretInput: { rootClass: 'fpk-inputs-field', render: (p) => <SecretInput label="Secret" {...p} /> },
  CopyButton: { rootClass: 'fpk-inputs-copy', render: (p) => <CopyButton value="abc" {...p} /> },
  PendingWriteStatus: { rootClass: 'fpk-pending-write', render: (p) => <PendingWriteStatus state="pending" {...p} /> },
  OfflineBanner: {
    rootClass: 'fpk-offline-banner',
    render: (p) => <OfflineBanner status={{ online: false, waiting: 2, sentSinceOffline: 0 }} {...p} />,
  },
  OutboxConflictDialog: {
    rootClass: 'fpk-conflict-dialog',
    render: (p) => <OutboxConflictDialog conflict={conflictEntry} onResolve={() => undefined} {...p} />,
    root: {
      find: (document) => document.querySelector('[role="dialog"]'),
      why: 'Radix portals the dialog into document.body: the root is the dialog content',
    },
  },
  SearchTable: {
    rootClass: 'fpk-inputs-table-root',
    render: (p) => (
      <SearchTable
        label="Patients"
        resourceType="Patient"
        search={noBundle}
        columns={[{ key: 'id', label: 'ID' }]}
        {...p}
      />
    ),
  },
  ResourceForm: {
    rootClass: 'fpk-form',
    render: (p) => <ResourceForm resourceType="Patient" loadSchema={loadFixtureSchema} onSubmit={() => {}} {...p} />,
  },
  // chat/
  BaseChat: { rootClass: 'fpk-chat', render: (p) => <BaseChat title="Chat" communications={[]} {...p} /> },
  ThreadChat: {
    // Signed out (the profile is not found): the error it shows is the root then.
    rootClass: 'fpk-chat-error',
    wrap: withNotifications,
    settled: (screen) => screen.findByRole('alert'),
    render: (p) => (
      <ThreadChat title="Chat" participants={[{ reference: 'Patient/1' }, { reference: 'Practitioner/2' }]} {...p} />
    ),
  },
  ResourceChat: {
    rootClass: 'fpk-chat',
    wrap: withNotifications,
    render: (p) => (
      <ResourceChat
        title="Chat"
        resource={{ resourceType: 'Encounter', id: 'e1', status: 'planned', class: { code: 'AMB' } }}
        {...p}
      />
    ),
  },
};
