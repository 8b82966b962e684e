// Issue 20, section 2: 'Forgot password' is a real reset. auth/resetpassword answers every email
// alike and mails a known one a single-use, short-lived link; auth/setpassword sets the password
// with it and ends every session of the account. Before, neither route existed (404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../auth/password-reset';
import { createPasswordAccount, type PasswordAccount } from '../test/accounts';
import { exchange, pkce, postFrom, raw } from '../test/attacker';
import { backends, startTestServer, type TestServer } from '../test/test-server';

class RecordingMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
}

const PORTAL = 'http://portal.example/';

describe.each(backends())('password reset (%s)', (backend) => {
  let server: TestServer;
  const mailer = new RecordingMailer();
  let address = 0;
  /** Each test asks from its own client address, so the per-address limit is its own. */
  const from = () => `127.0.3.${++address}`;

  beforeAll(async () => {
    server = await startTestServer(backend, { mailer, portalUrl: PORTAL });
  }, 60_000);
  afterAll(() => server?.destroy());

  /** The link mailed to `email` (the mail is sent after the answer). */
  async function mailTo(email: string, count = 1): Promise<{ id: string; secret: string; link: string }> {
    for (let i = 0; i < 100 && mailer.sent.filter((m) => m.to === email).length < count; i++)
      await new Promise((r) => setTimeout(r, 20));
    const mail = mailer.sent.filter((m) => m.to === email)[count - 1];
    if (!mail) throw new Error(`no mail to ${email}`);
    const match = /^http:\/\/portal\.example\/setpassword\/([^/]+)\/([^/]+)$/.exec(mail.link);
    if (!match) throw new Error(`unexpected link ${mail.link}`);
    expect(mail.text).toContain(mail.link);
    return { id: match[1], secret: match[2], link: mail.link };
  }

  async function requestLink(account: PasswordAccount) {
    const res = await postFrom(server, from(), 'auth/resetpassword', { email: account.email });
    expect(res.status).toBe(200);
    return mailTo(account.email);
  }

  async function session(account: PasswordAccount, password = account.password) {
    const { challenge, verifier } = pkce();
    const login = await raw(server, 'POST', 'auth/login', {
      email: account.email,
      password,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    if (login.status !== 200) return { status: login.status } as const;
    const tokens = await exchange(server, login.body.code, verifier);
    return { status: tokens.status, access: tokens.body.access_token, refresh: tokens.body.refresh_token } as const;
  }

  it('answers a known and an unknown email alike, and mails only the known one', async () => {
    const account = await createPasswordAccount(server);
    const address = from();
    const known = await postFrom(server, address, 'auth/resetpassword', { email: account.email });
    const unknown = await postFrom(server, address, 'auth/resetpassword', { email: 'nobody-here@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const { link } = await mailTo(account.email);
    expect(link.startsWith(`${PORTAL}setpassword/`)).toBe(true);
    expect(mailer.sent.some((m) => m.to === 'nobody-here@example.com')).toBe(false);
    // Only a digest of the secret is stored.
    const { secret } = await mailTo(account.email);
    const { rows } = await server.ctx.db.query<Record<string, unknown>>('SELECT * FROM password_resets');
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('sets the new password once: the old one and the link stop working', async () => {
    const account = await createPasswordAccount(server);
    const { id, secret } = await requestLink(account);
    const tooShort = await raw(server, 'POST', 'auth/setpassword', { id, secret, password: 'short' });
    expect(tooShort.status).toBe(400);
    const set = await raw(server, 'POST', 'auth/setpassword', { id, secret, password: 'a-brand-new-secret' });
    expect(set.status).toBe(200);
    expect((await session(account, 'a-brand-new-secret')).status).toBe(200);
    expect((await session(account)).status).toBe(400);
    const again = await raw(server, 'POST', 'auth/setpassword', { id, secret, password: 'another-new-secret' });
    expect(again.status).toBe(400);
    expect(again.body.issue[0].details.text).toBe('This link is invalid or has expired; ask for a new one');
    expect((await session(account, 'another-new-secret')).status).toBe(400);
  });

  it('refuses a wrong secret and an expired link', async () => {
    const account = await createPasswordAccount(server);
    const { id, secret } = await requestLink(account);
    const wrong = await raw(server, 'POST', 'auth/setpassword', {
      id,
      secret: secret.slice(0, -2) + (secret.endsWith('AA') ? 'BB' : 'AA'),
      password: 'a-brand-new-secret',
    });
    expect(wrong.status).toBe(400);
    await server.ctx.db.query('UPDATE password_resets SET expires_at = $2 WHERE id = $1', [id, Date.now() - 1]);
    const expired = await raw(server, 'POST', 'auth/setpassword', { id, secret, password: 'a-brand-new-secret' });
    expect(expired.status).toBe(400);
    expect(expired.body.issue[0].details.text).toBe('This link is invalid or has expired; ask for a new one');
    expect((await session(account)).status).toBe(200);
  });

  it('ends every other session of the account', async () => {
    const account = await createPasswordAccount(server);
    const before = await session(account);
    expect(before.status).toBe(200);
    const me = () => raw(server, 'GET', 'auth/me', undefined, { Authorization: `Bearer ${before.access}` });
    expect((await me()).status).toBe(200);
    const { id, secret } = await requestLink(account);
    expect((await raw(server, 'POST', 'auth/setpassword', { id, secret, password: 'a-brand-new-secret' })).status).toBe(
      200
    );
    expect((await me()).status).toBe(401);
    const refreshed = await raw(
      server,
      'POST',
      'oauth2/token',
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refresh }).toString(),
      { 'Content-Type': 'application/x-www-form-urlencoded' }
    );
    expect(refreshed.status).toBe(400);
  });

  it('sends no link for a domain that signs in at its identity provider, and says so as sign-in does', async () => {
    await server.ctx.systemRepo.updateResource<any>({
      resourceType: 'Project',
      id: server.ctx.defaultProjectId,
      name: 'Test',
      identityProviders: [
        {
          domains: ['provider-owned.example'],
          identityProvider: {
            authorizeUrl: 'https://idp.example/authorize',
            tokenUrl: 'https://idp.example/token',
            userInfoUrl: 'https://idp.example/userinfo',
            clientId: 'portal',
            clientSecret: 'secret',
          },
        },
      ],
    });
    const res = await postFrom(server, from(), 'auth/resetpassword', { email: 'ann@provider-owned.example' });
    expect(res.status).toBe(400);
    expect(res.body.issue[0].details.text).toMatch(/^This email domain signs in at its identity provider/);
    // The next account (createPasswordAccount) writes the project afresh, without the provider.
  });

  it('limits requests per email (known or not) and per client address', async () => {
    const account = await createPasswordAccount(server);
    const statuses: number[] = [];
    for (const email of [account.email, 'nobody-else@example.com']) {
      for (let i = 0; i < 4; i++)
        statuses.push((await postFrom(server, from(), 'auth/resetpassword', { email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 200, 200, 200, 429]);
    const address = from();
    const perAddress: number[] = [];
    for (let i = 0; i < 11; i++)
      perAddress.push((await postFrom(server, address, 'auth/resetpassword', { email: `x${i}@example.com` })).status);
    expect(perAddress).toEqual([...Array(10).fill(200), 429]);
  });
});
