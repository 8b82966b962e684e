/**
 * Sign-in through an external identity provider (client-layer.md sections 2, 3 and 7):
 *
 * 1. `POST auth/method {email}`: when the email's domain signs in at a provider of the
 *    project, answers `{domain, authorizeUrl}`; the authorize URL is this server's
 *    `auth/external/authorize?domain=…`.
 * 2. The browser goes there with `state`: its login request as JSON (clientId, redirectUri,
 *    codeChallenge, codeChallengeMethod S256, optionally projectId, scope, createUser), as
 *    the portal's sign-in and register forms send it. The client and its exact redirect URI
 *    are checked, then the browser is sent to the provider with this server's own sealed
 *    state and, when the provider wants it, a PKCE challenge of its own.
 * 3. The provider sends the browser to `auth/external/callback?code&state`. The state is
 *    checked (seal, expiry, once), the code exchanged at tokenUrl (with the verifier), the
 *    user read at userInfoUrl and matched by verified email in the provider's domain, or by
 *    subject (useSubject); registration creates the patient when none matches. The browser
 *    goes back to its redirect URI with a one-time code bound to its PKCE challenge, and its
 *    own state, which it checks before exchanging the code.
 * 4. An account the provider did not make (nor was linked to) is not entered on the provider's
 *    word: anyone could have registered the email here first, with a password of their own.
 *    The login waits instead (`GET auth/login/{login}` says `linkRequired`) until
 *    `POST auth/external/link {login, password}` proves the account's password; that links
 *    the provider to it. An account without a password that the provider did not make is
 *    refused. After the proof, as after a password, the account's MFA is asked
 *    (`mfaRequired`, then auth/mfa/verify) before any profile is granted.
 *
 * Only the one-time code (or the login id, when MFA, a profile choice or the link's password
 * comes next) is ever put in a URL.
 */
import type { Patient, Practitioner } from '../../../src/fhir/types';
import { isOperationOutcomeError, normalizeErrorString } from '../../../src/fhir/outcomes';
import type { ServerContext } from '../context';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { AuthMessages, badRequest } from './errors';
import { back, ExternalLoginMessages, Limits, param, parseLoginRequest, redirect, refused } from './external-request';
import { exchangeProviderCode, readProviderUserInfo, type ExternalIdentity } from './external-provider-client';
import {
  FLOW_LIFETIME_MS,
  MAX_SEALED_STATE_LENGTH,
  newFlowId,
  openFlow,
  providerVerifier,
  sealFlow,
  UsedFlows,
  type ExternalFlow,
} from './external-state';
import { findIdentityProvider, type ResolvedIdentityProvider } from './identity-providers';
import { MAX_PASSWORD_LENGTH, normalizeEmail, requireString } from './login-input';
import { findUserByEmail, findUserById, membershipsOf, readLogin, readLoginUser } from './login-lookups';
import { Registration } from './registration';
import { DEFAULT_SCOPE, SignInSteps, type SignInResponse } from './sign-in-steps';
import { s256Challenge } from './pkce';
import {
  refId,
  type ClientApplicationRecord,
  type ExternalIdentityLink,
  type LoginRecord,
  type MembershipRecord,
  type PendingLink,
  type UserRecord,
} from '../core/account-records';
import { verifyPassword } from './password';
import { throttlesOf } from './throttles';

/**
 * What lets an external identity into an account it matched: 'linked' (the provider made it or
 * was linked to it), 'adopt' (made before links were recorded, without a password: only its
 * project's provider ever signed in to it), 'password' (its password must be proven first: it
 * may have been made by anyone, e.g. before the person ever signed in at the provider) or 'none'.
 */
export function proofOf(
  user: UserRecord,
  link: ExternalIdentityLink,
  bySubject: boolean,
  hasProfileInProject: boolean
): 'linked' | 'adopt' | 'password' | 'none' {
  const links = user.externalIdentities ?? [];
  const same = (l: ExternalIdentityLink) =>
    l.project === link.project && l.domain === link.domain && (!bySubject || l.subject === link.subject);
  if (links.some(same)) return 'linked';
  if (!user.passwordHash && links.length === 0 && hasProfileInProject) return 'adopt';
  return user.passwordHash ? 'password' : 'none';
}

