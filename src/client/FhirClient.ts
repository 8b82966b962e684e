// FhirClient is a facade, and long for that reason alone: MedplumClient's public API (about 90
// methods, same names and argument order, so migrating is a change of import) with a TSDoc line
// and a delegation each. The logic lives in the parts it holds in #private fields: transport
// (client-transport.ts), session and tokens (client-session.ts), cache (client-cache.ts),
// auto-batch (autobatch.ts), login steps (login/), binary upload (binary.ts), the platform-only
// operations (platform/), subscriptions (subscriptions/). What stays here is URL building and
// the one request pipeline that ties transport, session and cache together.
import type { AccessPolicy } from '../fhir/access-policy';
import { OperationOutcomeError, badRequestOutcome, normalizeErrorString } from '../fhir/outcomes';
import { parseReference } from '../fhir/references';
import type { TypeSchema } from '../fhir/schema';
import type {
  Attachment,
  Binary,
  Bundle,
  Device,
  DocumentReference,
  ExtractResource,
  Identifier,
  Media,
  OperationOutcome,
  Reference,
  Resource,
  ResourceType,
  Subscription,
  ValueSet,
} from '../fhir/types';
import { AutoBatcher } from './autobatch';
import * as binaries from './binary';
import type { BinaryResult, BinarySource, CreateBinaryOptions } from './binary';
import { ClientCache, SYSTEM_DEVICE, type CacheChangeListener } from './client-cache';
import { ClientSession } from './client-session';
import { ClientTransport } from './client-transport';
import { type FhirClientEventMap, TypedEventTarget } from './events';
import { type ClientLog, consoleLog } from './log';
import { listenForSignOutInOtherTabs } from './login/crossTab';
import type { OfflineLayer } from './offline/offline-layer';
import type { Outbox } from './offline/outbox';
import type { OutboxEntry } from './offline/outbox-entry';
import type { AuthorizeRequest } from './login/redirect';
import type {
  BaseLoginRequest,
  EmailPasswordLoginRequest,
  GoogleLoginRequest,
  LoginAuthenticationResponse,
  LoginClient,
  MfaStatus,
  NewPatientRequest,
  NewProjectRequest,
  NewUserRequest,
} from './login/types';
import { type FhirClientOptions, type ResolvedOptions, resolveOptions } from './options';
import * as platform from './platform';
import type { CreatePdfOptions, EmailMessage, KeyValueClient } from './platform';
import { type QueryTypes, type ResourceArray, getQueryString, toResourceArray } from './query';
import { ReadablePromise } from './readable-promise';
import { abortedError } from './retry';
import type { LoginState, ProfileResource, SessionDetails, SessionMembership, SessionProject } from './session';
import type { SmartLaunchContext } from './smart/types';
import { ClientStorage } from './storage';
import {
  getClientSubscriptionManager,
  subscribeClientToCriteria,
  unsubscribeClientFromCriteria,
} from './subscriptions/client-subscriptions';
import type { SubscriptionEmitter } from './subscriptions/subscription-emitter';
import type { SubscriptionManager } from './subscriptions/subscription-manager';
import { ContentType, type RequestOptions, expectResource, readResponse } from './transport';

export type { CacheChangeListener } from './client-cache';
export type { FhirClientEventMap } from './events';
export type { CreatePdfOptions, EmailMessage, KeyValueClient } from './platform';

/** The parameters of ValueSet/$expand. */
export interface ValueSetExpandParams {
  url?: string;
  filter?: string;
  count?: number;
  offset?: number;
  /** The language of the displays (a language tag, e.g. 'es'). */
  displayLanguage?: string;
}

function missing(text: string): never {
  throw new OperationOutcomeError(badRequestOutcome(text));
}

const loadLoginSteps = () => import('./login/steps');
const loadRedirect = () => import('./login/redirect');
const loadSchema = () => import('./schema');
// The offline part (persisted reads, the outbox) loads only for a client given the offline option.
const loadOffline = () => import('./offline/offline-layer');

/**
 * A FHIR R4 client for any FHIR server and for the login protocol of the reference server (demo/server): requests
 * with retries (429 and 5xx) and async polling, a session with stored logins and token refresh,
 * a request and resource cache that Suspense can read, auto-batching, binary upload, websocket
 * subscriptions, and MedplumClient's names for every operation they share.
 *
 * @example
 * const client = new FhirClient({ baseUrl: 'https://fhir.example.com/', clientId: 'my-app' });
 * const patient = await client.readResource('Patient', '123');
 */
export class FhirClient extends TypedEventTarget<FhirClientEventMap> implements LoginClient {
  readonly #options: ResolvedOptions;
  readonly #log: ClientLog;
  readonly #transport: ClientTransport;
  readonly #cache: ClientCache;
  readonly #session: ClientSession;
  readonly #autoBatcher?: AutoBatcher;
  readonly #offline?: Promise<OfflineLayer>;
  #offlineLayer?: OfflineLayer;

  /** The server's key-value store (keyvalue/v1/{key}). */
  readonly keyValue: KeyValueClient;

