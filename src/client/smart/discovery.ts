import { errorOutcome, OperationOutcomeError } from '../../fhir/outcomes';
import { SmartMessages } from './messages';
import type { SmartEndpoints } from './types';

/** The CapabilityStatement extension that names a server's OAuth endpoints (SMART App Launch 1.0). */
export const OAUTH_URIS_EXTENSION = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';

interface Extension {
  url?: string;
  valueUri?: string;
  extension?: Extension[];
}

/** `{iss}/{path}`: the FHIR base is used as the server names it, with one slash between. */
export function issUrl(iss: string, path: string): string {
  return `${iss.replace(/\/+$/, '')}/${path}`;
}

async function getJson(fetchFn: typeof fetch, url: string): Promise<any> {
  try {
    const response = await fetchFn(url, { method: 'GET', headers: { Accept: 'application/json' } });
    return response.ok ? await response.json() : undefined;
  } catch {
    // A network failure or a body that is not JSON: this source names no endpoints; the next is tried.
    return undefined;
  }
}

function fromWellKnown(config: any): SmartEndpoints | undefined {
  if (typeof config?.authorization_endpoint !== 'string' || typeof config?.token_endpoint !== 'string') {
    return undefined;
  }
  return {
    authorizationEndpoint: config.authorization_endpoint,
    tokenEndpoint: config.token_endpoint,
    jwksUri: typeof config.jwks_uri === 'string' ? config.jwks_uri : undefined,
    issuer: typeof config.issuer === 'string' ? config.issuer : undefined,
    capabilities: Array.isArray(config.capabilities) ? config.capabilities : undefined,
  };
}

function fromCapabilityStatement(statement: any): SmartEndpoints | undefined {
  for (const rest of statement?.rest ?? []) {
    const oauth = (rest?.security?.extension as Extension[] | undefined)?.find((e) => e.url === OAUTH_URIS_EXTENSION);
    const uri = (name: string): string | undefined => oauth?.extension?.find((e) => e.url === name)?.valueUri;
    const authorize = uri('authorize');
    const token = uri('token');
    if (authorize && token) return { authorizationEndpoint: authorize, tokenEndpoint: token };
  }
  return undefined;
}

/**
 * Finds a FHIR server's SMART endpoints: its `.well-known/smart-configuration`, or, where it has
 * none, the oauth-uris extension of its CapabilityStatement (`{iss}/metadata`).
 */
export async function discoverSmartEndpoints(iss: string, fetchFn: typeof fetch): Promise<SmartEndpoints> {
  const wellKnown = fromWellKnown(await getJson(fetchFn, issUrl(iss, '.well-known/smart-configuration')));
  if (wellKnown) return wellKnown;
  const fallback = fromCapabilityStatement(await getJson(fetchFn, issUrl(iss, 'metadata')));
  if (fallback) return fallback;
  throw new OperationOutcomeError(errorOutcome(SmartMessages.discoveryFailed, 'not-found'));
}
