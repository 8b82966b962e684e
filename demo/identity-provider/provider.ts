// The demo's "external" identity provider: Northwind Health's OpenID Connect provider, built
// with oidc-provider, running on this machine because no hosted provider is reachable offline.
// One confidential client (the reference server, client_secret_basic, PKCE S256 required,
// exactly one redirect URI each), the people of demo/server/seed/external-identity.ts, and its
// own sign-in page (interactions.ts). Signing keys and cookie keys are made at each start.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { DEMO_IDP_CLIENT, DemoExternalUsers } from '../server/seed/external-identity';
import { handleHomePage } from './home-page';
import { handleInteraction } from './interactions';
import { MemoryAdapter } from './memory-adapter';

/** A person who signs in at the provider. */
export interface DemoProviderUser {
  sub: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

/** Options of startDemoIdentityProvider. */
export interface DemoIdentityProviderOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The reference server's callback(s), e.g. http://127.0.0.1:8103/auth/external/callback. */
  redirectUris: string[];
  users?: readonly DemoProviderUser[];
  /** The portal the root page links back to. */
  portalUrl?: string;
}

/** A running provider. */
export interface RunningIdentityProvider {
  /** The issuer, e.g. http://127.0.0.1:8104 (authorize at /auth, token at /token, user info at /me). */
  issuer: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the provider; resolves once it listens. */
export async function startDemoIdentityProvider(opts: DemoIdentityProviderOptions): Promise<RunningIdentityProvider> {
  const users = opts.users ?? Object.values(DemoExternalUsers);
  const host = opts.host ?? '127.0.0.1';
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const configuration: Configuration = {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: DEMO_IDP_CLIENT.id,
        client_secret: DEMO_IDP_CLIENT.secret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'northwind-demo', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { methods: ['S256'], required: () => true },
    // Seconds. Short: a demo sign-in takes a minute; the server reads the user info at once.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 300, IdToken: 300 },
    features: { devInteractions: { enabled: false } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const user = users.find((u) => u.sub === id);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        claims: () => ({
          sub: user.sub,
          email: user.email,
          email_verified: true,
          name: `${user.givenName} ${user.familyName}`,
          given_name: user.givenName,
          family_name: user.familyName,
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const text = String(out.error_description ?? out.error ?? 'Sign-in error').replace(/[&<>"']/g, '');
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p role="alert">${text}</p></main></body></html>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', (req, res) => {
    if (handleHomePage(req, res, opts.portalUrl)) return;
    handleInteraction(provider, users, req, res)
      .then((handled) => {
        if (!handled) callback(req, res);
      })
      .catch((err: unknown) => {
        console.error('[identity-provider] interaction failed', (err as Error).message);
        if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain' });
        res.end('This sign-in cannot continue; go back and start again.');
      });
  });

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
