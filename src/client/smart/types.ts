import type { PkceStore } from '../login/pkce';
import type { FhirClientOptions } from '../options';

/**
 * The launch context a SMART token response carries, kept with the login: who and what the app
 * was launched for. `fhirUser` comes from the verified id_token.
 */
export interface SmartLaunchContext {
  /** Id of the patient in context (`patient`). */
  patient?: string;
  /** Id of the encounter in context (`encounter`). */
  encounter?: string;
  /** The signed-in user as a relative or absolute reference, e.g. 'Practitioner/123' (id_token `fhirUser`). */
  fhirUser?: string;
  /** Whether the app should show a patient banner (`need_patient_banner`). */
  needPatientBanner?: boolean;
  /** Address of the EHR's style sheet (`smart_style_url`). */
  smartStyleUrl?: string;
  /** What the EHR launched the app for (`intent`). */
  intent?: string;
  /** The EHR's tenant (`tenant`). */
  tenant?: string;
  /** The scope the server granted (`scope`). */
  scope?: string;
  /** The claims of the verified id_token. */
  idTokenClaims?: Record<string, unknown>;
}

/** The endpoints a SMART launch needs, from discovery. */
export interface SmartEndpoints {
  /** OAuth2 authorize endpoint. */
  authorizationEndpoint: string;
  /** OAuth2 token endpoint. */
  tokenEndpoint: string;
  /** Where the server's id_token signing keys are (smart-configuration `jwks_uri`). */
  jwksUri?: string;
  /** The id_token issuer (smart-configuration `issuer`). */
  issuer?: string;
  /** The server's SMART capabilities. */
  capabilities?: string[];
}

/** Options of {@link smartLaunch}. */
export interface SmartLaunchOptions {
  /** The app's client id, as registered with the server. */
  clientId: string;
  /** The scope asked for, e.g. 'launch/patient openid fhirUser patient/*.read'. */
  scope: string;
  /** Where the server sends the browser back to; the page that calls completeSmartLaunch. */
  redirectUri: string;
  /** The FHIR base URL; the page URL's `?iss=` by default. */
  iss?: string;
  /** The EHR's launch id; the page URL's `?launch=` by default (absent for a standalone launch). */
  launch?: string;
  /** The fetch used for discovery (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** Navigates the browser; `window.location.assign` by default. */
  navigate?: (url: string) => void;
  /** The page URL `iss` and `launch` are read from (default `window.location.href`). */
  url?: string;
  /** Where the pending launch is kept until the callback; sessionStorage by default. */
  store?: PkceStore;
}

/** Options of {@link completeSmartLaunch}. */
export interface CompleteSmartLaunchOptions {
  /** The redirect page's URL with `code` and `state` (default `window.location.href`). */
  url?: string;
  /** The fetch used for the token request, the JWKS and the FhirClient (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** Where smartLaunch kept the pending launch; sessionStorage by default. */
  store?: PkceStore;
  /** Further options of the FhirClient it resolves with (storage, cacheTime, ...); the server's come from the launch. */
  clientOptions?: Omit<
    FhirClientOptions,
    'baseUrl' | 'fhirUrlPath' | 'authorizeUrl' | 'tokenUrl' | 'clientId' | 'fetch'
  >;
}
