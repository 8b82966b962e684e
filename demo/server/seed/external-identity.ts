/**
 * The demo's external identity: people of 'Northwind Health' (email domain northwind.example)
 * sign in at Northwind's own OpenID provider, which the demo runs locally
 * (demo/identity-provider) because no hosted one is reachable offline. Sam already has a
 * patient account here, matched by email; Alex exists only at Northwind and registers through
 * it. Demo data only (see demo/server/README.md).
 */
import type { Patient } from '../../../src/fhir/types';
import type { ServerContext } from '../context';
import type { ProjectWithIdentityProviders } from '../auth/identity-providers';
import type { ClientApplicationRecord, MembershipRecord, UserRecord } from '../core/account-records';
import { DEMO_PROJECT_ID } from './ids';
import { seedId } from './seed-id';

/** The email domain that signs in at the demo's external provider. */
export const DEMO_EXTERNAL_DOMAIN = 'northwind.example';

/** People of the external provider (their passwords are the provider's, never this server's). */
export const DemoExternalUsers = {
  /** Has a patient account here. */
  sam: {
    sub: 'northwind-0001',
    email: 'sam@northwind.example',
    password: 'northwind-demo-1',
    givenName: 'Sam',
    familyName: 'Rivera',
  },
  /** Known only to the provider: registers through it. */
  alex: {
    sub: 'northwind-0002',
    email: 'alex@northwind.example',
    password: 'northwind-demo-2',
    givenName: 'Alex',
    familyName: 'Kim',
  },
} as const;

/** How this server is registered at the external provider. */
export const DEMO_IDP_CLIENT = { id: 'fhir-portal-kit-demo', secret: 'northwind-demo-client-secret' } as const;

/** The portal's client id (demo/app/src/client.ts); its exact redirect URIs are registered below. */
export const DEMO_PORTAL_CLIENT_ID = 'demo-portal';
/**
 * The one portal page an external sign-in returns to: its card finishes sign-ins and registrations
 * (RegisterPage sends them here too), so no other page needs registering.
 */
const PORTAL_RETURN_PATH = '/signin';

const projectRef = { reference: `Project/${DEMO_PROJECT_ID}`, display: 'Demo Project' };

export const ExternalIds = {
  samUser: seedId('user:sam-northwind'),
  samPatient: seedId('patient:sam-northwind'),
  samMembership: seedId('membership:sam-northwind'),
} as const;

/** The portal client with the return URIs of `npm start`'s portal. */
function portalClient(origins: readonly string[]): ClientApplicationRecord {
  return {
    resourceType: 'ClientApplication',
    id: DEMO_PORTAL_CLIENT_ID,
    name: 'Demo portal',
    // Exact URIs: an external sign-in returns to one of these and nowhere else.
    redirectUris: [...new Set(origins.map((origin) => new URL(PORTAL_RETURN_PATH, origin).toString()))],
    project: projectRef,
  };
}

/** Sam's account (no password: Sam signs in at Northwind) and the portal client. */
export function buildExternalIdentitySeed(): (Patient | UserRecord | MembershipRecord | ClientApplicationRecord)[] {
  const sam = DemoExternalUsers.sam;
  const patient: Patient = {
    resourceType: 'Patient',
    id: ExternalIds.samPatient,
    active: true,
    name: [{ use: 'official', given: [sam.givenName], family: sam.familyName }],
    gender: 'other',
    birthDate: '1990-07-04',
    telecom: [{ system: 'email', use: 'work', value: sam.email }],
  };
  const user: UserRecord = {
    resourceType: 'User',
    id: ExternalIds.samUser,
    email: sam.email,
    // Not a hash: no password signs in to this account.
    passwordHash: '',
    firstName: sam.givenName,
    lastName: sam.familyName,
    mfaEnrolled: false,
  };
  const membership: MembershipRecord = {
    resourceType: 'ProjectMembership',
    id: ExternalIds.samMembership,
    project: projectRef,
    user: { reference: `User/${user.id}`, display: sam.email },
    profile: { reference: `Patient/${patient.id}`, display: `${sam.givenName} ${sam.familyName}` },
    admin: false,
  };
  return [patient, user, membership, portalClient(['http://localhost:3000', 'http://127.0.0.1:3000'])];
}

/** Writes a record only when it differs, so a restart adds no version. */
async function upsertIfChanged<T extends { resourceType: string; id?: string }>(
  ctx: ServerContext,
  current: T | undefined,
  next: T
): Promise<void> {
  const strip = (r: unknown) => JSON.stringify({ ...(r as object), meta: undefined });
  if (current && strip(current) === strip(next)) return;
  await ctx.systemRepo.updateResource<T>(next);
}

/**
 * Points the demo project at the external provider running at `issuer` (oidc-provider's
 * routes), and registers the portal's return URIs for its origins. Run at every start: the
 * provider's and the portal's ports may differ from the last run.
 */
export async function configureDemoExternalIdentity(
  ctx: ServerContext,
  opts: { issuer: string; portalOrigins: readonly string[] }
): Promise<void> {
  const repo = ctx.systemRepo;
  const issuer = opts.issuer.replace(/\/+$/, '');
  const project = await repo.readResource<ProjectWithIdentityProviders>('Project', DEMO_PROJECT_ID);
  await upsertIfChanged(ctx, project, {
    ...project,
    identityProviders: [
      {
        domains: [DEMO_EXTERNAL_DOMAIN],
        identityProvider: {
          authorizeUrl: `${issuer}/auth`,
          tokenUrl: `${issuer}/token`,
          userInfoUrl: `${issuer}/me`,
          clientId: DEMO_IDP_CLIENT.id,
          clientSecret: DEMO_IDP_CLIENT.secret,
          tokenAuthMethod: 'client_secret_basic',
          usePkce: true,
          useSubject: false,
        },
      },
    ],
  });
  const client = await repo
    .readResource<ClientApplicationRecord>('ClientApplication', DEMO_PORTAL_CLIENT_ID)
    .catch(() => undefined);
  const wanted = portalClient(opts.portalOrigins);
  await upsertIfChanged(ctx, client, { ...client, ...wanted });
}
