import { errorOutcome, OperationOutcomeError } from '../../fhir/outcomes';
import { createCodeChallenge, createCodeVerifier, getPkceStore, getRandomString } from '../login/pkce';
import { discoverSmartEndpoints } from './discovery';
import { SmartMessages } from './messages';
import { savePendingLaunch } from './pending';
import type { SmartLaunchOptions } from './types';

function fail(text: string): never {
  throw new OperationOutcomeError(errorOutcome(text, 'invalid'));
}

function defaultFetch(): typeof fetch {
  return globalThis.fetch.bind(globalThis);
}

/**
 * Builds the authorize URL of a SMART launch: discovers the endpoints from `iss`, sends
 * `aud` = iss exactly, S256, a random state and, for an EHR launch, `launch`, and keeps what the
 * callback needs in the store.
 */
export async function buildSmartAuthorizeUrl(options: SmartLaunchOptions): Promise<string> {
  const page = options.url ?? (typeof window !== 'undefined' ? window.location.href : undefined);
  const query = page ? new URL(page).searchParams : new URLSearchParams();
  const iss = options.iss ?? query.get('iss') ?? undefined;
  const launch = options.launch ?? query.get('launch') ?? undefined;
  if (!iss) fail(SmartMessages.missingIss);
  if (!/^https?:\/\/[^/]/i.test(iss)) fail(SmartMessages.invalidIss);
  const endpoints = await discoverSmartEndpoints(iss, options.fetch ?? defaultFetch());

  const state = getRandomString();
  const codeVerifier = createCodeVerifier();
  const { codeChallenge, codeChallengeMethod } = await createCodeChallenge(codeVerifier);
  // SMART servers require S256; plain would be refused after the user signed in, so refuse it now.
  if (codeChallengeMethod !== 'S256') fail(SmartMessages.insecureContext);

  const url = new URL(endpoints.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('scope', options.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('aud', iss);
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (launch) url.searchParams.set('launch', launch);

  savePendingLaunch(options.store ?? getPkceStore(), {
    ...endpoints,
    state,
    codeVerifier,
    iss,
    clientId: options.clientId,
    redirectUri: options.redirectUri,
  });
  return url.toString();
}

/** Starts a SMART launch (standalone, or EHR with `launch`) and navigates to the authorize endpoint. */
export async function launchSmartApp(options: SmartLaunchOptions): Promise<void> {
  const url = await buildSmartAuthorizeUrl(options);
  (options.navigate ?? ((target: string) => window.location.assign(target)))(url);
}