  constructor(options?: FhirClientOptions) {
    super();
    const o = (this.#options = resolveOptions(options));
    const log = (this.#log = consoleLog(o.logLevel));
    const storage = o.storage ?? new ClientStorage();
    this.#transport = new ClientTransport(o, () => this.dispatchEvent({ type: 'offline' }));
    this.#cache = new ClientCache({
      cacheTime: o.cacheTime,
      size: o.resourceCacheSize,
      fhirBaseUrl: o.fhirBaseUrl,
      log: (message) => log('error', message),
    });
    this.#session = new ClientSession({
      options: o,
      storage,
      transport: this.#transport,
      log,
      emit: (type) => this.dispatchEvent({ type } as FhirClientEventMap[typeof type]),
      invalidateAll: () => this.invalidateAll(),
      fetchSessionDetails: (skipSession) =>
        this.#read(o.baseUrl + 'auth/me', () =>
          this.#request<SessionDetails>('GET', o.baseUrl + 'auth/me', {}, undefined, undefined, false, skipSession)
        ),
    });
    if (o.offline) {
      const offline = o.offline;
      this.#offline = loadOffline().then(
        (m) =>
          (this.#offlineLayer = new m.OfflineLayer(
            this,
            offline,
            (method, url, options, body, contentType) =>
              this.#request(method, url, options, body, contentType, false, false, true),
            (message) => log('warn', message)
          ))
      );
    }
    if (o.autoBatchTime > 0) {
      this.#autoBatcher = new AutoBatcher(
        o.autoBatchTime,
        o.fhirBaseUrl,
        (url, opts) => this.#request('GET', url, opts),
        (bundle) => this.#request('POST', o.fhirBaseUrl, {}, bundle).then((b) => expectResource<Bundle>(b, 'Bundle'))
      );
    }
    this.keyValue = platform.keyValueClient(this);
    // Signing out in another tab removes the stored login, and this tab forgets its tokens too; a
    // login another tab stores (a refresh, a sign-in) replaces this tab's.
    listenForSignOutInOtherTabs(this.#session, storage as never);
  }

  // ---------------------------------------------------------------- login part
  // The steps live in ./login as functions over the LoginClient this
  // class implements, loaded on first use: a session signs in once, so the data calls every
  // screen makes never carry them. MedplumClient's names and argument order.

  /** Starts an email and password sign-in (POST auth/login, with a PKCE challenge). */
  startLogin(loginRequest: EmailPasswordLoginRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startLogin(this, loginRequest));
  }

  /** Starts a Google sign-in (POST auth/google). */
  startGoogleLogin(googleRequest: GoogleLoginRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startGoogleLogin(this, googleRequest));
  }

  /** Registers a new user (POST auth/newuser). */
  startNewUser(newUserRequest: NewUserRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startNewUser(this, newUserRequest));
  }

  /** Creates a project for a new user's login (POST auth/newproject). */
  startNewProject(newProjectRequest: NewProjectRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startNewProject(this, newProjectRequest));
  }

  /** Creates the Patient and its membership for a new user's login (POST auth/newpatient). */
  startNewPatient(newPatientRequest: NewPatientRequest): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((login) => login.startNewPatient(this, newPatientRequest));
  }

  /** Exchanges an authorization code for tokens with the stored PKCE verifier. */
  processCode(code: string, loginParams?: Partial<BaseLoginRequest>): Promise<unknown> {
    return loadLoginSteps().then((login) => login.processCode(this, code, loginParams));
  }

  /** Signs in through the authorize redirect, or finishes one when the URL carries a code. */
  signInWithRedirect(loginParams?: AuthorizeRequest): Promise<unknown> {
    return loadRedirect().then((redirect) => redirect.signInWithRedirect(this, loginParams));
  }

  /** Starts a SMART standalone launch: sends the browser to the authorize endpoint. */
  startSmartLaunch(loginParams?: AuthorizeRequest): Promise<void> {
    return loadRedirect().then((redirect) => redirect.startSmartLaunch(this, loginParams));
  }

  /** Finishes an authorize redirect: checks the state, then exchanges the code. */
  handleRedirectCallback(url?: string | URL, loginParams?: Partial<BaseLoginRequest>): Promise<unknown> {
    return loadRedirect().then((redirect) => redirect.handleRedirectCallback(this, url, loginParams));
  }

  /** Sends the browser to an external identity provider; with PKCE it needs codeChallenge and codeChallengeMethod. */
  signInWithExternalAuth(
    authorizeUrl: string,
    clientId: string,
    redirectUri: string,
    baseLogin: BaseLoginRequest,
    pkceEnabled = true
  ): Promise<void> {
    return loadRedirect().then((redirect) =>
      redirect.signInWithExternalAuth(this, authorizeUrl, clientId, redirectUri, baseLogin, pkceEnabled)
    );
  }

  /** Where a pending login stands (GET auth/login/{login}), to resume it at its next step. */
  getLogin(login: string): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((steps) => steps.getLogin(this, login));
  }

  /** Proves the password of the account an external sign-in matched (POST auth/external/link); see linkExternalLogin. */
  linkExternalLogin(login: string, password: string): Promise<LoginAuthenticationResponse> {
    return loadLoginSteps().then((steps) => steps.linkExternalLogin(this, login, password));
  }

  /** Invites someone to a project (POST admin/projects/{id}/invite). */
  invite(projectId: string, body: Record<string, unknown>): Promise<unknown> {
    return loadLoginSteps().then((login) => login.invite(this, projectId, body));
  }

  // ---------------------------------------------------------------- session part

  /** Uses an access token (and optional refresh token) for every request. */
  setAccessToken(accessToken: string, refreshToken?: string): void {
    this.#session.setAccessToken(accessToken, refreshToken);
  }

  /** Uses HTTP Basic authentication with a client id and secret. */
  setBasicAuth(clientId: string, clientSecret: string): void {
    this.#session.setBasicAuth(clientId, clientSecret);
  }

  /** The OAuth client id in use, if any. */
  getClientId(): string | undefined {
    return this.#session.getClientId();
  }

  /** The current access token, if any. */
  getAccessToken(): string | undefined {
    return this.#session.getAccessToken();
  }

  /** True when the client holds an unexpired access token or basic credentials. */
  isAuthenticated(): boolean {
    return this.#session.isAuthenticated();
  }

  /** Resolves when the storage has loaded the saved login. */
  getInitPromise(): Promise<void> {
    return this.#session.getInitPromise();
  }

  /** True once the storage has loaded. */
  isInitialized(): boolean {
    return this.#session.isInitialized();
  }

  /** True while storage loads or the profile is being fetched for the first time. */
  isLoading(): boolean {
    return this.#session.isLoading();
  }

  /** The stored active login, if any. */
  getActiveLogin(): LoginState | undefined {
    return this.#session.getActiveLogin();
  }

  /** The SMART launch context of the active login (patient, encounter, fhirUser, ...), if any. */
  getLaunchContext(): SmartLaunchContext | undefined {
    return this.#session.getLaunchContext();
  }

  /** Every stored login, one per profile. */
  getLogins(): LoginState[] {
    return this.#session.getLogins();
  }

  /** Makes a login active: stores it, uses its tokens and fetches its profile. */
  setActiveLogin(login: LoginState): Promise<void> {
    return this.#session.activateLogin(login);
  }

  /** Ends the active login: forgets tokens, profile and cached data. */
  clearActiveLogin(): void {
    this.#session.clearActiveLogin();
  }

  /** Clears the storage and the active login. */
  clear(): void {
    this.#session.clear();
  }

  /** Sets the reader's language (BCP 47, e.g. 'es'; undefined: none), sent as Accept-Language from the next request on. */
  setLanguage(language: string | undefined): void {
    this.#transport.language = language;
  }

  /** Applies a Remember me choice to where the next login's tokens are kept, when the storage can choose. */
  setRememberMe(remember: boolean): void {
    this.#session.setRememberMe(remember);
  }

  /** Signs out on the server (POST the logout URL), then clears local state; a server failure is only logged. */
  async signOut(): Promise<void> {
    try {
      await this.#request('POST', this.#options.logoutUrl, {}, {});
    } catch (error) {
      this.#log('warn', `Sign-out request failed: ${normalizeErrorString(error)}`);
    }
    this.clear();
    // With the offline option, the login's reads and outbox are gone from the device when this resolves.
    await (await this.#offline)?.settled();
  }

  /** The signed-in login's outbox of writes waiting for the network (offline option), once loaded. */
  get outbox(): Outbox | undefined {
    return this.#offlineLayer?.outbox;
  }

  /** Resolves once the offline part (offline option) has loaded and done its store work so far (a wipe); `outbox` is then set. */
  async whenOfflineReady(): Promise<void> {
    await (await this.#offline)?.settled();
  }

  /** True when a read answered from the device, not the server (offline option): a resource, Bundle or searchResources array. */
  isStale(value: unknown): boolean {
    return !!this.#offlineLayer?.isStale(value);
  }

  /** The outbox entry of a value a write answered while offline (offline option); a copy of a queued create's body matches too. */
  queuedEntry(value: unknown): OutboxEntry | undefined {
    return this.#offlineLayer?.queuedEntry(value);
  }

  /** True while the write that answered this value waits, is being sent or is in conflict (offline option). */
  isQueued(value: unknown): boolean {
    return !!this.#offlineLayer?.isQueued(value);
  }

  /** True while the browser is offline or the last request found no network (offline option). */
  isOffline(): boolean {
    return !!this.#offlineLayer?.isOffline();
  }

  /** The signed-in user's profile, when loaded. */
  getProfile(): ProfileResource | undefined {
    return this.#session.details?.profile;
  }

  /** The signed-in user's profile, fetching it (GET auth/me) when not yet loaded. */
  getProfileAsync(): Promise<ProfileResource | undefined> {
    return this.#session.getProfileAsync();
  }

  /** The project of the session. */
  getProject(): SessionProject | undefined {
    return this.#session.details?.project;
  }

  /** The project membership of the session. */
  getProjectMembership(): SessionMembership | undefined {
    return this.#session.details?.membership;
  }

  /** The user configuration of the session. */
  getUserConfiguration(): Record<string, unknown> | undefined {
    return this.#session.details?.config;
  }

  /** The access policy of the session. */
  getAccessPolicy(): AccessPolicy | undefined {
    return this.#session.details?.accessPolicy;
  }

  /** True when the session's project is a super-admin project. */
  isSuperAdmin(): boolean {
    return !!this.#session.details?.project?.superAdmin;
  }

  /** True when the session's membership is a project admin. */
  isProjectAdmin(): boolean {
    return !!this.#session.details?.membership?.admin;
  }

  /** Refreshes the access token with the refresh token (or client credentials); concurrent callers share one request. */
  refresh(): Promise<void> {
    return this.#session.refresh();
  }

  /** Signs in as a client with its id and secret (client_credentials grant, Basic authorization). */
  startClientLogin(clientId: string, clientSecret: string): Promise<ProfileResource | undefined> {
    return this.#session.startClientLogin(clientId, clientSecret);
  }

  /** Signs in with a JWT bearer assertion (jwt-bearer grant). */
  startJwtBearerLogin(clientId: string, assertion: string, scope: string): Promise<ProfileResource | undefined> {
    return this.#session.startJwtBearerLogin(clientId, assertion, scope);
  }

  /** Signs in as a client with a signed JWT client assertion. */
  startJwtAssertionLogin(jwt: string): Promise<ProfileResource | undefined> {
    return this.#session.startJwtAssertionLogin(jwt);
  }

  /** Exchanges an access token from an external identity provider for one of ours (token-exchange grant); needs a clientId. */
  exchangeExternalAccessToken(token: string, clientId?: string): Promise<ProfileResource | undefined> {
    return this.#session.exchangeExternalAccessToken(token, clientId);
  }

  /**
   * Posts a grant to the token endpoint and makes the answer the active login; any failure clears
   * the login. The login steps (LoginClient) end here; apps call the named logins instead.
   */
  fetchTokens(formBody: URLSearchParams): Promise<ProfileResource | undefined> {
    return this.#session.fetchTokens(formBody);
  }

  // ---------------------------------------------------------------- account security
  // The signed-in user's own password and MFA (auth/changepassword, auth/mfa/*). Issues name the
  // field they are about (oldPassword, newPassword, token, password), so a form can show them there.

  /** Changes the signed-in user's password (POST auth/changepassword); the server ends their other sessions. */
  changePassword(oldPassword: string, newPassword: string, options?: RequestOptions): Promise<OperationOutcome> {
    return this.post('auth/changepassword', { oldPassword, newPassword }, ContentType.JSON, options);
  }

  /**
   * Asks for a password reset link (POST auth/resetpassword). The server answers alike whether
   * or not an account has the email, and mails a known one a single-use link to the portal's
   * set-password page: `{portal}/setpassword/{id}/{secret}`.
   */
  resetPassword(email: string, options?: RequestOptions): Promise<unknown> {
    return this.post('auth/resetpassword', { email }, ContentType.JSON, options);
  }

  /** Sets a new password with a reset link's id and secret (POST auth/setpassword); every session of the account ends. */
  setPassword(id: string, secret: string, password: string, options?: RequestOptions): Promise<OperationOutcome> {
    return this.post('auth/setpassword', { id, secret, password }, ContentType.JSON, options);
  }

  /** Whether MFA is on (GET auth/mfa/status); when off, the secret and QR code to enrol with. Never cached. */
  getMfaStatus(options?: RequestOptions): Promise<MfaStatus> {
    // Past the request cache: the answer changes with every enrolment and holds a secret.
    return this.#request('GET', this.#options.baseUrl + 'auth/mfa/status', options);
  }

  /** Turns MFA on with a code from the authenticator app and the current password (POST auth/mfa/enroll). */
  enrollMfa(token: string, password: string, options?: RequestOptions): Promise<MfaStatus> {
    return this.post('auth/mfa/enroll', { token, password }, ContentType.JSON, options);
  }

  /** Turns MFA off with the current password (POST auth/mfa/disable). */
  disableMfa(password: string, options?: RequestOptions): Promise<MfaStatus> {
    return this.post('auth/mfa/disable', { password }, ContentType.JSON, options);
  }

  // ---------------------------------------------------------------- URLs

  /** The server base URL, with a trailing slash. */
  getBaseUrl(): string {
    return this.#options.baseUrl;
  }

  /** The FHIR base URL, with a trailing slash. */
  getFhirBaseUrl(): string {
    return this.#options.fhirBaseUrl;
  }

  /** The OAuth2 authorize endpoint. */
  getAuthorizeUrl(): string {
    return this.#options.authorizeUrl;
  }

  /** The OAuth2 token endpoint. */
  getTokenUrl(): string {
    return this.#options.tokenUrl;
  }

  /** The logout endpoint. */
  getLogoutUrl(): string {
    return this.#options.logoutUrl;
  }

  /** A URL under the FHIR base, from path segments. */
  fhirUrl(...path: string[]): URL {
    return new URL(this.#options.fhirBaseUrl + path.join('/'));
  }

  /** The search URL for a resource type and query. */
  fhirSearchUrl(resourceType: ResourceType, query?: QueryTypes): URL {
    const url = this.fhirUrl(resourceType);
    if (query) url.search = getQueryString(query);
    return url;
  }

  // ---------------------------------------------------------------- HTTP verbs

  /**
   * GET a URL: identical GETs in flight share one request, answers are kept cacheTime ms. The
   * answer is a ReadablePromise, so React Suspense can `read()` it.
   */
  get<T = any>(url: URL | string, options: RequestOptions = {}): ReadablePromise<T> {
    const href = this.#transport.resolveUrl(url);
    if (options.cache !== 'no-cache' && options.cache !== 'reload') {
      const cached = this.#cache.getRequest<T>(href);
      if (cached) return cached;
    }
    const pending = this.#read<T>(href, () =>
      this.#autoBatcher && !options.disableAutoBatch && href.startsWith(this.#options.fhirBaseUrl)
        ? this.#autoBatcher.add(href, options)
        : this.#request('GET', href, options)
    );
    const promise = new ReadablePromise<T>(
      pending.then((result) => {
        this.#cache.storeResult(href, result);
        return result;
      })
    );
    this.#cache.setRequest(href, promise);
    return promise;
  }

  /** POST a body (objects as FHIR JSON) to a URL. */
  post<T = any>(url: URL | string, body?: any, contentType?: string, options: RequestOptions = {}): Promise<T> {
    return this.#write('POST', url, options, body, contentType);
  }

  /** PUT a body (objects as FHIR JSON) to a URL. */
  put<T = any>(url: URL | string, body: any, contentType?: string, options: RequestOptions = {}): Promise<T> {
    return this.#write('PUT', url, options, body, contentType);
  }

  /** PATCH a URL with JSON Patch operations. */
  patch<T = any>(url: URL | string, operations: any, options: RequestOptions = {}): Promise<T> {
    return this.#write('PATCH', url, options, operations, ContentType.JSON_PATCH);
  }

  /** DELETE a URL. */
  delete<T = any>(url: URL | string, options: RequestOptions = {}): Promise<T> {
    return this.#write('DELETE', url, options);
  }

  #write<T>(method: string, url: URL | string, options: RequestOptions, body?: any, contentType?: string): Promise<T> {
    const href = this.#transport.resolveUrl(url);
    this.#cache.deleteRequest(href);
    return this.#offline
      ? this.#offline.then((offline) => offline.write(method, href, options, body, contentType) as Promise<T>)
      : this.#request(method, href, options, body, contentType);
  }

  /** A GET through the offline part when there is one: kept on the device, answered from it without network. */
  #read<T>(href: string, send: () => Promise<T>): Promise<T> {
    return this.#offline ? this.#offline.then((offline) => offline.read(href, send)) : send();
  }

  /** The pipeline of every call: session check, send, one refresh and resend after a 401, 202 polling, parsed body. */
  async #request<T = any>(
    method: string,
    url: string,
    options: RequestOptions = {},
    body?: unknown,
    contentType?: string,
    retried = false,
    skipSession = false,
    raw = false
  ): Promise<T> {
    if (options.signal?.aborted) throw abortedError();
    const session = this.#session;
    if (!skipSession) await session.prepare();
    const tokenSent = session.getAccessToken();
    const authorization = session.authorization();
    let response = await this.#transport.send(method, url, options, authorization, body, contentType);
    if (response.status === 401 && !skipSession) {
      if (!retried && (await session.refreshAfter401(tokenSent))) {
        return this.#request(method, url, options, body, contentType, true, false, raw);
      }
      this.#offlineLayer?.revoked();
      session.unauthenticated(tokenSent);
    }
    if (response.status === 202 && options.pollStatusOnAccepted) {
      response = await this.#transport.poll(response, options, authorization);
    }
    return raw ? (response as T) : readResponse(response);
  }

  // ---------------------------------------------------------------- reads

  /** Reads one resource by type and id; Suspense can `read()` the answer. */
  readResource<K extends ResourceType>(
    resourceType: K,
    id: string,
    options?: RequestOptions
  ): ReadablePromise<ExtractResource<K>> {
    if (!id) return new ReadablePromise(Promise.reject(new OperationOutcomeError(badRequestOutcome('Missing id'))));
    return ReadablePromise.derive(this.get(this.fhirUrl(resourceType, id), options), (value) =>
      expectResource<ExtractResource<K>>(value, resourceType)
    );
  }

  /** Reads the resource a Reference points to ('system' is the system device); Suspense can `read()` it. */
  readReference<T extends Resource = Resource>(reference: Reference, options?: RequestOptions): ReadablePromise<T> {
    if (reference?.reference === 'system') return ReadablePromise.resolve(SYSTEM_DEVICE as Awaited<T>);
    let parsed: [string, string];
    try {
      parsed = parseReference(reference);
    } catch (error) {
      return new ReadablePromise(Promise.reject(error));
    }
    return this.readResource(parsed[0] as ResourceType, parsed[1], options) as ReadablePromise<any>;
  }

  /** Reads a resource's history, newest first, with optional paging. */
  async readHistory<K extends ResourceType>(
    resourceType: K,
    id: string,
    options: RequestOptions & { count?: number; offset?: number } = {}
  ): Promise<Bundle<ExtractResource<K>>> {
    if (!id) missing('Missing id');
    const url = this.fhirUrl(resourceType, id, '_history');
    if (options.count !== undefined) url.searchParams.set('_count', String(options.count));
    if (options.offset !== undefined) url.searchParams.set('_offset', String(options.offset));
    return this.#getBundle(url, options);
  }

  /** Reads one version of a resource. */
  async readVersion<K extends ResourceType>(
    resourceType: K,
    id: string,
    vid: string,
    options?: RequestOptions
  ): Promise<ExtractResource<K>> {
    if (!id) missing('Missing id');
    return expectResource(await this.get(this.fhirUrl(resourceType, id, '_history', vid), options), resourceType);
  }

  /** Reads a patient's whole record (Patient/{id}/$everything). */
  readPatientEverything(id: string, options?: RequestOptions): Promise<Bundle> {
    return this.#getBundle(this.fhirUrl('Patient', id, '$everything'), options);
  }

  /** Reads a patient's summary document (Patient/{id}/$summary). */
  readPatientSummary(id: string, options?: RequestOptions): Promise<Bundle> {
    return this.#getBundle(this.fhirUrl('Patient', id, '$summary'), options);
  }

  /** Reads a resource and what a GraphDefinition links to it ({type}/{id}/$graph?graph=name). */
  readResourceGraph(
    resourceType: ResourceType,
    id: string,
    graphName: string,
    options?: RequestOptions
  ): Promise<Bundle> {
    const url = this.fhirUrl(resourceType, id, '$graph');
    url.searchParams.set('graph', graphName);
    return this.#getBundle(url, options);
  }

  // ---------------------------------------------------------------- search

  /** Searches a resource type; answers the Bundle, which Suspense can `read()`. */
  search<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): ReadablePromise<Bundle<ExtractResource<K>>> {
    return this.#getBundle(this.fhirSearchUrl(resourceType, query), options);
  }

  /** Searches for the first match (adds _count=1); answers it or undefined. */
  async searchOne<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): Promise<ExtractResource<K> | undefined> {
    const url = this.fhirSearchUrl(resourceType, query);
    url.searchParams.set('_count', '1');
    url.searchParams.sort();
    const bundle = await this.#getBundle<ExtractResource<K>>(url, options);
    return bundle.entry?.[0]?.resource;
  }

  /** Searches and answers the matching resources, with the Bundle as `bundle`; Suspense can `read()` them. */
  searchResources<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): ReadablePromise<ResourceArray<ExtractResource<K>>> {
    return ReadablePromise.derive(this.search(resourceType, query, options), toResourceArray);
  }

  /** Yields every page of a search (pages of _count 1000 unless set), following next links. */
  async *searchResourcePages<K extends ResourceType>(
    resourceType: K,
    query?: QueryTypes,
    options?: RequestOptions
  ): AsyncGenerator<ResourceArray<ExtractResource<K>>> {
    const first = this.fhirSearchUrl(resourceType, query);
    if (!first.searchParams.has('_count')) first.searchParams.set('_count', '1000');
    let url: string | undefined = first.toString();
    while (url) {
      const bundle: Bundle<ExtractResource<K>> = await this.#getBundle(url, options);
      const next = bundle.link?.find((link) => link.relation === 'next')?.url;
      if (!bundle.entry?.length && !next) break;
      yield toResourceArray(bundle);
      url = next;
    }
  }

  /** Expands a ValueSet (GET ValueSet/$expand). */
  async valueSetExpand(params: ValueSetExpandParams, options?: RequestOptions): Promise<ValueSet> {
    const url = this.fhirUrl('ValueSet', '$expand');
    url.search = getQueryString(params as QueryTypes);
    return expectResource(await this.get(url, options), 'ValueSet');
  }

  /** Runs a GraphQL query (POST $graphql). */
  graphql(query: string, operationName?: string | null, variables?: any, options?: RequestOptions): Promise<any> {
    return this.post(this.fhirUrl('$graphql'), { query, operationName, variables }, ContentType.JSON, options);
  }

  /** A type's fields from the server's StructureDefinition, with its search parameters (GraphQL); kept per client. */
  requestSchema(resourceType: string, options?: RequestOptions): Promise<TypeSchema> {
    return loadSchema().then((schema) => schema.requestSchema(this, resourceType, options));
  }

  /** A profile's fields by canonical URL (POST StructureDefinition/$expand-profile?url=); kept per client. */
  requestProfileSchema(url: string, options?: RequestOptions): Promise<TypeSchema> {
    return loadSchema().then((schema) => schema.requestProfileSchema(this, url, options));
  }

  // ---------------------------------------------------------------- writes

  /** Creates a resource (POST {type}). */
  async createResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    return this.#afterWrite(
      resource.resourceType,
      await this.post(this.fhirUrl(resource.resourceType), resource, undefined, options)
    );
  }

  /** Creates a resource unless one matches the query (If-None-Exist); answers the new or the existing one. */
  async createResourceIfNoneExist<T extends Resource>(
    resource: T,
    query: QueryTypes,
    options: RequestOptions = {}
  ): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    const headers = { ...options.headers, 'If-None-Exist': getQueryString(query) };
    return this.#afterWrite(
      resource.resourceType,
      await this.post(this.fhirUrl(resource.resourceType), resource, undefined, { ...options, headers })
    );
  }

  /** Creates or updates the resource that matches the query (PUT {type}?query). */
  async upsertResource<T extends Resource>(resource: T, query: QueryTypes, options?: RequestOptions): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    const result = await this.put(this.fhirSearchUrl(resource.resourceType, query), resource, undefined, options);
    return this.#afterWrite(resource.resourceType, result ?? resource);
  }

  /** Updates a resource (PUT {type}/{id}). */
  async updateResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T> {
    if (!resource?.resourceType) missing('Missing resourceType');
    if (!resource.id) missing('Missing id');
    const result = await this.put(this.fhirUrl(resource.resourceType, resource.id), resource, undefined, options);
    // A server may answer an update with no body (304, or return=minimal): the sent resource is then the best we know.
    return this.#afterWrite(resource.resourceType, result ?? resource, resource.id);
  }

  /** Patches a resource with JSON Patch operations. */
  async patchResource<K extends ResourceType>(
    resourceType: K,
    id: string,
    operations: any[],
    options?: RequestOptions
  ): Promise<ExtractResource<K>> {
    if (!id) missing('Missing id');
    return this.#afterWrite(resourceType, await this.patch(this.fhirUrl(resourceType, id), operations, options), id);
  }

  /** Deletes a resource. */
  async deleteResource(resourceType: ResourceType, id: string, options?: RequestOptions): Promise<any> {
    if (!id) missing('Missing id');
    const result = await this.delete(this.fhirUrl(resourceType, id), options);
    this.#afterWrite(resourceType, undefined, id);
    return result;
  }

  /** Validates a resource on the server (POST {type}/$validate); answers the OperationOutcome. */
  async validateResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<OperationOutcome> {
    if (!resource?.resourceType) missing('Missing resourceType');
    return this.post(this.fhirUrl(resource.resourceType, '$validate'), resource, undefined, options);
  }

  /** Sends a batch or transaction Bundle to the FHIR base. */
  async executeBatch(bundle: Bundle, options?: RequestOptions): Promise<Bundle> {
    const response = expectResource<Bundle>(
      await this.post(this.#options.fhirBaseUrl, bundle, undefined, options),
      'Bundle'
    );
    this.#cache.afterBatch(bundle, response);
    return response;
  }

  // ---------------------------------------------------------------- platform-only operations (./platform)

  /** Runs a Bot by id, or by identifier (Bot/$execute?identifier=system|value). */
  executeBot(
    idOrIdentifier: string | Identifier,
    body: any,
    contentType?: string,
    options?: RequestOptions
  ): Promise<any> {
    return platform.executeBot(this, idOrIdentifier, body, contentType, options);
  }

  /** Sends an email through the server (POST email/v1/send). */
  sendEmail(email: EmailMessage, options?: RequestOptions): Promise<OperationOutcome> {
    return platform.sendEmail(this, email, options);
  }

  /** Pushes a message to an Agent (POST Agent/{id}/$push). */
  pushToAgent(
    agent: Resource | Reference,
    destination: Device | Reference | string,
    body: any,
    contentType?: string,
    waitForResponse?: boolean,
    waitTimeout?: number,
    options?: RequestOptions
  ): Promise<any> {
    return platform.pushToAgent(this, agent, destination, body, contentType, waitForResponse, waitTimeout, options);
  }

  /** Starts a bulk export ([type/]$export, Prefer: respond-async) and polls until the manifest is ready. */
  bulkExport(exportLevel = '', resourceTypes?: string, since?: string, options: RequestOptions = {}): Promise<any> {
    return platform.bulkExport(this, exportLevel, resourceTypes, since, options);
  }

  /** Makes a PDF with the createPdf option and uploads it as a Binary; throws 'PDF creation not enabled' without it. */
  createPdf(options: CreatePdfOptions, requestOptions?: RequestOptions): Promise<Binary>;
  createPdf(docDefinition: any, filename?: string, tableLayouts?: any, fonts?: any): Promise<Binary>;
  createPdf(arg1: any, arg2?: any, arg3?: any, arg4?: any): Promise<Binary> {
    return platform.createPdf(this, this.#options.createPdf, arg1, arg2, arg3, arg4);
  }

  // ---------------------------------------------------------------- binary upload (./binary)

  /** Uploads data as a Binary (POST Binary?_filename=...); with onProgress the upload reports progress. A File with no name is ignored. */
  createBinary<T extends BinarySource>(
    options: CreateBinaryOptions<T>,
    requestOptions?: RequestOptions
  ): Promise<BinaryResult<T, Binary>>;
  createBinary<T extends BinarySource>(
    data: T,
    filename: string | undefined,
    contentType: string,
    onProgress?: (event: ProgressEvent) => void,
    options?: RequestOptions
  ): Promise<BinaryResult<T, Binary>>;
  createBinary(
    arg1: BinarySource | CreateBinaryOptions,
    arg2?: string | RequestOptions,
    arg3?: string,
    arg4?: (event: ProgressEvent) => void,
    arg5?: RequestOptions
  ): Promise<Binary | undefined> {
    return binaries.createBinary(this, this.#uploadHeaders, ...binaries.binaryArgs(arg1, arg2, arg3, arg4, arg5));
  }

  /** Uploads data as a Binary and answers an Attachment {contentType, url, title} pointing to it. */
  createAttachment<T extends BinarySource>(
    options: CreateBinaryOptions<T>,
    requestOptions?: RequestOptions
  ): Promise<BinaryResult<T, Attachment>>;
  createAttachment<T extends BinarySource>(
    data: T,
    filename: string | undefined,
    contentType: string,
    onProgress?: (event: ProgressEvent) => void,
    options?: RequestOptions
  ): Promise<BinaryResult<T, Attachment>>;
  createAttachment(
    arg1: BinarySource | CreateBinaryOptions,
    arg2?: string | RequestOptions,
    arg3?: string,
    arg4?: (event: ProgressEvent) => void,
    arg5?: RequestOptions
  ): Promise<Attachment | undefined> {
    return binaries.createAttachment(this, this.#uploadHeaders, ...binaries.binaryArgs(arg1, arg2, arg3, arg4, arg5));
  }

  /** Creates a Media: status preparation, then the upload, then status completed with the attachment as content. */
  uploadMedia(
    contents: BinarySource,
    contentType: string,
    filename: string | undefined,
    additionalFields?: Partial<Media>,
    options?: RequestOptions
  ): Promise<Media> {
    return binaries.uploadMedia(this, this.#uploadHeaders, contents, contentType, filename, additionalFields, options);
  }

  /** Same as uploadMedia. */
  createMedia(
    contents: BinarySource,
    contentType: string,
    filename: string | undefined,
    additionalFields?: Partial<Media>,
    options?: RequestOptions
  ): Promise<Media> {
    return this.uploadMedia(contents, contentType, filename, additionalFields, options);
  }

  /** Uploads a file as a Binary, then creates a DocumentReference (status current) with it as content[0].attachment. */
  createDocumentReference(
    contents: BinarySource,
    contentType: string,
    filename: string | undefined,
    additionalFields?: Partial<DocumentReference>,
    options?: RequestOptions
  ): Promise<DocumentReference> {
    return binaries.createDocumentReference(
      this,
      this.#uploadHeaders,
      contents,
      contentType,
      filename,
      additionalFields,
      options
    );
  }

  /** The headers of an upload with progress (a direct XMLHttpRequest): the session's, after any due refresh. */
  readonly #uploadHeaders = async (headers: Record<string, string>): Promise<Record<string, string>> => {
    await this.#session.prepare();
    return this.#transport.headers(this.#session.authorization(), { headers });
  };

  // ---------------------------------------------------------------- subscriptions (MedplumClient's names)

  /** The client's websocket SubscriptionManager, loaded and created on first use. */
  getSubscriptionManager(): Promise<SubscriptionManager> {
    return getClientSubscriptionManager(this);
  }

  /** Subscribes to a search criteria over the websocket; repeat calls share one subscription. */
  subscribeToCriteria(criteria: string, subscriptionProps?: Partial<Subscription>): SubscriptionEmitter {
    return subscribeClientToCriteria(this, criteria, subscriptionProps);
  }

  /** Drops one use of a criteria subscribed with subscribeToCriteria; the last one unbinds it. */
  unsubscribeFromCriteria(criteria: string, _subscriptionProps?: Partial<Subscription>): void {
    unsubscribeClientFromCriteria(this, criteria);
  }

  // ---------------------------------------------------------------- cache

  /** A cached resource, if any (never fetches). */
  getCached<K extends ResourceType>(resourceType: K, id: string): ExtractResource<K> | undefined {
    return this.#cache.getResource(`${resourceType}/${id}`) as ExtractResource<K> | undefined;
  }

  /** The cached resource a Reference points to, if any. */
  getCachedReference<T extends Resource = Resource>(reference: Reference): T | undefined {
    return this.#cache.getReference<T>(reference);
  }

  /** Forgets the cached answer of one URL. */
  invalidateUrl(url: URL | string): void {
    this.#cache.invalidateUrl(this.#transport.resolveUrl(url));
  }

  /** Forgets every cached answer and resource. */
  invalidateAll(): void {
    this.#cache.invalidateAll();
  }

  /** Forgets every cached search of a resource type. */
  invalidateSearches(resourceType: ResourceType): void {
    this.#cache.invalidateSearches(resourceType);
  }

  /** Subscribes to cache changes; answers the unsubscribe function. */
  onCacheChange(listener: CacheChangeListener): () => void {
    return this.#cache.subscribe(listener);
  }

  #afterWrite<T extends Resource>(resourceType: ResourceType, result: T | undefined, id?: string): T {
    return this.#cache.afterWrite(resourceType, result, id);
  }

  #getBundle<T extends Resource = Resource>(url: URL | string, options?: RequestOptions): ReadablePromise<Bundle<T>> {
    return ReadablePromise.derive(this.get(url, options), (value) => expectResource<Bundle<T>>(value, 'Bundle'));
  }
}
