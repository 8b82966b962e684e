/**
 * Turns an Authorization header into the RequestAuth the repository checks access with.
 * Bearer: a JWT of this server whose Login is still live. Basic: a ClientApplication's
 * id and secret (client credentials on every request).
 */
import type { RequestAuth } from '../fhir/repository';
import type { ServerContext } from '../context';
import { OperationOutcomeError, OutcomeMessages, unauthorizedOutcome } from '../../../src/fhir/outcomes';
import { verifyAccessToken } from './jwt';
import { parseBasicAuth } from './basic';
import { refId, refType, type LoginRecord, type MembershipRecord, type ProjectRecord } from './records';
import { LoginService } from './login-service';

function fail(text: string = OutcomeMessages.unauthorized): never {
  throw new OperationOutcomeError(unauthorizedOutcome(text));
}

async function read<T>(ctx: ServerContext, type: string, id: string | undefined): Promise<T> {
  if (!id) fail();
  try {
    return await ctx.systemRepo.readResource<T>(type, id);
  } catch {
    fail();
  }
}

/** Builds the RequestAuth of a membership for a login. */
export async function authForMembership(
  ctx: ServerContext,
  login: Pick<LoginRecord, 'id' | 'user' | 'scope' | 'clientId'>,
  membership: MembershipRecord
): Promise<RequestAuth> {
  const project = await read<ProjectRecord>(ctx, 'Project', refId(membership.project));
  const profile = membership.profile.reference!;
  return {
    login: login.id!,
    user: refId(login.user)!,
    project: project.id!,
    membership: membership.id!,
    profile,
    ...(refType(profile) === 'Patient' ? { patientId: refId(profile) } : {}),
    admin: !!membership.admin,
    superAdmin: !!project.superAdmin,
    scope: login.scope ?? '',
    ...(login.clientId ? { clientId: login.clientId } : {}),
  };
}

/** The caller of a request, or undefined without credentials; a bad credential throws 401. */
export async function authenticateRequest(
  ctx: ServerContext,
  authorization: string | undefined
): Promise<RequestAuth | undefined> {
  if (!authorization || !authorization.trim()) return undefined;
  const [scheme, ...rest] = authorization.trim().split(/\s+/);
  if (/^bearer$/i.test(scheme)) {
    const token = rest.join(' ');
    if (!token) fail();
    const claims = await verifyAccessToken(ctx.jwtSecret, token, { issuer: ctx.baseUrl });
    const login = await read<LoginRecord>(ctx, 'Login', claims.login_id);
    if (login.revoked || !login.granted || refId(login.user) !== claims.sub) fail();
    const membership = await read<MembershipRecord>(ctx, 'ProjectMembership', refId(login.membership));
    return authForMembership(ctx, login, membership);
  }
  if (/^basic$/i.test(scheme)) {
    const credentials = parseBasicAuth(authorization.trim());
    if (!credentials) fail();
    const client = await new LoginService(ctx).verifyClient(credentials.clientId, credentials.clientSecret);
    if (!client) fail();
    const membership = await ctx.systemRepo.searchOne<MembershipRecord>('ProjectMembership', {
      profile: `ClientApplication/${client.id}`,
    });
    if (!membership) fail();
    return authForMembership(
      ctx,
      {
        id: `client:${client.id}`,
        user: { reference: `ClientApplication/${client.id}` },
        scope: 'system/*.*',
        clientId: client.id,
      },
      membership
    );
  }
  fail();
}
