import {
  OperationOutcomeError,
  badRequestOutcome,
  normalizeErrorString,
  throwError,
  unauthorizedOutcome,
} from '../fhir/outcomes';
import type { AccessPolicy } from '../fhir/access-policy';
import { TypedEventTarget } from './events';
import { type FhirClientOptions, type ResolvedOptions, resolveOptions } from './options';
import { pollAccepted } from './polling';
import { abortedError, fetchWithRetry } from './retry';
import {
  ACTIVE_LOGIN_KEY,
  LOGINS_KEY,
  type LoginState,
  type ProfileResource,
  type SessionDetails,
  type SessionMembership,
  type SessionProject,
  type TokenResponse,
  base64,
  checkToken,
  storeLogin,
  tokenExpiry,
} from './session';
import { ClientStorage } from './storage';
import { ACCEPT_HEADER, ContentType, type RequestOptions, encodeBody, readResponse } from './transport';

/** The events a FhirClient dispatches. */
export type FhirClientEventMap = {
  change: { type: 'change' };
  offline: { type: 'offline' };
  profileRefreshing: { type: 'profileRefreshing' };
  profileRefreshed: { type: 'profileRefreshed' };
  storageInitialized: { type: 'storageInitialized' };
};

/** The session half of the FhirClient: tokens, refresh, stored logins, profile, and the authenticated request every call goes through. */
export abstract class SessionClient extends TypedEventTarget<FhirClientEventMap> {
  protected readonly options: ResolvedOptions;
  protected readonly storage: ClientStorage;
  private readonly initPromise: Promise<void>;
  private initialized = false;
  private clientId?: string;
  private clientSecret?: string;
  private basicAuth?: string;
  private accessToken?: string;
  private refreshToken?: string;
  private accessTokenExpires?: number;
  private refreshPromise?: Promise<void>;
  private profilePromise?: Promise<ProfileResource | undefined>;
  private sessionDetails?: SessionDetails;

  constructor(options?: FhirClientOptions) {
    super();
    this.options = resolveOptions(options);
    const o = this.options;
    this.storage = o.storage ?? new ClientStorage();
    this.clientId = o.clientId;
    if (o.clientId && o.clientSecret) this.setBasicAuth(o.clientId, o.clientSecret);
    if (o.accessToken) this.setAccessToken(o.accessToken);
    const storageInit = this.storage.getInitPromise?.();
    if (storageInit) {
      this.initPromise = storageInit.then(() => {
        this.loadActiveLogin();
        this.initialized = true;
        this.dispatchEvent({ type: 'storageInitialized' });
      });
    } else {
      this.loadActiveLogin();
      this.initialized = true;
      this.initPromise = Promise.resolve();
    }
  }

  /** Forgets every cached answer and resource. */
  abstract invalidateAll(): void;

  /** Applies a Remember me choice to where the next login's tokens are kept, when the storage can choose. */
  setRememberMe(remember: boolean): void {
    (this.storage as { setRemember?: (remember: boolean) => void }).setRemember?.(remember);
  }

  /** An absolute URL: relative paths resolve against the server base. */
  protected resolveUrl(url: URL | string): string {
    const href = url.toString();
    return /^https?:\/\//i.test(href) ? href : this.options.baseUrl + href.replace(/^\//, '');
  }

  /** The headers of a request: Accept, extended mode, authorization, content type, then the caller's. */
  protected requestHeaders(options: RequestOptions, contentType?: string): Record<string, string> {
    const headers: Record<string, string> = { Accept: ACCEPT_HEADER, ...this.options.defaultHeaders };
    if (this.options.extendedMode) headers['X-Medplum'] = 'extended';
    if (this.accessToken) headers.Authorization = `Bearer ${this.accessToken}`;
    else if (this.basicAuth) headers.Authorization = `Basic ${this.basicAuth}`;
    if (contentType) headers['Content-Type'] = contentType;
    return { ...headers, ...options.headers };
  }

  private retryConfig(options: RequestOptions) {
    return {
      maxRetries: options.maxRetries ?? this.options.maxRetries,
      maxRetryTime: this.options.maxRetryTime,
      signal: options.signal,
      onOffline: () => this.dispatchEvent({ type: 'offline' }),
    };
  }

