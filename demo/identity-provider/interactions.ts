// The demo provider's own pages (oidc-provider leaves them to the host): a sign-in form for
// the login prompt, and the consent prompt granted at once (the portal is Northwind's own
// first-party app). Server text is escaped; forms are bounded; passwords compared in
// constant time; a wrong password answers like an unknown email.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { DemoProviderUser } from './provider';

/** Bodies of the sign-in form, at most. */
const MAX_FORM_BYTES = 8 * 1024;

/** Text made safe inside HTML text and quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends one of the provider's pages: its frame, styles and headers around `body` (HTML). */
export function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
  });
  res.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Northwind Health ID</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef1f6;color:#1a1a1a;margin:0}
main{max-width:420px;margin:4rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.brand{color:#1f3a68;font-weight:700;margin:0 0 1rem}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #5c6670;border-radius:4px;font-size:1rem}
button{margin-top:1.5rem;padding:.6rem 1.2rem;background:#1f3a68;color:#fff;border:0;border-radius:4px;font-size:1rem;cursor:pointer}
input:focus-visible,button:focus-visible{outline:3px solid #b35c00;outline-offset:2px}
[role=alert]{background:#fdecea;color:#8a1c1c;padding:.75rem;border-radius:4px}
</style>
</head>
<body><main>
<p class="brand">Northwind Health ID</p>
${body}
</main></body>
</html>`);
}

function signInPage(res: ServerResponse, uid: string, email: string, error?: string): void {
  page(
    res,
    error ? 400 : 200,
    'Sign in',
    `<h1>Sign in with your Northwind account</h1>
${error ? `<p role="alert" id="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${error ? ' aria-describedby="error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`
  );
}

function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Answers /interaction/{uid} (GET) and /interaction/{uid}/login (POST); false for other paths. */
export async function handleInteraction(
  provider: Provider,
  users: readonly DemoProviderUser[],
  req: IncomingMessage,
  res: ServerResponse
): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://provider').pathname;
  const match = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?$/.exec(path);
  if (!match) return false;
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== match[1]) {
    page(res, 400, 'Sign-in expired', '<h1>This sign-in has expired</h1><p>Go back and start again.</p>');
    return true;
  }

  if (details.prompt.name === 'consent') {
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id as string;
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details.missingOIDCScope as string[] | undefined;
    if (missing?.length) grant.addOIDCScope(missing.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return true;
  }

  if (req.method === 'GET' && !match[2]) {
    signInPage(res, details.uid, typeof details.params.login_hint === 'string' ? details.params.login_hint : '');
    return true;
  }
  if (req.method !== 'POST' || !match[2]) {
    res.writeHead(405, { Allow: 'GET, POST' }).end();
    return true;
  }

  const form = await readForm(req);
  const email = (form?.get('email') ?? '').trim().toLowerCase().slice(0, 254);
  const password = (form?.get('password') ?? '').slice(0, 1024);
  const user = users.find((u) => u.email === email);
  // The same comparison runs for an unknown email, so timing does not tell which exist.
  const matches = sameText(password, user?.password ?? '\u0000'.repeat(password.length + 1));
  if (!user || !matches) {
    signInPage(res, details.uid, email, 'Email or password is incorrect');
    return true;
  }
  await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
  return true;
}