/**
 * A token search's value with its commas escaped, so the search reads one value, never an OR
 * (demo/server/search/request.ts splits on unescaped commas and then unescapes `\,`).
 */
export function escapeTokenValue(value: string): string {
  return value.replace(/,/g, '\\,');
}

/** Only one server in a process uses each set, keyed by its database (like the throttles). */
const usedFlowsByDb = new WeakMap<object, UsedFlows>();

/** External sign-in on one server context. */
export class ExternalLogin {
  private readonly signInSteps: SignInSteps;
  private readonly registration: Registration;
  private readonly usedFlows: UsedFlows;

  constructor(private readonly ctx: ServerContext) {
    this.signInSteps = new SignInSteps(ctx);
    this.registration = new Registration(ctx);
    let used = usedFlowsByDb.get(ctx.db);
    if (!used) usedFlowsByDb.set(ctx.db, (used = new UsedFlows()));
    this.usedFlows = used;
  }

  private get repo() {
    return this.ctx.systemRepo;
  }

  /** Where providers send the browser back: registered with them exactly. */
  get callbackUrl(): string {
    return new URL('auth/external/callback', this.ctx.baseUrl).toString();
  }

  private projectOf(value: unknown): string | undefined {
    if (value === undefined || value === null || value === '') return this.ctx.defaultProjectId;
    if (typeof value !== 'string' || value.length > Limits.id) badRequest('Invalid projectId', 'projectId');
    return value;
  }

  /** POST auth/method: an authorize URL when the email's domain signs in at a provider. */
  async method(body: Record<string, unknown>): Promise<{ domain?: string; authorizeUrl?: string }> {
    const email = normalizeEmail(body.email);
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const projectId = this.projectOf(body.projectId);
    const found = await findIdentityProvider(this.ctx, projectId, domain);
    if (!found) return {};
    const url = new URL('auth/external/authorize', this.ctx.baseUrl);
    url.searchParams.set('domain', domain);
    if (projectId !== this.ctx.defaultProjectId) url.searchParams.set('project', found.projectId);
    return { domain, authorizeUrl: url.toString() };
  }

  /** GET auth/external/authorize: checks the browser's request and sends it to the provider. */
  async authorize(query: URLSearchParams): Promise<ServerResponse> {
    const domain = param(query, 'domain', 253)?.toLowerCase();
    const state = param(query, 'state', Limits.state);
    const request = parseLoginRequest(state);
    // The client and its exact redirect URI first: until then no error may be sent anywhere.
    const client = await this.repo
      .readResource<ClientApplicationRecord>('ClientApplication', request.clientId)
      .catch(() => undefined);
    if (!client) badRequest(ExternalLoginMessages.unknownClient, 'clientId');
    const registered = [client.redirectUri, ...(client.redirectUris ?? [])];
    if (!registered.includes(request.redirectUri))
      badRequest(ExternalLoginMessages.redirectNotRegistered, 'redirectUri');

    const projectId = this.projectOf(param(query, 'project', Limits.id) ?? request.projectId);
    const flow: ExternalFlow = {
      id: newFlowId(),
      expires: Date.now() + FLOW_LIFETIME_MS,
      projectId: projectId ?? '',
      domain: domain ?? '',
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: 'S256',
      ...(request.scope ? { scope: request.scope } : {}),
      state: state!,
      createUser: request.createUser,
    };
    if (!domain || (request.domain && request.domain !== domain))
      return refused(flow, ExternalLoginMessages.unknownDomain);
    const found = await findIdentityProvider(this.ctx, projectId, domain);
    if (!found) return refused(flow, ExternalLoginMessages.unknownDomain);

    const target = new URL(found.provider.authorizeUrl);
    target.searchParams.set('response_type', 'code');
    target.searchParams.set('client_id', found.provider.clientId);
    target.searchParams.set('redirect_uri', this.callbackUrl);
    target.searchParams.set('scope', 'openid email profile');
    target.searchParams.set('state', sealFlow(this.ctx.jwtSecret, flow));
    if (found.provider.usePkce) {
      target.searchParams.set('code_challenge', s256Challenge(providerVerifier(this.ctx.jwtSecret, flow.id)));
      target.searchParams.set('code_challenge_method', 'S256');
    }
    // The email the user typed, so the provider's form need not ask again (OpenID Connect
    // login_hint). Only an address of the provider's own domain: it is a hint, not a claim, and
    // an address of another domain is none of this provider's business.
    const loginHint = param(query, 'login_hint', Limits.email)?.trim();
    if (loginHint && loginHint.toLowerCase().endsWith(`@${domain}`)) target.searchParams.set('login_hint', loginHint);
    return redirect(target);
  }