  /** Waits for a refresh in flight, or starts one inside the grace period before expiry. */
  protected async prepareSession(): Promise<void> {
    const due =
      this.accessTokenExpires !== undefined && Date.now() > this.accessTokenExpires - this.options.refreshGracePeriod;
    if (!this.refreshPromise && !(due && this.canRefresh())) return;
    try {
      await this.refresh();
    } catch (error) {
      this.unauthenticated(error);
    }
  }

  /** Sends a request with the session's headers, retries, 401 handling and 202 polling; answers the parsed body. */
  protected async request<T = any>(
    method: string,
    url: string,
    options: RequestOptions = {},
    body?: unknown,
    contentType?: string,
    retried = false,
    skipSession = false
  ): Promise<T> {
    if (options.signal?.aborted) throw abortedError();
    if (!skipSession) await this.prepareSession();
    const encoded = encodeBody(body, contentType);
    const tokenSent = this.accessToken;
    const init: RequestInit = {
      method,
      headers: this.requestHeaders(options, encoded.contentType),
      credentials: 'include',
      body: encoded.body,
      signal: options.signal,
    };
    const retry = this.retryConfig(options);
    let response = await fetchWithRetry(this.options.fetch, url, init, retry);
    if (response.status === 401 && !skipSession) {
      if (!retried && (await this.refreshAfter401(tokenSent))) {
        return this.request(method, url, options, body, contentType, true);
      }
      this.unauthenticated();
    }
    if (response.status === 202 && options.pollStatusOnAccepted) {
      const pollInit: RequestInit = { ...init, method: 'GET', body: undefined, headers: this.requestHeaders(options) };
      response = await pollAccepted(
        response,
        (statusUrl) => fetchWithRetry(this.options.fetch, this.resolveUrl(statusUrl), pollInit, retry),
        options.pollStatusPeriod,
        options.signal
      );
    }
    return readResponse(response);
  }

  /** Uses an access token (and optional refresh token) for every request. */
  setAccessToken(accessToken: string, refreshToken?: string): void {
    this.accessToken = accessToken;
    this.refreshToken = refreshToken;
    this.accessTokenExpires = tokenExpiry(accessToken);
    this.sessionDetails = undefined;
  }

  /** Uses HTTP Basic authentication with a client id and secret. */
  setBasicAuth(clientId: string, clientSecret: string): void {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.basicAuth = base64(`${clientId}:${clientSecret}`);
  }

  /** The OAuth client id in use, if any. */
  getClientId(): string | undefined {
    return this.clientId;
  }

  /** The current access token, if any. */
  getAccessToken(): string | undefined {
    return this.accessToken;
  }

  /** True when the client holds an unexpired access token or basic credentials. */
  isAuthenticated(): boolean {
    return (
      !!this.basicAuth ||
      (!!this.accessToken && (this.accessTokenExpires === undefined || Date.now() < this.accessTokenExpires))
    );
  }

  /** Resolves when the storage has loaded the saved login. */
  getInitPromise(): Promise<void> {
    return this.initPromise;
  }

  /** True once the storage has loaded. */
  isInitialized(): boolean {
    return this.initialized;
  }

  /** True while storage loads or the profile is being fetched for the first time. */
  isLoading(): boolean {
    return !this.initialized || (!!this.profilePromise && !this.sessionDetails?.profile);
  }

  /** The stored active login, if any. */
  getActiveLogin(): LoginState | undefined {
    return this.storage.getObject<LoginState>(ACTIVE_LOGIN_KEY);
  }

  /** Every stored login, one per profile. */
  getLogins(): LoginState[] {
    return this.storage.getObject<LoginState[]>(LOGINS_KEY) ?? [];
  }

  /** Makes a login active: stores it, uses its tokens and fetches its profile. */
  setActiveLogin(login: LoginState): Promise<void> {
    return this.activateLogin(login, false);
  }

  private async activateLogin(login: LoginState, fromTokenEndpoint: boolean): Promise<void> {
    // A refreshed token for the same user keeps the session details and the cache; another user starts clean.
    const sameUser = !!this.accessToken && this.getActiveLogin()?.profile?.reference === login.profile?.reference;
    if (!sameUser) this.clearActiveLogin();
    const details = sameUser ? this.sessionDetails : undefined;
    this.setAccessToken(login.accessToken, login.refreshToken);
    this.sessionDetails = details;
    this.storage.setObject(ACTIVE_LOGIN_KEY, login);
    storeLogin(this.storage, login);
    this.dispatchEvent({ type: 'change' });
    // Only our login protocol names a profile; other FHIR servers have no auth/me to ask.
    if (login.profile && !details) await this.refreshProfile(fromTokenEndpoint);
  }

