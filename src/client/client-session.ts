import {
  OperationOutcomeError,
  badRequestOutcome,
  normalizeErrorString,
  throwError,
  unauthorizedOutcome,
} from '../fhir/outcomes';
import type { ClientTransport } from './client-transport';
import type { FhirClientEventMap } from './events';
import type { ClientLog } from './log';
import type { ResolvedOptions } from './options';
import { exclusive } from './refresh-lock';
import {
  ACTIVE_LOGIN_KEY,
  LOGINS_KEY,
  type LoginState,
  type ProfileResource,
  type SessionDetails,
  type TokenResponse,
  base64,
  checkToken,
  storeLogin,
  tokenExpiry,
} from './session';
import type { SmartLaunchContext } from './smart/types';
import type { ClientStorage } from './storage';
import { ContentType } from './transport';

/** What the session part needs from the client around it. */
export interface SessionHost {
  readonly options: ResolvedOptions;
  readonly storage: ClientStorage;
  readonly transport: ClientTransport;
  readonly log: ClientLog;
  emit(type: keyof FhirClientEventMap): void;
  /** Forgets every cached answer and resource (a new user starts clean). */
  invalidateAll(): void;
  /** GET auth/me with the session's token; skipSession skips the refresh check (the token is brand new). */
  fetchSessionDetails(skipSession: boolean): Promise<SessionDetails>;
}

/**
 * The client's session part: the tokens (only here, in #private fields), their refresh inside the
 * grace period with one shared in-flight request, the stored logins, the token-endpoint grants and
 * the session details (GET auth/me). It answers the Authorization value of each request and never
 * hands a token to a log line or an error.
 *
 * Tabs sharing a stored login refresh it once between them (refresh-lock.ts): inside the lock a
 * tab first takes what another tab stored since it last looked, and a login another tab stores
 * reaches this one through the storage event too. Client-side only: the server rotates refresh
 * tokens with no grace window for the previous one.
 */
export class ClientSession {
  readonly #host: SessionHost;
  readonly #initPromise: Promise<void>;
  #initialized = false;
  #clientId?: string;
  #clientSecret?: string;
  #basicAuth?: string;
  #accessToken?: string;
  #refreshToken?: string;
  #accessTokenExpires?: number;
  #refreshPromise?: Promise<void>;
  /** The login as this tab last read or wrote it in storage; a different stored one came from another tab. */
  #login?: LoginState;
  /** The access token whose loss onUnauthenticated has already reported. */
  #reported?: string;
  #profilePromise?: Promise<ProfileResource | undefined>;
  #details?: SessionDetails;

