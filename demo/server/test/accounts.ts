// Accounts the security suites sign in with through the real login protocol: a User with a
// scrypt hash (and a TOTP secret when asked), a profile and a membership in the default project.
import { randomUUID } from 'node:crypto';
import { TOTP } from 'otpauth';
import type { RunningServer } from '../app';
import { hashPassword } from '../auth/password';

/** A user who signs in with a password (and a TOTP code when mfaSecret is set). */
export interface PasswordAccount {
  email: string;
  password: string;
  userId: string;
  profile: string;
  mfaSecret?: string;
  /** The current TOTP code (MFA accounts). */
  code(): string;
}

const MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Creates a password account (Patient unless told) in the server's default project. */
export async function createPasswordAccount(
  server: RunningServer,
  opts: { mfa?: boolean; profileType?: 'Patient' | 'Practitioner'; password?: string } = {}
): Promise<PasswordAccount> {
  const repo = server.ctx.systemRepo;
  const email = `user-${randomUUID()}@example.com`;
  const password = opts.password ?? 'correct-horse-battery';
  const projectId = server.ctx.defaultProjectId!;
  await repo.updateResource<any>({ resourceType: 'Project', id: projectId, name: 'Test' });
  const profileType = opts.profileType ?? 'Patient';
  const profile = await repo.createResource<any>({ resourceType: profileType, name: [{ family: 'Account' }] });
  const user = await repo.createResource<any>({
    resourceType: 'User',
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Test',
    lastName: 'Account',
    mfaEnrolled: Boolean(opts.mfa),
    ...(opts.mfa ? { mfaSecret: MFA_SECRET } : {}),
  });
  await repo.createResource<any>({
    resourceType: 'ProjectMembership',
    project: { reference: `Project/${projectId}` },
    user: { reference: `User/${user.id}` },
    profile: { reference: `${profileType}/${profile.id}` },
  });
  const totp = new TOTP({ secret: MFA_SECRET });
  return {
    email,
    password,
    userId: user.id,
    profile: `${profileType}/${profile.id}`,
    mfaSecret: opts.mfa ? MFA_SECRET : undefined,
    code: () => totp.generate(),
  };
}

/** A six-digit code that is not valid now (nor one step either side). */
export function wrongCode(): string {
  const totp = new TOTP({ secret: MFA_SECRET });
  const valid = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
