// A scripted external identity provider for the external sign-in tests: real HTTP on a free
// port, with the three endpoints the server talks to (authorize, token, user info). It checks
// what an OAuth2 provider checks (client authentication, the code, the redirect URI, the PKCE
// verifier) and records every request, so a test can assert what went over the wire; tests
// may also make it answer badly (huge, slow, not JSON) to play a hostile provider.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IdentityProviderConfig } from '../auth/identity-providers';

/** One request the provider received. */
export interface ProviderRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/** A running scripted provider. */
export interface TestIdentityProvider {
  url: string;
  requests: ProviderRequest[];
  /** Claims the user-info endpoint answers. */
  claims: Record<string, unknown>;
  /** Replaces the answer of an endpoint ('token' or 'userinfo') once set. */
  override: Partial<Record<'token' | 'userinfo', (res: http.ServerResponse) => void>>;
  /** The configuration that points at this provider. */
  config(extra?: Partial<IdentityProviderConfig>): IdentityProviderConfig;
  /** The provider's side of a sign-in: the code its authorize endpoint would send back. */
  issueCode(authorizeUrl: URL | string): string;
  close(): Promise<void>;
}

export const TEST_PROVIDER_CLIENT = { id: 'fpk-server', secret: 'provider-secret' } as const;

interface IssuedCode {
  redirectUri: string;
  challenge?: string;
  used: boolean;
}

/** Starts a scripted provider on 127.0.0.1 and a free port. */
export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Set<string>();
  const requests: ProviderRequest[] = [];
  const provider = {
    claims: {} as Record<string, unknown>,
    override: {} as TestIdentityProvider['override'],
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://provider');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form,
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/token') {
        if (provider.override.token) return provider.override.token(res);
        const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
          : [form.get('client_id'), form.get('client_secret')];
        if (id !== TEST_PROVIDER_CLIENT.id || secret !== TEST_PROVIDER_CLIENT.secret)
          return json(401, { error: 'invalid_client' });
        const issued = codes.get(form.get('code') ?? '');
        if (!issued || issued.used || issued.redirectUri !== form.get('redirect_uri'))
          return json(400, { error: 'invalid_grant' });
        issued.used = true;
        if (issued.challenge) {
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge)
            return json(400, { error: 'invalid_grant', error_description: 'PKCE' });
        }
        const token = randomBytes(16).toString('hex');
        tokens.add(token);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: 60 });
      }
      if (url.pathname === '/userinfo') {
        if (provider.override.userinfo) return provider.override.userinfo(res);
        const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
        if (!token || !tokens.has(token)) return json(401, { error: 'invalid_token' });
        return json(200, provider.claims);
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(provider, {
    url,
    requests,
    config: (extra: Partial<IdentityProviderConfig> = {}): IdentityProviderConfig => ({
      authorizeUrl: `${url}/authorize`,
      tokenUrl: `${url}/token`,
      userInfoUrl: `${url}/userinfo`,
      clientId: TEST_PROVIDER_CLIENT.id,
      clientSecret: TEST_PROVIDER_CLIENT.secret,
      ...extra,
    }),
    issueCode(authorizeUrl: URL | string): string {
      const params = new URL(authorizeUrl).searchParams;
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        redirectUri: params.get('redirect_uri') ?? '',
        challenge: params.get('code_challenge') ?? undefined,
        used: false,
      });
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
