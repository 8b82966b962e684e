/**
 * SMART discovery: the `.well-known/smart-configuration` document (at the server root and under
 * the FHIR base, without auth) and the FHIR base URL the server names itself by, which is what
 * a launch's `iss` says and what an authorize request's `aud` must equal.
 */
import type { ServerResponse } from '../http/router';
import type { ServerContext } from '../context';
import { jwksUri } from './smart-signing-key';

/** Where SMART clients look for discovery under the FHIR base; registered ahead of the FHIR routes. */
export const FHIR_SMART_CONFIGURATION_PATH = '/fhir/R4/.well-known/smart-configuration';

/**
 * The server's FHIR base as it names it (CapabilityStatement implementation.url, a launch's
 * `iss`): `{base}fhir/R4`, without a trailing slash.
 */
export function fhirBaseUrl(ctx: Pick<ServerContext, 'baseUrl'>): string {
  return new URL('fhir/R4', ctx.baseUrl).toString();
}

/** The scopes smart-configuration lists. */
const SCOPES_SUPPORTED = [
  'openid',
  'fhirUser',
  'profile',
  'email',
  'launch',
  'launch/patient',
  'offline_access',
  'patient/*.read',
  'patient/*.*',
  'user/*.read',
  'user/*.*',
  'system/*.*',
];

/**
 * What the server really does (no `context-style`: it sends no smart_style_url; no
 * `context-standalone-encounter`: a standalone launch has no encounter picker).
 */
const CAPABILITIES = [
  'launch-standalone',
  'launch-ehr',
  'client-public',
  'client-confidential-symmetric',
  'context-standalone-patient',
  'context-ehr-patient',
  'context-ehr-encounter',
  'context-banner',
  'permission-offline',
  'permission-patient',
  'permission-user',
  'sso-openid-connect',
];

/** SMART discovery document, served at the server root and under the FHIR base (without auth). */
export const smartConfiguration = (ctx: ServerContext) => async (): Promise<ServerResponse> => ({
  status: 200,
  headers: { 'Cache-Control': 'public, max-age=3600' },
  body: {
    issuer: ctx.baseUrl,
    jwks_uri: jwksUri(ctx),
    authorization_endpoint: new URL('oauth2/authorize', ctx.baseUrl).toString(),
    token_endpoint: new URL('oauth2/token', ctx.baseUrl).toString(),
    revocation_endpoint: new URL('oauth2/logout', ctx.baseUrl).toString(),
    userinfo_endpoint: new URL('auth/me', ctx.baseUrl).toString(),
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    response_types_supported: ['code'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: SCOPES_SUPPORTED,
    code_challenge_methods_supported: ['S256'],
    capabilities: CAPABILITIES,
  },
});
