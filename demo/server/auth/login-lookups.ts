/**
 * Reads of the account records the login steps work on, through the system repository. A login
 * id that names nothing answers 400 like any other bad field, so login ids cannot be probed as 404s.
 */
import type { Repository } from '../store/repository';
import { AuthMessages, badRequest } from './errors';
import { requireString } from './login-input';
import { refId, type LoginRecord, type MembershipRecord, type UserRecord } from '../core/account-records';

export async function findUserByEmail(repo: Repository, email: string): Promise<UserRecord | undefined> {
  return repo.searchOne<UserRecord>('User', { email });
}

export async function findUserById(repo: Repository, id: string): Promise<UserRecord | undefined> {
  return repo.readResource<UserRecord>('User', id).catch(() => undefined);
}

/** Reads a login by id; unknown ids answer 400 so login ids cannot be probed as 404s. */
export async function readLogin(repo: Repository, id: unknown): Promise<LoginRecord> {
  const loginId = requireString(id, 'login');
  try {
    return await repo.readResource<LoginRecord>('Login', loginId);
  } catch {
    badRequest(AuthMessages.loginNotFound, 'login');
  }
}

/** Reads a login that may still take steps: not revoked, not yet granted. */
export async function readPendingLogin(repo: Repository, id: unknown): Promise<LoginRecord> {
  const login = await readLogin(repo, id);
  if (login.revoked) badRequest(AuthMessages.loginRevoked, 'login');
  if (login.granted && login.codeUsed) badRequest('Login already granted', 'login');
  // An external sign-in that matched someone else's account: until its password is proven
  // (auth/external/link) no step may take it on, or MFA and profile choice would grant it.
  if (login.pendingLink) badRequest(AuthMessages.linkPending, 'login');
  return login;
}

/** The memberships of a user ('User/{id}'), of one project when projectId is given. */
export async function membershipsOf(
  repo: Repository,
  userRef: string,
  projectId?: string
): Promise<MembershipRecord[]> {
  const bundle = await repo.search<MembershipRecord>('ProjectMembership', { user: userRef, _count: '100' });
  const all = (bundle.entry ?? []).map((e) => e.resource!).filter(Boolean);
  return projectId ? all.filter((m) => refId(m.project) === projectId) : all;
}

/** The User a login belongs to. */
export async function readLoginUser(repo: Repository, login: LoginRecord): Promise<UserRecord> {
  return repo.readResource<UserRecord>('User', refId(login.user)!);
}