  /** GET auth/external/callback: the provider's answer, then the browser's way back. */
  async callback(query: URLSearchParams): Promise<ServerResponse> {
    const flow = openFlow(this.ctx.jwtSecret, param(query, 'state', MAX_SEALED_STATE_LENGTH));
    if (!flow || !this.usedFlows.claim(flow)) badRequest(ExternalLoginMessages.invalidState, 'state');
    if (query.get('error')) return refused(flow, ExternalLoginMessages.cancelled);
    const code = param(query, 'code');
    if (!code) return refused(flow, ExternalLoginMessages.cancelled);
    const found = await findIdentityProvider(this.ctx, flow.projectId, flow.domain);
    if (!found) return refused(flow, ExternalLoginMessages.unknownDomain);
    try {
      const accessToken = await exchangeProviderCode(found.provider, {
        code,
        redirectUri: this.callbackUrl,
        codeVerifier: found.provider.usePkce ? providerVerifier(this.ctx.jwtSecret, flow.id) : undefined,
      });
      const identity = await readProviderUserInfo(found.provider, accessToken);
      const response = await this.signIn(found, identity, flow);
      if (response.code) return back(flow, { code: response.code });
      return back(flow, { login: response.login });
    } catch (err) {
      if (!isOperationOutcomeError(err)) throw err;
      return refused(flow, normalizeErrorString(err));
    }
  }

  /** Matches (or, on registration, creates) the account and opens a login for it. */
  private async signIn(
    found: ResolvedIdentityProvider,
    identity: ExternalIdentity,
    flow: ExternalFlow
  ): Promise<SignInResponse> {
    const email = this.verifiedEmail(found, identity);
    if (!found.provider.useSubject && !email) badRequest(ExternalLoginMessages.emailNotVerified);
    let user = found.provider.useSubject
      ? await this.userBySubject(found, identity.sub)
      : await findUserByEmail(this.repo, email!);
    // Registering by subject: the email may already name an account, which the link rule guards.
    if (!user && found.provider.useSubject && flow.createUser && email) user = await findUserByEmail(this.repo, email);
    const link: ExternalIdentityLink = { project: found.projectId, domain: found.domain, subject: identity.sub };
    if (!user) {
      if (!flow.createUser) badRequest(ExternalLoginMessages.noAccount);
      if (!email) badRequest(ExternalLoginMessages.emailNotVerified);
      const created = await this.createUser(email, identity, link);
      return this.afterProof(await this.openLogin(created, flow), created, found, link, true);
    }
    const memberships = await membershipsOf(this.repo, `User/${user.id}`, found.projectId);
    if (memberships.length === 0 && !flow.createUser) badRequest(ExternalLoginMessages.noProfile);
    const proof = proofOf(user, link, found.provider.useSubject === true, memberships.length > 0);
    if (proof === 'none') badRequest(ExternalLoginMessages.linkRefused);
    if (proof === 'password') {
      const pending = await this.openLogin(user, flow, { ...link, createUser: flow.createUser });
      return { login: pending.id, linkRequired: true };
    }
    if (proof === 'adopt') user = await this.recordLink(user, link);
    return this.afterProof(await this.openLogin(user, flow), user, found, link, flow.createUser);
  }

