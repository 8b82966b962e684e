// Issue 19: the critical finding worked through the portal's own address too: its proxy
// decided "API or page" on a normalised path and forwarded the raw one. It now forwards only
// canonical paths (the server's own parse, http/canonical-path.mjs) and refuses the rest with
// 400 before anything reaches the server. The upstream here records what it receives.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { startPortalServer } from '../../app/serve.mjs';
import { sendTarget } from '../test/raw-target';

describe('the portal proxy', () => {
  const received: string[] = [];
  let upstream: http.Server;
  let portal: { url: string; close(): Promise<void> };
  let distDir: string;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      received.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"upstream":true}'));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    distDir = await mkdtemp(path.join(os.tmpdir(), 'fpk-portal-'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>portal</title>');
    portal = await startPortalServer({
      port: 0,
      apiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      distDir,
    });
  });
  afterAll(async () => {
    await portal?.close();
    await new Promise((resolve) => upstream?.close(resolve));
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });

  const send = (target: string) => sendTarget({ url: `${portal.url}/` } as any, 'GET', target);

  it.each([
    '/fhir//R4/User',
    '/%66hir/R4/User',
    '/fhir/%52%34/User',
    '/fhir/R4//Observation',
    '/assets/../fhir/R4/User',
    '/fhir/R4/./User',
    '/fhir\\R4\\User',
    '/fhir/R4%2FUser',
    '/%61uth/login',
  ])('refuses %s with 400 and forwards nothing', async (target) => {
    received.length = 0;
    const res = await send(target);
    expect(res.status).toBe(400);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(received).toEqual([]);
  });

  it('forwards a canonical path as it is, and an escaped $ or a trailing slash in its canonical form', async () => {
    received.length = 0;
    expect((await send('/fhir/R4/Patient?name=a%20b')).body).toEqual({ upstream: true });
    expect((await send('/fhir/R4/Patient/1/%24everything')).body).toEqual({ upstream: true });
    expect((await send('/fhir/R4/Patient/')).body).toEqual({ upstream: true });
    expect(received).toEqual(['/fhir/R4/Patient?name=a%20b', '/fhir/R4/Patient/1/$everything', '/fhir/R4/Patient']);
  });

  it('still serves the portal on its own paths', async () => {
    const res = await send('/appointments/upcoming');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>portal</title>');
  });
});
