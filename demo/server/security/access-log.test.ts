// Item 14 (the access log): the server kept no record of who read or changed what. It now writes
// one JSON line per request and websocket bind: who, which interaction on which resource type,
// the status and the time. This test signs in, reads, searches, writes and binds a socket as a
// patient, then reads the log file and checks both what it says and what it must never say:
// tokens, codes, passwords, query values (a search by name and birth date) or resource contents.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { accessLogSink } from '../http/access-log';
import { createPasswordAccount, type PasswordAccount } from '../test/accounts';
import { exchange, fhirAs, pkce, raw } from '../test/attacker';

describe.each(backends())('access log (%s)', (backend) => {
  let server: TestServer;
  let folder: string;
  let logFile: string;
  let patient: PasswordAccount;
  const secrets: string[] = [];
  let lines: any[];
  let text: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'fpk-access-log-'));
    logFile = path.join(folder, 'access.log');
    server = await startTestServer(backend, { accessLog: accessLogSink(logFile) });
    patient = await createPasswordAccount(server);
    const [type, id] = patient.profile.split('/');
    await server.ctx.systemRepo.updateResource<any>({
      resourceType: type,
      id,
      name: [{ family: 'Szyszlak', given: ['Moe'] }],
      birthDate: '1961-02-03',
    });

    // Sign in as the portal does, and refresh once.
    const { challenge, verifier } = pkce();
    const login = await raw(server, 'POST', 'auth/login', {
      email: patient.email,
      password: patient.password,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    const tokens = await exchange(server, login.body.code, verifier);
    expect(tokens.status).toBe(200);
    const refreshed = await raw(
      server,
      'POST',
      'oauth2/token',
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token }).toString(),
      { 'Content-Type': 'application/x-www-form-urlencoded' }
    );
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.access_token;
    await raw(server, 'GET', `auth/login/${login.body.login}`);

    const api = fhirAs(server, token);
    expect((await api('GET', patient.profile)).status).toBe(200);
    expect((await api('GET', 'Patient?family=Szyszlak&birthdate=1961-02-03')).status).toBe(200);
    const created = await api('POST', 'Observation', {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Mood' },
      subject: { reference: patient.profile },
      note: [{ text: 'Confidential: feeling low since the divorce' }],
    });
    expect(created.status).toBe(201);
    // A token where an id belongs, as a confused client might send it.
    await api('GET', `Patient/${token}`);
    await api('GET', 'Observation', undefined, { Authorization: 'Bearer forged.token.value' });

    // A live subscription: the binding token goes over the socket.
    const sub = await api('POST', 'Subscription', {
      resourceType: 'Subscription',
      status: 'active',
      reason: 'Live chat',
      criteria: `Communication?subject=${patient.profile}`,
      channel: { type: 'websocket' },
    });
    const binding = await api('GET', `Subscription/${sub.body.id}/$get-ws-binding-token`);
    const bindingToken = binding.body.parameter.find((p: any) => p.name === 'token').valueString;
    const ws = new WebSocket(new URL('ws/subscriptions-r4', server.url.replace(/^http/, 'ws')));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const handshake = new Promise((resolve) => ws.once('message', resolve));
    ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token: bindingToken } }));
    await handshake;
    ws.close();

    secrets.push(
      patient.password,
      patient.email,
      login.body.login,
      login.body.code,
      verifier,
      tokens.body.access_token,
      tokens.body.refresh_token,
      tokens.body.refresh_token.split('.')[1],
      refreshed.body.refresh_token.split('.')[1],
      token,
      bindingToken,
      'forged.token.value',
      'Szyszlak',
      '1961-02-03',
      'feeling low'
    );
    // The file stream writes asynchronously: wait until the bind has reached the file.
    for (let i = 0; i < 100; i++) {
      text = await readFile(logFile, 'utf8').catch(() => '');
      if (text.includes('"event":"bind"')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  }, 90_000);
  afterAll(async () => {
    await server?.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  it('holds no token, code, password, email, query value or resource content', () => {
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('says who did which interaction on which type, the status and when', () => {
    const read = lines.find((l) => l.interaction === 'read' && l.resourceType === 'Patient' && l.status === 200);
    expect(read).toMatchObject({ kind: 'http', event: 'GET', who: patient.profile, project: expect.any(String) });
    expect(new Date(read.time).toISOString()).toBe(read.time);
    expect(Date.now() - Date.parse(read.time)).toBeLessThan(120_000);
    expect(lines.find((l) => l.interaction === 'search' && l.resourceType === 'Patient')).toMatchObject({
      params: ['family', 'birthdate'],
      status: 200,
      who: patient.profile,
    });
    expect(lines.find((l) => l.interaction === 'create' && l.resourceType === 'Observation')).toMatchObject({
      status: 201,
      who: patient.profile,
    });
    expect(lines.find((l) => l.status === 401)).toMatchObject({ who: 'anonymous', resourceType: 'Observation' });
    expect(lines.find((l) => l.route === '/auth/login' && l.event === 'POST')).toMatchObject({
      status: 200,
      who: 'anonymous',
    });
    expect(lines.find((l) => l.route === '/auth/login/:login')).toBeDefined();
    expect(lines.find((l) => l.kind === 'ws' && l.event === 'bind')).toMatchObject({
      resourceType: 'Subscription',
      who: patient.profile,
    });
  });
});