  /**
   * POST auth/external/link {login, password}: the matched account's password proves the person
   * owns it; the provider is linked to it and the sign-in goes on (MFA, profile) from there.
   */
  async link(body: Record<string, unknown>, remoteAddress = 'unknown'): Promise<SignInResponse> {
    const login = await readLogin(this.repo, body.login);
    const pending = login.pendingLink;
    if (!pending || login.revoked || login.granted) badRequest(ExternalLoginMessages.notLinking, 'login');
    // As long as the provider's state lives: the proof follows the provider's answer at once.
    if (!(Date.parse(login.authTime) + FLOW_LIFETIME_MS > Date.now()))
      badRequest(ExternalLoginMessages.linkExpired, 'login');
    const password = requireString(body.password, 'password', 'Password is required', MAX_PASSWORD_LENGTH);
    const user = await readLoginUser(this.repo, login);
    await this.checkPassword(user, password, remoteAddress);
    const found = await findIdentityProvider(this.ctx, pending.project, pending.domain);
    if (!found) badRequest(ExternalLoginMessages.unknownDomain, 'login');
    const { createUser, ...link } = pending;
    const linked = await this.recordLink(user, link);
    const proven = await this.repo.updateResource<LoginRecord>({ ...login, pendingLink: undefined });
    if (found.provider.useSubject) {
      // Its profiles carry the subject from now on, so the next sign-in finds the account by it.
      for (const m of await membershipsOf(this.repo, `User/${user.id}`, found.projectId))
        await this.addSubject(found, link.subject, m.profile.reference);
    }
    return this.afterProof(proven, linked, found, link, createUser);
  }

  /** The password check of auth/login, under its limits (throttles.ts: the guesser, then the account). */
  private async checkPassword(user: UserRecord, password: string, address: string): Promise<void> {
    const limits = throttlesOf(this.ctx);
    await limits.passwordAttempt(user.email, address);
    if (!(await verifyPassword(password, user.passwordHash))) badRequest(AuthMessages.invalidCredentials, 'password');
    await limits.passwordAccepted(user.email, address);
  }

  /**
   * The account is the person's (made or linked by this provider, or its password proven): a
   * first profile when registering into a project where it has none, else the account's own
   * MFA and then its profile, as after a password.
   */
  private async afterProof(
    login: LoginRecord,
    user: UserRecord,
    found: ResolvedIdentityProvider,
    link: ExternalIdentityLink,
    createUser: boolean
  ): Promise<SignInResponse> {
    const memberships = await membershipsOf(this.repo, `User/${user.id}`, found.projectId);
    if (memberships.length > 0) return this.signInSteps.afterPassword(login, user);
    if (!createUser) badRequest(ExternalLoginMessages.noProfile);
    // newPatient refuses a login whose account has MFA on (no code given yet): no profile skips it.
    const request = { login: login.id, projectId: found.projectId };
    const registered = await this.registration.newPatient(request, undefined, { signedInAtProvider: true });
    if (found.provider.useSubject) {
      const granted = await readLogin(this.repo, registered.login);
      const membership = await this.repo.readResource<MembershipRecord>(
        'ProjectMembership',
        refId(granted.membership)!
      );
      await this.addSubject(found, link.subject, membership.profile.reference);
    }
    return registered;
  }

  /** The provider's email when it is verified and in the provider's domain; undefined without one. */
  private verifiedEmail(found: ResolvedIdentityProvider, identity: ExternalIdentity): string | undefined {
    if (!identity.email) return undefined;
    if (!identity.emailVerified) {
      // Matching by email needs a verified one; matching by subject only uses it to register.
      if (!found.provider.useSubject) badRequest(ExternalLoginMessages.emailNotVerified);
      return undefined;
    }
    let email: string;
    try {
      email = normalizeEmail(identity.email);
    } catch {
      badRequest(ExternalLoginMessages.emailNotVerified);
    }
    // A provider speaks for its own domain only, never for another's users.
    if (email.slice(email.lastIndexOf('@') + 1) !== found.domain) badRequest(ExternalLoginMessages.wrongDomain);
    return email;
  }

  /**
   * useSubject: the user whose profile in the project carries the subject as an identifier. The
   * search finds candidates (the subject escaped, so a comma in it is no OR); only a profile
   * with exactly this system and value counts.
   */
  private async userBySubject(found: ResolvedIdentityProvider, sub: string): Promise<UserRecord | undefined> {
    const identifier = `${found.subjectSystem}|${escapeTokenValue(sub)}`;
    for (const type of ['Patient', 'Practitioner'] as const) {
      const bundle = await this.repo.search<Patient | Practitioner>(type, { identifier, _count: '10' });
      for (const entry of bundle.entry ?? []) {
        const profile = entry.resource;
        if ((profile?.meta as { project?: string } | undefined)?.project !== found.projectId) continue;
        if (!profile?.identifier?.some((i) => i.system === found.subjectSystem && i.value === sub)) continue;
        const membership = await this.repo.searchOne<MembershipRecord>('ProjectMembership', {
          profile: `${type}/${profile.id}`,
        });
        const userId = membership?.user.reference?.startsWith('User/') ? membership.user.reference.slice(5) : undefined;
        if (userId) return findUserById(this.repo, userId);
      }
    }
    return undefined;
  }

