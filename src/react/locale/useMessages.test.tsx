import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { Questionnaire } from '../../fhir';
import * as arAuth from '../../locales/ar/auth';
import * as arQuestionnaire from '../../locales/ar/questionnaire';
import * as esAuth from '../../locales/es/auth';
import * as esChat from '../../locales/es/chat';
import * as esQuestionnaire from '../../locales/es/questionnaire';
import * as esScheduler from '../../locales/es/scheduler';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { BaseChat } from '../chat/BaseChat';
import { FhirProvider } from '../FhirProvider';
import { SimpleQuestionnaireForm } from '../questionnaire/SimpleQuestionnaireForm';
import { MonthCalendar } from '../scheduler/MonthCalendar';
import { createTestClient, fhirJson } from '../test-utils';
import type { LocaleMessages } from './LocaleMessages';
import { LocaleProvider } from './LocaleProvider';

const client = createTestClient(() => fhirJson({}, 404)).client;

function inLanguage(locale: string, messages: LocaleMessages) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <FhirProvider client={client} locale={locale} messages={messages}>
        {children}
      </FhirProvider>
    );
  };
}

const spanish: LocaleMessages = { ...esAuth, ...esQuestionnaire, ...esScheduler, ...esChat };

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [{ linkId: 'name', text: 'Name', type: 'string', required: true }],
};

// jsdom has no ResizeObserver; the chat's list measures with one.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

// Rendering four families at once is slow on a busy machine; as in MonthCalendar.test.tsx.
describe("the provider's messages", { timeout: 30_000 }, () => {
  it('reach a component of each family: auth, questionnaire, scheduler and chat', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ChangePasswordForm />
        <SimpleQuestionnaireForm
          questionnaire={questionnaire}
          onSubmit={() => {}}
          submitLabel="Siguiente"
          now={() => new Date('2026-03-09T12:00:00Z')}
        />
        <MonthCalendar aria-label="Fecha" month={new Date('2026-03-01T00:00:00Z')} timeZone="UTC" />
        <BaseChat title="Dra. Hibbert" communications={[]} profile="Patient/1" />
      </>,
      { wrapper: inLanguage('es', spanish) }
    );
    expect(screen.getByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay mensajes.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeInTheDocument();
    // The engine's texts arrive through the form: a required answer left empty.
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
  });

  it('reach a class component: the error panel', () => {
    const Throws = () => {
      throw new Error('Boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <LocaleProvider messages={{ errorBoundary: { title: 'Algo salió mal' } }}>
        <ErrorBoundary messages={{ tryAgain: 'Reintentar' }}>
          <Throws />
        </ErrorBoundary>
      </LocaleProvider>
    );
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("lose to a component's own messages prop", () => {
    render(<ChangePasswordForm messages={{ title: 'Nueva clave' }} />, { wrapper: inLanguage('es', spanish) });
    expect(screen.getByRole('heading', { name: 'Nueva clave' })).toBeInTheDocument();
    // The keys the prop leaves out still come from the provider.
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
  });

  it('leave a family they do not name in English', () => {
    render(
      <>
        <ChangePasswordForm />
        <MonthCalendar aria-label="Date" month={new Date('2026-03-01T00:00:00Z')} timeZone="UTC" />
      </>,
      { wrapper: inLanguage('es', { changePassword: esAuth.changePassword }) }
    );
    expect(screen.getByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
  });
});

describe('counted texts', () => {
  // The error under the new password when it is one character shorter than `min`.
  async function expectTooShort(min: number, locale: 'es' | 'ar', expected: string) {
    const texts = locale === 'es' ? esAuth.changePassword : arAuth.changePassword;
    const user = userEvent.setup();
    const { unmount } = render(<ChangePasswordForm minPasswordLength={min} />, {
      wrapper: inLanguage(locale, { changePassword: texts }),
    });
    const next = screen.getByLabelText(new RegExp(`^${texts.newPasswordLabel}`));
    await user.type(screen.getByLabelText(new RegExp(`^${texts.oldPasswordLabel}`)), 'old-secret');
    await user.type(next, 'x'.repeat(min - 1));
    await user.type(screen.getByLabelText(new RegExp(`^${texts.confirmPasswordLabel}`)), 'x'.repeat(min - 1));
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(next).toHaveAccessibleDescription(expected);
    unmount();
  }

  it('are Spanish for one and for many', async () => {
    await expectTooShort(2, 'es', 'La contraseña debe tener al menos 2 caracteres');
    expect(esAuth.changePassword.passwordTooShort(1)).toBe('La contraseña debe tener al menos 1 carácter');
    expect(esQuestionnaire.questionnaire.minOccurs(1)).toBe('Se requiere al menos 1 respuesta.');
    expect(esQuestionnaire.questionnaire.minOccurs(3)).toBe('Se requieren al menos 3 respuestas.');
    expect(esQuestionnaire.questionnaire.minLength(1000)).toBe('Debe tener al menos 1000 caracteres.');
  });

  it("take each of Arabic's forms: 0, 1, 2, 3, 11 and 100", async () => {
    await expectTooShort(11, 'ar', 'يجب ألا تقل كلمة المرور عن 11 حرفًا');
    const minLength = arQuestionnaire.questionnaire.minLength;
    expect([0, 1, 2, 3, 11, 100].map(minLength)).toEqual([
      'يجب ألا يقل عن 0 حرف.',
      'يجب ألا يقل عن حرف.',
      'يجب ألا يقل عن حرفين.',
      'يجب ألا يقل عن 3 أحرف.',
      'يجب ألا يقل عن 11 حرفًا.',
      'يجب ألا يقل عن 100 حرف.',
    ]);
    expect([1, 2, 3, 11, 100].map(arAuth.changePassword.passwordTooShort)).toEqual([
      'يجب ألا تقل كلمة المرور عن حرف واحد',
      'يجب ألا تقل كلمة المرور عن حرفين',
      'يجب ألا تقل كلمة المرور عن 3 أحرف',
      'يجب ألا تقل كلمة المرور عن 11 حرفًا',
      'يجب ألا تقل كلمة المرور عن 100 حرف',
    ]);
  });
});
