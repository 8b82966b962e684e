/**
 * The demo's SMART app (demo/smart-app, served by the portal at /smart-app/), registered as a
 * third-party public client would be: exact redirect URIs, a launch URI for the staff area's
 * EHR launch, no secret. Seeded with the default portal origins, and brought to the running
 * portal's origins at every start (configureSmartDemoApp), as the portal client is.
 */
import type { ServerContext } from '../context';
import type { ClientApplicationRecord } from '../core/account-records';
import { DEMO_PROJECT_ID } from './ids';

/** The demo SMART app's client id. */
export const SMART_DEMO_APP_ID = 'smart-demo-app';
/** Its name, as the staff area lists it. */
export const SMART_DEMO_APP_NAME = 'Demo SMART app';
/** Its pages under each portal origin. */
export const SMART_DEMO_APP_PATHS = { redirect: '/smart-app/index.html', launch: '/smart-app/launch.html' } as const;

/** The portal origins of `npm start` (the seed's default). */
const DEFAULT_PORTAL_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];

/**
 * The app's record for the portal origins. One launch URI (the first origin's): an EHR launch
 * opens it there; its redirect URIs cover every origin, so a launch from either signs in.
 */
export function smartDemoApp(origins: readonly string[] = DEFAULT_PORTAL_ORIGINS): ClientApplicationRecord {
  const at = (origin: string, path: string) => new URL(path, origin).toString();
  return {
    resourceType: 'ClientApplication',
    id: SMART_DEMO_APP_ID,
    name: SMART_DEMO_APP_NAME,
    redirectUris: [...new Set(origins.map((o) => at(o, SMART_DEMO_APP_PATHS.redirect)))],
    launchUri: at(origins[0] ?? DEFAULT_PORTAL_ORIGINS[0], SMART_DEMO_APP_PATHS.launch),
    thirdParty: true,
    project: { reference: `Project/${DEMO_PROJECT_ID}`, display: 'Demo Project' },
  };
}

/**
 * Registers the app for the running portal's origins (a start may use other ports than the
 * seed did, and a database seeded before the app existed has none). Writes only on a change.
 */
export async function configureSmartDemoApp(ctx: ServerContext, portalOrigins: readonly string[]): Promise<void> {
  const current = await ctx.systemRepo
    .readResource<ClientApplicationRecord>('ClientApplication', SMART_DEMO_APP_ID)
    .catch(() => undefined);
  // The launch URI on the origin the server names itself by (npm start's printed address), so an
  // EHR launch opens the app on the same origin as the FHIR base it is given (`iss`), not across
  // localhost and 127.0.0.1.
  const origins = portalOrigins.length ? portalOrigins : DEFAULT_PORTAL_ORIGINS;
  // (A base that is not an absolute URL, as a test's may be, names no origin.)
  const own = URL.canParse(ctx.baseUrl) ? new URL(ctx.baseUrl).origin : undefined;
  const wanted = smartDemoApp(own && origins.includes(own) ? [own, ...origins.filter((o) => o !== own)] : origins);
  const strip = (r: unknown) => JSON.stringify({ ...(r as object), meta: undefined });
  if (current && strip(current) === strip({ ...current, ...wanted })) return;
  await ctx.systemRepo.updateResource<ClientApplicationRecord>({ ...current, ...wanted });
}
