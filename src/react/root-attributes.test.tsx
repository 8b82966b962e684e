// Every styled component forwards its ref and passes HTML attributes it does not use itself to
// its root element (issue 12, section 5). The display, chat and edit-input families have the
// same check in their own tests; this file holds the families whose components gained it later.
import { render, screen, waitFor } from '@testing-library/react';
import { createRef, type ReactElement, type Ref } from 'react';
import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '../fhir';
import { AltchaField, RegisterForm, SignInForm } from './auth';
import { renderWithClient } from './auth/testUtils';
import { ThreadChat } from './chat';
import { Notifications, NotificationsProvider } from './notifications';
import { QuestionnaireForm, SignaturePad, SimpleQuestionnaireForm } from './questionnaire';
import { Scheduler } from './scheduler';
import { createTestClient, deferred, fhirJson, withClient } from './test-utils';

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Intake',
  item: [{ linkId: 'name', text: 'Your name', type: 'string' }],
};

// What each case puts on the component: an id, a data attribute, a description and a handler.
const attributes = {
  id: 'root-under-test',
  'data-testid': 'root',
  'aria-describedby': 'outside-hint',
};

function expectRoot(ref: { current: unknown }) {
  const root = screen.getByTestId('root');
  expect(ref.current).toBe(root);
  expect(root).toHaveAttribute('id', 'root-under-test');
  expect(root).toHaveAttribute('aria-describedby', 'outside-hint');
  return root;
}

describe('styled components forward their ref and HTML attributes to their root', () => {
  it('QuestionnaireForm, while it reads the questionnaire and once it shows it', async () => {
    const answer = deferred<Response>();
    const { client } = createTestClient(() => answer.promise);
    const ref = createRef<HTMLDivElement>();
    render(<QuestionnaireForm ref={ref} questionnaire={{ reference: 'Questionnaire/q1' }} {...attributes} />, {
      wrapper: withClient(client),
    });
    expect(expectRoot(ref)).toHaveTextContent('Loading questionnaire...');
    answer.resolve(fhirJson({ ...questionnaire, id: 'q1' }));
    expect(await screen.findByRole('heading', { name: 'Intake' })).toBeInTheDocument();
    expect(expectRoot(ref)).toContainElement(screen.getByRole('heading', { name: 'Intake' }));
  });

  it('SignaturePad', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <SignaturePad
        ref={ref}
        label="Signature"
        clearLabel="Clear"
        typedLabel="Type your name"
        onChange={() => {}}
        {...attributes}
      />
    );
    expect(expectRoot(ref)).toContainElement(screen.getByRole('img', { name: 'Signature' }));
  });

  it('Scheduler', async () => {
    const { client } = createTestClient(() => fhirJson({ resourceType: 'Schedule', id: 's1' }));
    const ref = createRef<HTMLElement>();
    render(<Scheduler ref={ref} schedule={{ reference: 'Schedule/s1' }} dir="rtl" {...attributes} />, {
      wrapper: withClient(client),
    });
    const root = expectRoot(ref);
    expect(root.tagName).toBe('SECTION');
    expect(root).toHaveAttribute('dir', 'rtl');
    // The Schedule names no actor: the step the Scheduler shows for that.
    await waitFor(() => expect(root).toHaveAttribute('data-step', 'no-actor'));
  });

  it("SimpleQuestionnaireForm (the caller's id, which its controls name as their form)", () => {
    const ref = createRef<HTMLFormElement>();
    render(
      <SimpleQuestionnaireForm
        ref={ref}
        questionnaire={questionnaire}
        submitLabel="Next"
        now={() => new Date()}
        onSubmit={() => {}}
        {...attributes}
      />
    );
    expectRoot(ref);
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAttribute('form', 'root-under-test');
  });

  it('ThreadChat, signed out too', async () => {
    const { client } = createTestClient(() => fhirJson({}, 404));
    const ref = createRef<HTMLDivElement>();
    render(
      <NotificationsProvider container={null}>
        <ThreadChat
          ref={ref}
          title="Chat"
          participants={[{ reference: 'Patient/1' }, { reference: 'Practitioner/2' }]}
          className="mine"
          {...attributes}
        />
      </NotificationsProvider>,
      { wrapper: withClient(client) }
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Provider profile not found');
    expect(expectRoot(ref)).toHaveClass('fpk-chat-error', 'mine');
  });

  it.each<[string, (ref: Ref<HTMLDivElement>) => ReactElement]>([
    ['SignInForm', (ref) => <SignInForm ref={ref} {...attributes} />],
    ['RegisterForm', (ref) => <RegisterForm ref={ref} {...attributes} />],
  ])('%s', (_name, card) => {
    const ref = createRef<HTMLDivElement>();
    renderWithClient(card(ref), {});
    expect(expectRoot(ref)).toContainElement(screen.getByRole('heading', { level: 2 }));
  });

  it('AltchaField', () => {
    const ref = createRef<HTMLDivElement>();
    const altcha = { ref: () => {}, status: 'verified' as const, statusText: 'Verified', getPayload: async () => '' };
    render(<AltchaField ref={ref} altcha={altcha} {...attributes} />);
    expect(expectRoot(ref)).toContainElement(screen.getByRole('status'));
  });

  it('Notifications', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Notifications
        ref={ref}
        container={null}
        notifications={[{ id: '1', message: 'Saved', role: 'status', color: 'green', autoClose: false }]}
        onClose={() => {}}
        {...attributes}
      />
    );
    expect(expectRoot(ref)).toBe(screen.getByRole('region', { name: 'Notifications' }));
  });
});
