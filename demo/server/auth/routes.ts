/**
 * HTTP routes of the login protocol (client-layer.md section 7, Authentication), OAuth2
 * token/authorize/logout, the SMART configuration document and the id_token's JWKS.
 */
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import type { ServerContext } from '../context';
import { requestObject } from './request-body';
import { OAuthError, badRequest, unauthorized } from './errors';
import {
  refId,
  type LoginRecord,
  type MembershipRecord,
  type ProjectRecord,
  type UserRecord,
} from '../core/account-records';
import { parseBasicAuth } from './basic';
import { isInternalType } from '../core/resource-types';
import type { StoredRow } from '../core/stored-resource';
import { handleAuthorizeGet, handleAuthorizePost } from './authorize';
import { findUserById, membershipsOf, readLogin } from './login-lookups';
import { registerPasswordResetRoutes } from './password-reset';
import { Registration } from './registration';
import { SignInSteps } from './sign-in-steps';
import { TokenGrants, type TokenResponse } from './token-grants';
import type { Repository } from '../store/repository';
import { smartConfiguration } from './smart-configuration';
import { JWKS_PATH, jwksDocument } from './smart-signing-key';
import { registerSmartLaunchRoutes } from './smart-launch-routes';

function json(body: unknown, status = 200): ServerResponse {
  return { status, body, headers: { 'Cache-Control': 'no-store' } };
}

