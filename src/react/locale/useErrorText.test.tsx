// Server error outcomes in the reader's language: a real FhirClient whose injected fetch answers
// as the reference server does (an outcome with our outcome code, or only text), and a component
// that shows the failure through useErrorText under a provider in Spanish or Arabic.
import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { OUTCOME_CODE_SYSTEM, OUTCOME_VALUE_URL, type OperationOutcome } from '../../fhir';
import { outcomes as arOutcomes } from '../../locales/ar/outcomes';
import { outcomes as esOutcomes } from '../../locales/es/outcomes';
import { FhirProvider, useFhirClient } from '../FhirProvider';
import { createTestClient, fhirJson } from '../test-utils';
import type { LocaleMessages } from './LocaleMessages';
import { useErrorText } from './useErrorText';

function coded(text: string, code: string, options: { expression?: string; value?: number } = {}): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: 'invalid',
        details: { text, coding: [{ system: OUTCOME_CODE_SYSTEM, code }] },
        ...(options.expression ? { expression: [options.expression] } : {}),
        ...(options.value !== undefined
          ? { extension: [{ url: OUTCOME_VALUE_URL, valueInteger: options.value }] }
          : {}),
      },
    ],
  };
}

/** Signs in with a password the server refuses, and shows the failure as the page would. */
function SignInFailure() {
  const errorText = useErrorText();
  const [error, setError] = useState<unknown>();
  const client = useFhirClient();
  useEffect(() => {
    client.post('auth/login', { email: 'ana@example.com', password: 'wrong' }).catch(setError);
  }, [client]);
  return error ? <p role="alert">{errorText(error)}</p> : null;
}

const es: LocaleMessages = { outcomes: esOutcomes };
const ar: LocaleMessages = { outcomes: arOutcomes };

function renderFailure(answer: OperationOutcome, status: number, messages?: LocaleMessages) {
  const { client } = createTestClient(() => fhirJson(answer, status), { maxRetries: 0 });
  render(
    <FhirProvider client={client} messages={messages}>
      <SignInFailure />
    </FhirProvider>
  );
}

describe('useErrorText', () => {
  describe('when the server sets an outcome code', () => {
    it('shows the Spanish text of a wrong password', async () => {
      renderFailure(coded('Email or password is invalid', 'invalid-credentials', { expression: 'password' }), 400, es);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^El correo electrónico o la contraseña no son válidos$/
      );
    });

    it('shows the English default without a provider language', async () => {
      renderFailure(coded('Email or password is invalid', 'invalid-credentials'), 400);
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Email or password is invalid$/);
    });

    it("says the throttle's wait in the reader's language", async () => {
      renderFailure(coded('Too many attempts; try again later', 'too-many-attempts', { value: 300 }), 429, es);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^Demasiados intentos; vuelva a intentarlo dentro de 5 minutos$/
      );
    });

    it('shows the Arabic text of a failed bot check', async () => {
      renderFailure(coded('Bot check failed', 'bot-check-failed', { expression: 'altcha' }), 400, ar);
      expect(await screen.findByRole('alert')).toHaveTextContent(/^لم ينجح التحقق من أنك لست روبوتًا$/);
    });
  });

  describe('when the code is unknown or absent', () => {
    it("falls back to the server's text", async () => {
      renderFailure(coded('Something new went wrong', 'a-code-from-a-newer-server'), 400, es);
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Something new went wrong$/);
    });

    it("keeps a plain outcome's text and expression", async () => {
      const plain: OperationOutcome = {
        resourceType: 'OperationOutcome',
        issue: [
          { severity: 'error', code: 'processing', details: { text: 'Slot already booked' }, expression: ['slot'] },
        ],
      };
      renderFailure(plain, 400, es);
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Slot already booked \(slot\)$/);
    });
  });

  describe('when a resource fails validation', () => {
    const invalid: OperationOutcome = {
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'required',
          details: { text: 'Missing required property: status' },
          expression: ['Observation.status'],
        },
        {
          severity: 'error',
          code: 'invalid',
          details: { text: 'Invalid value for code: must be an object' },
          expression: ['Observation.code'],
        },
      ],
    };

    it('translates each issue by its issue code and expression', async () => {
      renderFailure(invalid, 400, es);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^Falta un dato obligatorio: status; El valor de code no es válido$/
      );
    });

    it("shows the server's own English text, with the element, as before translations existed", async () => {
      renderFailure(invalid, 400);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^Missing required property: status \(Observation\.status\); Invalid value for code: must be an object \(Observation\.code\)$/
      );
    });
  });
});
