// The server's own texts follow Accept-Language: the password reset mail is written in Spanish
// or Arabic when the request asks for it, in English otherwise; the login protocol's refusals
// carry a stable outcome code so the client can say them in any language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_CODE_SYSTEM } from '../../../src/fhir/outcomes';
import { createPasswordAccount } from '../test/accounts';
import { pkce, raw } from '../test/attacker';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import type { Mail, Mailer } from './password-reset';

class RecordingMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
}

describe.each(backends())('server texts in the reader language (%s)', (backend) => {
  let server: TestServer;
  const mailer = new RecordingMailer();

  beforeAll(async () => {
    server = await startTestServer(backend, { mailer, portalUrl: 'http://portal.example/' });
  }, 60_000);
  afterAll(() => server?.destroy());

  async function resetMailFor(headers: Record<string, string>): Promise<Mail> {
    const account = await createPasswordAccount(server);
    const res = await raw(server, 'POST', 'auth/resetpassword', { email: account.email }, headers);
    expect(res.status).toBe(200);
    for (let i = 0; i < 100 && !mailer.sent.some((m) => m.to === account.email); i++)
      await new Promise((r) => setTimeout(r, 20));
    const mail = mailer.sent.find((m) => m.to === account.email);
    if (!mail) throw new Error('no mail');
    return mail;
  }

  it('writes the reset mail in Spanish for Accept-Language: es', async () => {
    const mail = await resetMailFor({ 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(mail.subject).toBe('Restablezca su contraseña');
    expect(mail.text).toContain('en un plazo de 30 minutos');
    expect(mail.text).toContain(mail.link);
    expect(mail.language).toBe('es');
  });

  it('writes it in English without Accept-Language', async () => {
    const mail = await resetMailFor({});
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('within 30 minutes');
  });

  it('writes it in English for a garbage header of 8 KB', async () => {
    const mail = await resetMailFor({ 'Accept-Language': 'zz-'.repeat(2730) + ',es' });
    expect(mail.subject).toBe('Reset your password');
  });

  it('codes a wrong password so the client can translate it', async () => {
    const account = await createPasswordAccount(server);
    const { challenge } = pkce();
    const res = await raw(server, 'POST', 'auth/login', {
      email: account.email,
      password: 'not-the-password',
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    expect(res.status).toBe(400);
    expect(res.body.issue[0]).toMatchObject({
      code: 'invalid',
      expression: ['password'],
      details: {
        text: 'Email or password is invalid',
        coding: [{ system: OUTCOME_CODE_SYSTEM, code: 'invalid-credentials' }],
      },
    });
  });
});
