// Issue 19, deny by default: every route the server registers is walked with no token, and
// each one not on the public list (app.ts, PUBLIC_ROUTES) answers 401 before its handler
// runs. A route added tomorrow is in this walk too, so it cannot answer anonymously by
// accident: it must be named public.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, isPublicRoute } from '../app';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { sendTarget } from '../test/raw-target';
import { routeName, samplePath } from '../test/route-samples';

describe.each(backends())('every registered route without a token (%s)', (backend) => {
  let server: TestServer;
  let patientId: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    patientId = (
      await server.ctx.systemRepo.createResource<any>({ resourceType: 'Patient', name: [{ family: 'Walk' }] })
    ).id;
  }, 120_000);
  afterAll(() => server?.destroy());

  const bodyOf = (method: string) =>
    method === 'POST' || method === 'PUT' || method === 'PATCH'
      ? {
          headers: { 'Content-Type': 'application/fhir+json' },
          body: JSON.stringify({ resourceType: 'Patient', id: patientId, name: [{ family: 'Planted' }] }),
        }
      : {};

  it('lists only registered routes as public', () => {
    const registered = new Set(server.routes().map(routeName));
    expect([...PUBLIC_ROUTES].filter((name) => !registered.has(name))).toEqual([]);
  });

  it('answers 401 on every route that is not public, whatever the method', async () => {
    const answered: string[] = [];
    for (const route of server.routes().filter((r) => !isPublicRoute(r))) {
      const path = samplePath(route.pattern, { id: patientId });
      const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
      for (const method of methods) {
        const res = await sendTarget(server, method, path, bodyOf(method));
        if (res.status !== 401) answered.push(`${method} ${path}: ${res.status}`);
        else if (method !== 'HEAD') expect(res.body.issue[0].code).toBe('login');
      }
    }
    expect(answered).toEqual([]);
    // Nothing a handler could have written got written.
    const patient = await server.ctx.systemRepo.readResource<any>('Patient', patientId);
    expect(patient.name[0].family).toBe('Walk');
  });

  it('answers the public routes without asking for a token', async () => {
    const refused: string[] = [];
    for (const route of server.routes().filter(isPublicRoute)) {
      const res = await sendTarget(server, route.method, samplePath(route.pattern), bodyOf(route.method));
      if (res.status === 401 || res.status >= 500) refused.push(`${routeName(route)}: ${res.status}`);
    }
    expect(refused).toEqual([]);
  });
});
