import { throwError } from '../fhir/outcomes';
import type { ClientStorage } from './storage';

/** Makes a PDF from a document definition (pdfmake's createPdf, for example). */
export type CreatePdfFunction = (docDefinition: any, tableLayouts?: any, fonts?: any) => Promise<Blob | Uint8Array>;

/** How a FhirClient is set up. */
export interface FhirClientOptions {
  /** Server base URL, http or https; defaults to the page's origin in a browser. */
  baseUrl?: string;
  /** Path of the FHIR base under the server base (default 'fhir/R4'). */
  fhirUrlPath?: string;
  /** Token endpoint (default `${baseUrl}oauth2/token`). */
  tokenUrl?: string;
  /** OAuth2 authorize endpoint for redirect sign-in (default `${baseUrl}oauth2/authorize`). */
  authorizeUrl?: string;
  /** Logout endpoint called by signOut (default `${baseUrl}oauth2/logout`). */
  logoutUrl?: string;
  /** OAuth client id; tokens issued to another client are rejected. */
  clientId?: string;
  /** OAuth client secret, for client-credentials sessions (never use in a browser). */
  clientSecret?: string;
  /** An access token to start with. */
  accessToken?: string;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** Where login state is kept (default localStorage, or memory where there is none). */
  storage?: ClientStorage;
  /** Milliseconds a GET answer is reused (default 60000 in a browser, 0 elsewhere). */
  cacheTime?: number;
  /** Number of resources kept in the resource cache (default 1000). */
  resourceCacheSize?: number;
  /** Milliseconds GETs are collected into one batch (default 0, off). */
  autoBatchTime?: number;
  /** Retries of a 429, 5xx or network failure (default 2). */
  maxRetries?: number;
  /** Longest wait before a retry, in milliseconds; longer waits are not retried (default 2000). */
  maxRetryTime?: number;
  /** Refresh the access token this many milliseconds before it expires (default 300000). */
  refreshGracePeriod?: number;
  /** Called when the session ends because the server rejected it and no refresh was possible. */
  onUnauthenticated?: () => void;
  /** Send `X-Medplum: extended` for extended server answers (default true). */
  extendedMode?: boolean;
  /** Headers added to every request. */
  defaultHeaders?: Record<string, string>;
  /** The reader's language (BCP 47, e.g. 'es'), sent as Accept-Language so the server's own texts (mails) match; see setLanguage. */
  language?: string;
  /** Which client messages reach the console (default 'warn'). */
  logLevel?: 'none' | 'error' | 'warn';
  /** Enables createPdf. */
  createPdf?: CreatePdfFunction;
}

/** Options with every default filled in. */
export type ResolvedOptions = Required<
  Pick<
    FhirClientOptions,
    | 'cacheTime'
    | 'resourceCacheSize'
    | 'autoBatchTime'
    | 'maxRetries'
    | 'maxRetryTime'
    | 'refreshGracePeriod'
    | 'extendedMode'
    | 'logLevel'
  >
> &
  FhirClientOptions & {
    baseUrl: string;
    fhirBaseUrl: string;
    authorizeUrl: string;
    tokenUrl: string;
    logoutUrl: string;
    fetch: typeof fetch;
  };

/** Adds a trailing slash when missing. */
export const withTrailingSlash = (url: string): string => (url.endsWith('/') ? url : url + '/');

/** Fills in defaults and checks the base URL and fetch. */
export function resolveOptions(options: FhirClientOptions = {}): ResolvedOptions {
  const baseUrl =
    options.baseUrl ?? (typeof window !== 'undefined' && window.location ? window.location.origin : undefined);
  if (!baseUrl || !/^https?:\/\//i.test(baseUrl)) throwError('Base URL must start with http or https', 'invalid');
  const base = withTrailingSlash(baseUrl);
  const fhirPath = (options.fhirUrlPath ?? 'fhir/R4').replace(/^\/+|\/+$/g, '');
  const fetchFn =
    options.fetch ?? (typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined);
  if (!fetchFn) throwError('Fetch not available in this environment', 'not-supported');
  return {
    cacheTime: typeof window !== 'undefined' ? 60000 : 0,
    resourceCacheSize: 1000,
    autoBatchTime: 0,
    maxRetries: 2,
    maxRetryTime: 2000,
    refreshGracePeriod: 300000,
    extendedMode: true,
    logLevel: 'warn',
    ...stripUndefined(options),
    baseUrl: base,
    fhirBaseUrl: fhirPath ? base + fhirPath + '/' : base,
    authorizeUrl: options.authorizeUrl ?? base + 'oauth2/authorize',
    tokenUrl: options.tokenUrl ?? base + 'oauth2/token',
    logoutUrl: options.logoutUrl ?? base + 'oauth2/logout',
    fetch: fetchFn,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