function str(value: unknown): string | undefined {
  if (Array.isArray(value)) value = value[0];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** POST oauth2/token: every grant answers JSON, errors as {error, error_description}. */
async function token(grants: TokenGrants, req: ServerRequest): Promise<ServerResponse> {
  const body = requestObject(req);
  try {
    const grantType = str(body.grant_type);
    let result: TokenResponse;
    switch (grantType) {
      case 'authorization_code': {
        const basic = parseBasicAuth(req.headers.authorization);
        result = await grants.exchangeCode({
          code: str(body.code),
          code_verifier: str(body.code_verifier),
          client_id: str(body.client_id) ?? basic?.clientId,
          client_secret: str(body.client_secret) ?? basic?.clientSecret,
          redirect_uri: str(body.redirect_uri),
        });
        break;
      }
      case 'refresh_token':
        result = await grants.refresh(str(body.refresh_token));
        break;
      case 'client_credentials': {
        const basic = parseBasicAuth(req.headers.authorization);
        result = await grants.clientCredentials(
          str(body.client_id) ?? basic?.clientId,
          str(body.client_secret) ?? basic?.clientSecret,
          str(body.scope)
        );
        break;
      }
      case undefined:
        throw new OAuthError('invalid_request', 'Missing grant_type');
      default:
        throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grantType}`);
    }
    return { status: 200, body: result, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
  } catch (err) {
    if (err instanceof OAuthError) {
      return {
        status: err.status,
        body: { error: err.error, error_description: err.description },
        headers: { 'Cache-Control': 'no-store' },
      };
    }
    throw err;
  }
}

/** GET auth/me: the session details of the signed-in caller. */
async function me(ctx: ServerContext, req: ServerRequest): Promise<ServerResponse> {
  const auth = req.auth;
  if (!auth) unauthorized();
  const repo = ctx.systemRepo;
  const membership = await repo.readResource<MembershipRecord>('ProjectMembership', auth.membership);
  const project = await repo.readResource<ProjectRecord>('Project', auth.project);
  const [profileType, profileId] = auth.profile.split('/');
  let profile = await repo.readResource<StoredRow>(profileType, profileId);
  // A client application's record holds its secret: answer only who it is.
  if (isInternalType(profileType)) profile = { resourceType: profileType, id: profile.id, name: profile.name };
  let user: Record<string, unknown> | undefined;
  let login: { authMethod: 'password' | 'external' } | undefined;
  if (membership.user.reference?.startsWith('User/')) {
    const u = await repo.readResource<UserRecord>('User', refId(membership.user)!);
    user = {
      resourceType: 'User',
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      mfaEnrolled: !!u.mfaEnrolled,
    };
    // How this session signed in: a person who signed in at their identity provider has no
    // password here to change, and the portal's settings page says so instead of asking for one.
    const record = await repo.readResource<LoginRecord>('Login', auth.login).catch(() => undefined);
    if (record) login = { authMethod: record.authMethod ?? 'password' };
  }
  let accessPolicy: unknown;
  if (membership.accessPolicy?.reference) {
    const [t, id] = membership.accessPolicy.reference.split('/');
    accessPolicy = await repo.readResource(t, id).catch(() => undefined);
  }
  return json({
    user,
    profile,
    project: { resourceType: 'Project', id: project.id, name: project.name, superAdmin: !!project.superAdmin },
    membership: {
      resourceType: 'ProjectMembership',
      id: membership.id,
      project: membership.project,
      user: membership.user,
      profile: membership.profile,
      admin: !!membership.admin,
      ...(membership.accessPolicy ? { accessPolicy: membership.accessPolicy } : {}),
    },
    config: {},
    ...(accessPolicy ? { accessPolicy } : {}),
    ...(login ? { login } : {}),
  });
}

/** GET auth/login/{login}: where a login stands (never a secret or a code). */
async function loginStatus(repo: Repository, id: string): Promise<ServerResponse> {
  const login: LoginRecord = await readLogin(repo, id);
  if (login.revoked) badRequest('Login revoked', 'login');
  const response: Record<string, unknown> = { login: login.id };
  // Codes are stored as digests and handed out once, by the step that issued them.
  if (login.granted) response.granted = true;
  else if (login.pendingLink) response.linkRequired = true;
  else {
    const user = login.user.reference?.startsWith('User/') ? await findUserById(repo, refId(login.user)!) : undefined;
    if (user?.mfaEnrolled && !login.mfaVerified) response.mfaRequired = true;
    else {
      const memberships = await membershipsOf(repo, login.user.reference!, login.projectId);
      if (memberships.length > 1)
        response.memberships = memberships.map((m) => ({ id: m.id, project: m.project, profile: m.profile }));
    }
  }
  return json(response);
}

/** Registers auth/*, oauth2/*, .well-known/* and the websocket binding-token operation. */
export function registerAuthRoutes(router: Router, ctx: ServerContext): void {
  const signIn = new SignInSteps(ctx);
  const registration = new Registration(ctx);
  const grants = new TokenGrants(ctx);
  const post = (path: string, fn: (body: Record<string, unknown>) => Promise<unknown>) =>
    router.add('POST', path, async (req) => json(await fn(requestObject(req))));

  post('/auth/method', async (body) => {
    // Every account lives here: no external identity provider to redirect to.
    if (body.email !== undefined && typeof body.email !== 'string') badRequest('Invalid email', 'email');
    return {};
  });
  router.add('POST', '/auth/login', async (req) => json(await signIn.login(requestObject(req), req.remoteAddress)));
  post('/auth/mfa/verify', (body) => signIn.verifyMfa(body));
  post('/auth/mfa/login-enroll', (body) => signIn.enrollMfa(body));
  post('/auth/profile', (body) => signIn.chooseProfile(body));
  post('/auth/scope', (body) => signIn.setScope(body));
  router.add('POST', '/auth/newuser', async (req) =>
    json(await registration.newUser(requestObject(req), req.remoteAddress))
  );
  router.add('POST', '/auth/newpatient', async (req) =>
    json(await registration.newPatient(requestObject(req), req.remoteAddress))
  );
  router.add('POST', '/auth/newproject', async (req) =>
    json(await registration.newProject(requestObject(req), req.remoteAddress))
  );
  registerPasswordResetRoutes(router, ctx, requestObject);
  post('/auth/google', async () => badRequest('Google sign-in is not configured on this server', 'googleCredential'));
  router.add('GET', '/auth/me', (req) => me(ctx, req));
  router.add('GET', '/auth/login/:login', (req) => loginStatus(ctx.systemRepo, req.params.login));

  router.add('POST', '/oauth2/token', (req) => token(grants, req));
  router.add('POST', '/oauth2/logout', async (req) => {
    if (!req.auth) unauthorized();
    await grants.revoke(await readLogin(ctx.systemRepo, req.auth.login));
    return json({});
  });
  router.add('GET', '/oauth2/authorize', (req) => handleAuthorizeGet(ctx, signIn, req));
  router.add('POST', '/oauth2/authorize', (req) => handleAuthorizePost(ctx, signIn, req));

  router.add('GET', '/.well-known/smart-configuration', smartConfiguration(ctx));
  router.add('GET', JWKS_PATH, jwksDocument(ctx));
  registerSmartLaunchRoutes(router, ctx);
}
