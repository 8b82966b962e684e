// The auth forms' errors in the reader's language: each issue of a refused login call is read
// by its outcome code (and expression) in the `outcomes` texts, else as the server wrote it.
import { describe, expect, it } from 'vitest';
import { OperationOutcomeError, withOutcomeCode, badRequestOutcome } from '../../fhir/outcomes';
import type { OperationOutcome } from '../../fhir/types';
import { outcomes as arOutcomes } from '../../locales/ar/outcomes';
import { outcomes as esOutcomes } from '../../locales/es/outcomes';
import { defaultErrorOutcomeMessages, type ErrorOutcomeMessages } from '../locale/outcomeMessages';
import { toFormErrors } from './formErrors';
import { defaultRegisterMessages } from './messages';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
const es: ErrorOutcomeMessages = { ...defaultErrorOutcomeMessages, ...esOutcomes };
const ar: ErrorOutcomeMessages = { ...defaultErrorOutcomeMessages, ...arOutcomes };

function refused(outcome: OperationOutcome) {
  return new OperationOutcomeError(outcome);
}

describe('toFormErrors', () => {
  describe('when the server sets an outcome code', () => {
    const taken = refused(withOutcomeCode(badRequestOutcome('Email already registered', 'email'), 'email-registered'));

    it('puts the Spanish text under the field the expression names', () => {
      expect(toFormErrors(taken, FIELDS, defaultRegisterMessages, {}, es)).toEqual({
        fieldErrors: { email: 'Este correo electrónico ya está registrado' },
        issues: [],
      });
    });

    it('keeps the English text without a language', () => {
      expect(toFormErrors(taken, FIELDS, defaultRegisterMessages)).toEqual({
        fieldErrors: { email: 'Email already registered' },
        issues: [],
      });
    });

    it("says a length limit with Arabic's plural form", () => {
      const long = refused(
        withOutcomeCode(badRequestOutcome('password must be at most 1024 characters', 'password'), 'too-long', 1024)
      );
      expect(toFormErrors(long, FIELDS, defaultRegisterMessages, {}, ar).fieldErrors).toEqual({
        password: `password: الحد الأقصى ${new Intl.NumberFormat('ar').format(1024)} حرفًا`,
      });
    });
  });

  describe('when the code is unknown', () => {
    it("shows the server's text", () => {
      const novel = badRequestOutcome('Passkeys only on this project', 'password');
      novel.issue[0].details!.coding = [{ system: 'https://fhir-portal-kit.dev/outcome-code', code: 'passkeys-only' }];
      expect(toFormErrors(refused(novel), FIELDS, defaultRegisterMessages, {}, es).fieldErrors).toEqual({
        password: 'Passkeys only on this project',
      });
    });
  });
});