  /** Registration: a user with no password (they sign in at their provider), made by it. */
  private async createUser(email: string, identity: ExternalIdentity, link: ExternalIdentityLink): Promise<UserRecord> {
    return this.repo.transaction(async (repo) => {
      // Made a moment ago by someone else: not this provider's to take.
      if (await repo.searchOne<UserRecord>('User', { email })) badRequest(ExternalLoginMessages.linkRefused);
      return repo.createResource<UserRecord>({
        resourceType: 'User',
        email,
        // Not a hash: no password ever matches it.
        passwordHash: '',
        firstName: (identity.givenName ?? email.slice(0, email.indexOf('@'))).slice(0, 200),
        lastName: (identity.familyName ?? '').slice(0, 200),
        mfaEnrolled: false,
        externalIdentities: [link],
      });
    });
  }

  /** Records that the provider signs in to the account (read again: the hash took a while). */
  private async recordLink(user: UserRecord, link: ExternalIdentityLink): Promise<UserRecord> {
    const current = await this.repo.readResource<UserRecord>('User', user.id!);
    const others = (current.externalIdentities ?? []).filter(
      (l) => l.project !== link.project || l.domain !== link.domain
    );
    return this.repo.updateResource<UserRecord>({ ...current, externalIdentities: [...others, link] });
  }

  /** useSubject: the profile carries the subject, so the next sign-in finds it. */
  private async addSubject(found: ResolvedIdentityProvider, sub: string, reference: string | undefined): Promise<void> {
    const [type, id] = (reference ?? '').split('/');
    if ((type !== 'Patient' && type !== 'Practitioner') || !id) return;
    const profile = await this.repo.readResource<Patient | Practitioner>(type, id);
    if (profile.identifier?.some((i) => i.system === found.subjectSystem && i.value === sub)) return;
    await this.repo.updateResource<Patient | Practitioner>({
      ...profile,
      identifier: [...(profile.identifier ?? []), { system: found.subjectSystem, value: sub }],
    });
  }

  /**
   * A login the provider authenticated. The account's own MFA is still asked (mfaVerified false),
   * as after a password; with `pendingLink` it waits for the account's password first.
   */
  private async openLogin(
    user: UserRecord,
    flow: ExternalFlow,
    pendingLink?: PendingLink
  ): Promise<LoginRecord & { id: string }> {
    const login = await this.repo.createResource<LoginRecord>({
      resourceType: 'Login',
      user: { reference: `User/${user.id}` },
      projectId: flow.projectId,
      clientId: flow.clientId,
      redirectUri: flow.redirectUri,
      scope: flow.scope?.trim() || DEFAULT_SCOPE,
      codeChallenge: flow.codeChallenge,
      codeChallengeMethod: flow.codeChallengeMethod,
      authTime: new Date().toISOString(),
      remember: false,
      mfaVerified: false,
      granted: false,
      authMethod: 'external',
      ...(pendingLink ? { pendingLink } : {}),
    });
    return login as LoginRecord & { id: string };
  }
}

/**
 * Registers auth/method, auth/external/authorize and auth/external/callback. Added before
 * the login protocol's routes, so this auth/method (which knows the providers) answers.
 */
export function registerExternalLoginRoutes(router: Router, ctx: ServerContext): void {
  const external = new ExternalLogin(ctx);
  const bodyOf = (req: ServerRequest) =>
    (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {}) as Record<string, unknown>;
  router.add('POST', '/auth/method', async (req) => ({
    status: 200,
    body: await external.method(bodyOf(req)),
    headers: { 'Cache-Control': 'no-store' },
  }));
  router.add('GET', '/auth/external/authorize', (req) => external.authorize(req.query));
  router.add('GET', '/auth/external/callback', (req) => external.callback(req.query));
  router.add('POST', '/auth/external/link', async (req) => ({
    status: 200,
    body: await external.link(bodyOf(req), req.remoteAddress),
    headers: { 'Cache-Control': 'no-store' },
  }));
}
