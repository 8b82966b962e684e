import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDemoIdentityProvider } from '../demo/identity-provider/provider';
import { createServer } from '../demo/server/app';
import { configureDemoExternalIdentity } from '../demo/server/seed/external-identity';
import { configureSmartDemoApp } from '../demo/server/seed/smart-demo-app';
// @ts-expect-error plain ESM module without types
import { startPortalServer } from '../demo/app/serve.mjs';
// @ts-expect-error plain ESM module without types
import { buildPortalIfStale } from '../scripts/build-portal.mjs';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    apiUrl: string;
  }
}

// One reference server (fresh PGlite data folder, seeded) and one portal server for the whole
// run; each test opens its own browser context, so sessions never leak between tests.
export default async function setup(project: TestProject) {
  buildPortalIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'fpk-e2e-'));
  // As `npm start` runs it, the server's public address is the portal's (the browser reaches the
  // API through the portal), so the portal's port is chosen first.
  const portalPort = await freePort();
  const publicUrl = `http://127.0.0.1:${portalPort}/`;
  const api = await createServer({ port: 0, dataDir, seed: true, baseUrl: publicUrl });
  // api.url is the public address (the portal); the portal forwards to where the server listens.
  const portal = await startPortalServer({ port: portalPort, apiUrl: `http://127.0.0.1:${api.port}/` });
  // The demo's external OpenID provider, as `npm start` runs it: northwind.example signs in there.
  const idp = await startDemoIdentityProvider({ port: 0, redirectUris: [`${publicUrl}auth/external/callback`] });
  await configureDemoExternalIdentity(api.ctx, { issuer: idp.issuer, portalOrigins: [portal.url] });
  // The demo SMART app (demo/smart-app) at this run's portal port, as `npm start` registers it at its own.
  await configureSmartDemoApp(api.ctx, [portal.url]);
  project.provide('portalUrl', portal.url);
  project.provide('apiUrl', api.url);
  return async () => {
    await portal.close();
    await idp.close();
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
