/**
 * Third-party SMART apps: registering one (the `npm run register-app` script and tests call
 * registerClientApplication) and listing those a practitioner can launch. A registered app
 * is a ClientApplication of the server's default project whose redirect URIs match exactly.
 */
import type { ServerContext } from '../context';
import type { ClientApplicationRecord } from '../core/account-records';
import { secret } from './login-secrets';
import { clientSecretDigest } from './client-secrets';

/** What registering an app takes. */
export interface ClientRegistration {
  /** The app's client_id: 1 to 64 letters, digits, '-' and '.' (a FHIR id). */
  clientId: string;
  /** What practitioners see in the list of apps to launch. */
  name: string;
  /** Where oauth2/authorize may send the code, each matched exactly. At least one. */
  redirectUris: string[];
  /** Where an EHR launch opens the app; without one the app is not launchable from the EHR. */
  launchUri?: string;
  /**
   * A confidential client gets a secret (answered once; only its digest is stored) and must send
   * it at the token endpoint.
   */
  confidential?: boolean;
  /** The scopes the app may be granted, space separated; absent: any the user's role allows. */
  scope?: string;
}

/** The registered app (its record, secretDigest left out), and its secret when confidential (shown once; keep it safe). */
export interface RegisteredClient {
  client: ClientApplicationRecord;
  secret?: string;
}

/** A launchable app, as GET auth/launch/apps lists it. */
export interface LaunchableApp {
  client_id: string;
  name: string;
  launch_uri: string;
}

/** Thrown with a text that says what to fix in the registration. */
export class RegistrationError extends Error {
  override name = 'RegistrationError';
}

const CLIENT_ID = /^[A-Za-z0-9.-]{1,64}$/;

/** An absolute http(s) URL without a fragment (RFC 6749 section 3.1.2), or a RegistrationError. */
function absoluteUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RegistrationError(`${what} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RegistrationError(`${what} must be http or https, got ${JSON.stringify(value)}`);
  if (url.hash) throw new RegistrationError(`${what} must not have a fragment (#…), got ${JSON.stringify(value)}`);
  return value;
}

/** The record a registration writes (checked; no secret yet). */
export function clientApplicationOf(registration: ClientRegistration, projectId?: string): ClientApplicationRecord {
  if (!CLIENT_ID.test(registration.clientId))
    throw new RegistrationError('client id must be 1 to 64 letters, digits, "-" or "."');
  const name = registration.name?.trim();
  if (!name) throw new RegistrationError('name is required');
  if (!registration.redirectUris.length) throw new RegistrationError('at least one redirect URI is required');
  const redirectUris = [...new Set(registration.redirectUris.map((u) => absoluteUrl(u, 'redirect URI')))];
  const scope = registration.scope?.trim().split(/\s+/).filter(Boolean).join(' ');
  return {
    resourceType: 'ClientApplication',
    id: registration.clientId,
    name,
    redirectUris,
    thirdParty: true,
    ...(registration.launchUri ? { launchUri: absoluteUrl(registration.launchUri, 'launch URI') } : {}),
    ...(scope ? { scope } : {}),
    ...(projectId ? { project: { reference: `Project/${projectId}` } } : {}),
  };
}

/** Registers an app in the server's default project; refuses a client id already taken. */
export async function registerClientApplication(
  ctx: ServerContext,
  registration: ClientRegistration
): Promise<RegisteredClient> {
  const record = clientApplicationOf(registration, ctx.defaultProjectId);
  const taken = await ctx.systemRepo.readResource('ClientApplication', record.id!).catch(() => undefined);
  if (taken) throw new RegistrationError(`client id ${record.id} is already registered`);
  const clientSecret = registration.confidential ? secret() : undefined;
  const stored = await ctx.systemRepo.updateResource<ClientApplicationRecord>({
    ...record,
    ...(clientSecret ? { secretDigest: clientSecretDigest(clientSecret) } : {}),
  });
  // The caller shows the record: no digest leaves the server either.
  const { secretDigest: _digest, ...client } = stored;
  return { client, ...(clientSecret ? { secret: clientSecret } : {}) };
}

/** The apps of a project that have a launch URI, by name. */
export async function launchableApps(ctx: ServerContext, projectId: string): Promise<LaunchableApp[]> {
  const clients = await ctx.systemRepo.searchResources<ClientApplicationRecord>('ClientApplication', {
    _count: '1000',
  });
  return clients
    .filter((c) => c.launchUri && c.project?.reference === `Project/${projectId}`)
    .map((c) => ({ client_id: c.id!, name: c.name ?? c.id!, launch_uri: c.launchUri! }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