  constructor(host: SessionHost) {
    this.#host = host;
    const o = host.options;
    this.#clientId = o.clientId;
    if (o.clientId && o.clientSecret) this.setBasicAuth(o.clientId, o.clientSecret);
    if (o.accessToken) this.setAccessToken(o.accessToken);
    const storageInit = host.storage.getInitPromise?.();
    const init = (): void => {
      this.#loadActiveLogin();
      this.#initialized = true;
    };
    if (storageInit) {
      this.#initPromise = storageInit.then(() => {
        init();
        host.emit('storageInitialized');
      });
    } else {
      init();
      this.#initPromise = Promise.resolve();
    }
  }

  /** The Authorization header value: the bearer token, else basic credentials, else none. */
  authorization(): string | undefined {
    if (this.#accessToken) return `Bearer ${this.#accessToken}`;
    return this.#basicAuth ? `Basic ${this.#basicAuth}` : undefined;
  }

  /** The details GET auth/me answered, once loaded. */
  get details(): SessionDetails | undefined {
    return this.#details;
  }

  /** Waits for a refresh in flight, or starts one inside the grace period before expiry. */
  async prepare(): Promise<void> {
    const due =
      this.#accessTokenExpires !== undefined &&
      Date.now() > this.#accessTokenExpires - this.#host.options.refreshGracePeriod;
    if (!this.#refreshPromise && !(due && this.#canRefresh())) return;
    const token = this.#accessToken;
    try {
      await this.refresh();
    } catch (error) {
      // Offline client, no answer from the token endpoint: the login stays and the request fails as offline.
      if (this.#keepsLogin(error)) throw error;
      this.unauthenticated(token, error);
    }
  }

  /**
   * True when a failed refresh got no answer at all (fetch threw) and the client has the offline
   * option: being offline says nothing about the login, and signing the patient out would leave
   * them with neither the portal nor what this device keeps for them. Other clients sign out.
   */
  #keepsLogin(error: unknown): boolean {
    return (
      !!this.#host.options.offline &&
      error instanceof OperationOutcomeError &&
      error.outcome.issue?.[0]?.code === 'transient'
    );
  }

  /** After a 401: true when the request is worth sending again with a new token. */
  async refreshAfter401(tokenSent: string | undefined): Promise<boolean> {
    // Another request refreshed while this one was in flight: just retry with the new token.
    if (this.#accessToken && this.#accessToken !== tokenSent) return true;
    if (!this.#canRefresh() && !this.#refreshPromise) return false;
    try {
      await this.refresh();
      return true;
    } catch (error) {
      if (this.#keepsLogin(error)) throw error;
      return false;
    }
  }

  /**
   * Ends the session because the server rejected the token a request carried: clears the login,
   * runs onUnauthenticated, throws Unauthorized. Every request in flight when a session ends comes
   * here; onUnauthenticated runs for the first of them only (a request sent without a token has
   * no session to lose, so each one still reports).
   */
  unauthenticated(tokenSent: string | undefined, cause?: unknown): never {
    this.clearActiveLogin();
    if (!tokenSent || tokenSent !== this.#reported) this.#host.options.onUnauthenticated?.();
    this.#reported = tokenSent;
    throw new OperationOutcomeError(unauthorizedOutcome(), cause ? { cause } : undefined);
  }

  /** Uses an access token (and optional refresh token) for every request. */
  setAccessToken(accessToken: string, refreshToken?: string): void {
    this.#accessToken = accessToken;
    this.#refreshToken = refreshToken;
    this.#accessTokenExpires = tokenExpiry(accessToken);
    this.#details = undefined;
  }

  /** Uses HTTP Basic authentication with a client id and secret. */
  setBasicAuth(clientId: string, clientSecret: string): void {
    this.#clientId = clientId;
    this.#clientSecret = clientSecret;
    this.#basicAuth = base64(`${clientId}:${clientSecret}`);
  }

  /** The OAuth client id in use, if any. */
  getClientId(): string | undefined {
    return this.#clientId;
  }

  /** The current access token, if any. */
  getAccessToken(): string | undefined {
    return this.#accessToken;
  }

  /** True when the session holds an unexpired access token or basic credentials. */
  isAuthenticated(): boolean {
    return (
      !!this.#basicAuth ||
      (!!this.#accessToken && (this.#accessTokenExpires === undefined || Date.now() < this.#accessTokenExpires))
    );
  }

  /** Resolves when the storage has loaded the saved login. */
  getInitPromise(): Promise<void> {
    return this.#initPromise;
  }

  /** True once the storage has loaded. */
  isInitialized(): boolean {
    return this.#initialized;
  }

  /** True while storage loads or the profile is being fetched for the first time. */
  isLoading(): boolean {
    return !this.#initialized || (!!this.#profilePromise && !this.#details?.profile);
  }

  /** The stored active login, if any. */
  getActiveLogin(): LoginState | undefined {
    return this.#host.storage.getObject<LoginState>(ACTIVE_LOGIN_KEY);
  }

  /** The SMART launch context of the active login, kept with it in storage. */
  getLaunchContext(): SmartLaunchContext | undefined {
    return this.#login?.launchContext;
  }

  /** Every stored login, one per profile. */
  getLogins(): LoginState[] {
    return this.#host.storage.getObject<LoginState[]>(LOGINS_KEY) ?? [];
  }

  /** Makes a login active: stores it (unless another tab just did), uses its tokens and fetches its profile. */
  async activateLogin(login: LoginState, fromTokenEndpoint = false, stored = false): Promise<void> {
    // A refreshed token for the same user keeps the session details and the cache; another user starts clean.
    const sameUser = !!this.#accessToken && this.#login?.profile?.reference === login.profile?.reference;
    if (!sameUser) this.#forget(!stored);
    const details = sameUser ? this.#details : undefined;
    this.setAccessToken(login.accessToken, login.refreshToken);
    this.#details = details;
    this.#login = login;
    if (!stored) {
      this.#host.storage.setObject(ACTIVE_LOGIN_KEY, login);
      storeLogin(this.#host.storage, login);
    }
    this.#host.emit('change');
    // Only our login protocol names a profile; other FHIR servers have no auth/me to ask.
    if (login.profile && !details) await this.#refreshProfile(fromTokenEndpoint);
  }

  /** Ends the active login: forgets tokens, profile and cached data. */
  clearActiveLogin(): void {
    this.#forget(true);
  }

  /**
   * Takes the login another tab stored since this one last read or wrote it, so this tab neither
   * keeps a stale access token nor spends a refresh token already rotated. True when there was one.
   */
  adoptStoredLogin(): boolean {
    const login = this.getActiveLogin();
    const token = login?.accessToken;
    if (!login || !token || token === this.#login?.accessToken || token === this.#accessToken) return false;
    this.activateLogin(login, false, true).catch((error) =>
      this.#host.log('warn', `Could not load the profile: ${normalizeErrorString(error)}`)
    );
    return true;
  }

  #forget(fromStorage: boolean): void {
    if (fromStorage) this.#host.storage.setObject(ACTIVE_LOGIN_KEY, undefined);
    this.#login = undefined;
    this.#accessToken = undefined;
    this.#refreshToken = undefined;
    this.#accessTokenExpires = undefined;
    this.#details = undefined;
    this.#host.invalidateAll();
    this.#host.emit('change');
  }

  /** The signed-in user's profile, fetching it (GET auth/me) when not yet loaded. */
  getProfileAsync(): Promise<ProfileResource | undefined> {
    if (this.#profilePromise) return this.#profilePromise;
    if (this.#details) return Promise.resolve(this.#details.profile);
    if (!this.#accessToken) return Promise.resolve(undefined);
    return this.#refreshProfile(false);
  }

  /** Clears the storage and the active login. */
  clear(): void {
    this.#host.storage.clear();
    this.clearActiveLogin();
  }

  /** Applies a Remember me choice to where the next login's tokens are kept, when the storage can choose. */
  setRememberMe(remember: boolean): void {
    (this.#host.storage as { setRemember?: (remember: boolean) => void }).setRemember?.(remember);
  }

  #refreshProfile(skipSession: boolean): Promise<ProfileResource | undefined> {
    // `let` so the finally block can compare against this very request; a newer one may have replaced it.
    let promise: Promise<ProfileResource | undefined> | undefined = undefined;
    promise = (async () => {
      await Promise.resolve();
      this.#host.emit('profileRefreshing');
      try {
        const details = await this.#host.fetchSessionDetails(skipSession);
        this.#details = details;
        this.#host.emit('change');
        return details?.profile;
      } finally {
        if (this.#profilePromise === promise) this.#profilePromise = undefined;
        this.#host.emit('profileRefreshed');
      }
    })();
    this.#profilePromise = promise;
    return promise as Promise<ProfileResource | undefined>;
  }

  #loadActiveLogin(): void {
    const login = this.getActiveLogin();
    if (!login?.accessToken) return;
    this.setAccessToken(login.accessToken, login.refreshToken);
    this.#login = login;
    if (login.profile) {
      this.#refreshProfile(false).catch((error) =>
        this.#host.log('warn', `Could not load the profile: ${normalizeErrorString(error)}`)
      );
    }
  }

  #canRefresh(): boolean {
    return !!this.#refreshToken || !!(this.#clientId && this.#clientSecret);
  }

  /**
   * Refreshes the access token with the refresh token (or client credentials); concurrent callers
   * share one request, and tabs sharing the stored login one lock, inside which a token another
   * tab already refreshed is taken instead.
   */
  refresh(): Promise<void> {
    if (!this.#refreshPromise && !this.#canRefresh()) {
      return Promise.reject(new OperationOutcomeError(unauthorizedOutcome()));
    }
    const before = this.#accessToken;
    this.#refreshPromise ??= exclusive<unknown>(
      `fhir-portal-kit refresh ${this.#login?.profile?.reference ?? ''}`,
      this.#host.storage,
      async () => {
        // While this tab waited, another refreshed: its token is in storage, or already here by its storage event.
        if (this.adoptStoredLogin() || this.#accessToken !== before) return;
        const [refreshToken, clientId, secret] = [this.#refreshToken, this.#clientId, this.#clientSecret];
        if (!refreshToken) return this.startClientLogin(clientId as string, secret as string);
        const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken });
        if (clientId) form.set('client_id', clientId);
        return this.fetchTokens(form);
      }
    )
      .then(() => undefined)
      .finally(() => {
        this.#refreshPromise = undefined;
      });
    return this.#refreshPromise;
  }

  /** Signs in as a client with its id and secret (client_credentials grant, Basic authorization). */
  startClientLogin(clientId: string, clientSecret: string): Promise<ProfileResource | undefined> {
    this.setBasicAuth(clientId, clientSecret);
    return this.fetchTokens(new URLSearchParams({ grant_type: 'client_credentials' }));
  }

  /** Signs in with a JWT bearer assertion (jwt-bearer grant). */
  startJwtBearerLogin(clientId: string, assertion: string, scope: string): Promise<ProfileResource | undefined> {
    this.#clientId = clientId;
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

  /** Exchanges an external identity provider's access token for one of ours (token-exchange grant); needs a clientId. */
  async exchangeExternalAccessToken(token: string, clientId?: string): Promise<ProfileResource | undefined> {
    const id = clientId || this.#clientId;
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
   * the login, except a refresh of an offline client that got no answer at all (see #keepsLogin).
   */
  async fetchTokens(formBody: URLSearchParams): Promise<ProfileResource | undefined> {
    const headers: Record<string, string> = {
      Accept: ContentType.JSON,
      'Content-Type': ContentType.FORM_URL_ENCODED,
    };
    if (this.#basicAuth) headers.Authorization = `Basic ${this.#basicAuth}`;
    let tokens: TokenResponse | undefined;
    let ok = false;
    try {
      const response = await this.#host.transport.fetch(this.#host.options.tokenUrl, {
        method: 'POST',
        headers,
        body: formBody.toString(),
        credentials: 'include',
      });
      ok = response.ok;
      tokens = await response.json().catch(() => undefined);
    } catch (error) {
      if (formBody.get('grant_type') === 'refresh_token' && this.#keepsLogin(error)) throw error;
      // Otherwise a network failure is reported like any other token-endpoint failure.
    }
    if (!ok || typeof tokens?.access_token !== 'string') {
      this.clearActiveLogin();
      throw new OperationOutcomeError(badRequestOutcome(tokens?.error_description || 'Failed to fetch tokens'));
    }
    try {
      checkToken(tokens.access_token, this.#clientId);
    } catch (error) {
      this.clearActiveLogin();
      throw error;
    }
    const kept = formBody.get('grant_type') === 'refresh_token' ? this.#login : undefined;
    await this.activateLogin(
      {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        project: tokens.project,
        profile: tokens.profile,
        // A refresh continues the same SMART launch: its context and server stay with the login.
        launchContext: kept?.launchContext,
        smartServer: kept?.smartServer,
      },
      true
    );
    return this.#details?.profile;
  }
}