  /** Ends the active login: forgets tokens, profile and cached data. */
  clearActiveLogin(): void {
    this.storage.setObject(ACTIVE_LOGIN_KEY, undefined);
    this.accessToken = undefined;
    this.refreshToken = undefined;
    this.accessTokenExpires = undefined;
    this.sessionDetails = undefined;
    this.invalidateAll();
    this.dispatchEvent({ type: 'change' });
  }

  /** Clears the storage and the active login. */
  clear(): void {
    this.storage.clear();
    this.clearActiveLogin();
  }

  /** Signs out on the server (POST the logout URL), then clears local state; a server failure is only logged. */
  async signOut(): Promise<void> {
    try {
      await this.request('POST', this.options.logoutUrl, {}, {});
    } catch (error) {
      this.log('warn', `Sign-out request failed: ${normalizeErrorString(error)}`);
    }
    this.clear();
  }

  /** The signed-in user's profile, when loaded. */
  getProfile(): ProfileResource | undefined {
    return this.sessionDetails?.profile;
  }

  /** The signed-in user's profile, fetching it (GET auth/me) when not yet loaded. */
  getProfileAsync(): Promise<ProfileResource | undefined> {
    if (this.profilePromise) return this.profilePromise;
    if (this.sessionDetails) return Promise.resolve(this.sessionDetails.profile);
    if (!this.accessToken) return Promise.resolve(undefined);
    return this.refreshProfile(false);
  }

  /** The project of the session. */
  getProject(): SessionProject | undefined {
    return this.sessionDetails?.project;
  }

  /** The project membership of the session. */
  getProjectMembership(): SessionMembership | undefined {
    return this.sessionDetails?.membership;
  }

  /** The user configuration of the session. */
  getUserConfiguration(): Record<string, unknown> | undefined {
    return this.sessionDetails?.config;
  }

  /** The access policy of the session. */
  getAccessPolicy(): AccessPolicy | undefined {
    return this.sessionDetails?.accessPolicy;
  }

  /** True when the session's project is a super-admin project. */
  isSuperAdmin(): boolean {
    return !!this.sessionDetails?.project?.superAdmin;
  }

  /** True when the session's membership is a project admin. */
  isProjectAdmin(): boolean {
    return !!this.sessionDetails?.membership?.admin;
  }

  private refreshProfile(skipSession: boolean): Promise<ProfileResource | undefined> {
    // `let` so the finally block can compare against this very request; a newer one may have replaced it.
    let promise: Promise<ProfileResource | undefined> | undefined = undefined;
    promise = (async () => {
      await Promise.resolve();
      this.dispatchEvent({ type: 'profileRefreshing' });
      try {
        const details = await this.request<SessionDetails>(
          'GET',
          this.options.baseUrl + 'auth/me',
          {},
          undefined,
          undefined,
          false,
          skipSession
        );
        this.sessionDetails = details;
        this.dispatchEvent({ type: 'change' });
        return details?.profile;
      } finally {
        if (this.profilePromise === promise) this.profilePromise = undefined;
        this.dispatchEvent({ type: 'profileRefreshed' });
      }
    })();
    this.profilePromise = promise;
    return promise as Promise<ProfileResource | undefined>;
  }

  private loadActiveLogin(): void {
    const login = this.getActiveLogin();
    if (!login?.accessToken) return;
    this.setAccessToken(login.accessToken, login.refreshToken);
    if (login.profile) {
      this.refreshProfile(false).catch((error) =>
        this.log('warn', `Could not load the profile: ${normalizeErrorString(error)}`)
      );
    }
  }

  private canRefresh(): boolean {
    return !!this.refreshToken || !!(this.clientId && this.clientSecret);
  }

  /** Refreshes the access token with the refresh token (or client credentials); concurrent callers share one request. */
  refresh(): Promise<void> {
    if (!this.refreshPromise) {
      let pending: Promise<unknown>;
      if (this.refreshToken) {
        const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: this.refreshToken });
        if (this.clientId) form.set('client_id', this.clientId);
        pending = this.fetchTokens(form);
      } else if (this.clientId && this.clientSecret) {
        pending = this.startClientLogin(this.clientId, this.clientSecret);
      } else {
        return Promise.reject(new OperationOutcomeError(unauthorizedOutcome()));
      }
      const promise = pending.then(
        () => {
          this.refreshPromise = undefined;
        },
        (error) => {
          this.refreshPromise = undefined;
          throw error;
        }
      );
      this.refreshPromise = promise;
    }
    return this.refreshPromise;
  }

  private async refreshAfter401(tokenSent: string | undefined): Promise<boolean> {
    // Another request refreshed while this one was in flight: just retry with the new token.
    if (this.accessToken && this.accessToken !== tokenSent) return true;
    if (!this.canRefresh() && !this.refreshPromise) return false;
    try {
      await this.refresh();
      return true;
    } catch {
      return false;
    }
  }

  private unauthenticated(cause?: unknown): never {
    this.clearActiveLogin();
    this.options.onUnauthenticated?.();
    throw new OperationOutcomeError(unauthorizedOutcome(), cause ? { cause } : undefined);
  }

  /** Signs in as a client with its id and secret (client_credentials grant, Basic authorization). */
  startClientLogin(clientId: string, clientSecret: string): Promise<ProfileResource | undefined> {
    this.setBasicAuth(clientId, clientSecret);
    return this.fetchTokens(new URLSearchParams({ grant_type: 'client_credentials' }));
  }

  /** Signs in with a JWT bearer assertion (jwt-bearer grant). */
  startJwtBearerLogin(clientId: string, assertion: string, scope: string): Promise<ProfileResource | undefined> {
    this.clientId = clientId;
    return this.fetchTokens(
      new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        client_id: clientId,
        assertion,
        scope,
      })
    );
  }

  /** Signs in as a client with a signed JWT client assertion. */
  startJwtAssertionLogin(jwt: string): Promise<ProfileResource | undefined> {
    return this.fetchTokens(
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: jwt,
      })
    );
  }

  /** Exchanges an access token from an external identity provider for one of ours (token-exchange grant); needs a clientId. */
  async exchangeExternalAccessToken(token: string, clientId?: string): Promise<ProfileResource | undefined> {
    const id = clientId || this.clientId;
    if (!id) throwError('FhirClient is missing clientId', 'invalid');
    return this.fetchTokens(
      new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        client_id: id,
        subject_token: token,
      })
    );
  }

  /**
   * Posts a form to the token endpoint and makes the answer the active login; any failure clears
   * the login. Public for the login steps (src/client/login); apps call the named logins instead.
   * @internal
   */
  async fetchTokens(formBody: URLSearchParams): Promise<ProfileResource | undefined> {
    const headers: Record<string, string> = {
      Accept: ContentType.JSON,
      'Content-Type': ContentType.FORM_URL_ENCODED,
    };
    if (this.basicAuth) headers.Authorization = `Basic ${this.basicAuth}`;
    let tokens: TokenResponse | undefined;
    let ok = false;
    try {
      const response = await fetchWithRetry(
        this.options.fetch,
        this.options.tokenUrl,
        { method: 'POST', headers, body: formBody.toString(), credentials: 'include' },
        this.retryConfig({})
      );
      ok = response.ok;
      tokens = await response.json().catch(() => undefined);
    } catch {
      // A network failure is reported like any other token-endpoint failure.
    }
    if (!ok || typeof tokens?.access_token !== 'string') {
      this.clearActiveLogin();
      throw new OperationOutcomeError(badRequestOutcome(tokens?.error_description || 'Failed to fetch tokens'));
    }
    try {
      checkToken(tokens.access_token, this.clientId);
    } catch (error) {
      this.clearActiveLogin();
      throw error;
    }
    await this.activateLogin(
      {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        project: tokens.project,
        profile: tokens.profile,
      },
      true
    );
    return this.getProfile();
  }

  /** Writes a client message to the console unless logLevel silences it; never pass a token. */
  protected log(level: 'warn' | 'error', message: string): void {
    const threshold = this.options.logLevel;
    if (threshold === 'none' || (threshold === 'error' && level === 'warn')) return;
    console[level](`[FhirClient] ${message}`);
  }
}
