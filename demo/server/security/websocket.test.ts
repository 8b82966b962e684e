// Item 14 (websockets): a binding token worked as often as anyone presented it for its five
// minutes (a token seen once, in a log or a proxy, bound anyone's socket to the patient's live
// data), and anyone could hold unbound sockets open without limit. Now a token binds once, each
// address holds a few unbound sockets, and a socket that does not bind in time is closed.
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

const LIMITS = { maxUnboundPerAddress: 3, bindDeadlineMs: 4000 };

/** A socket from a given loopback address that keeps what it receives. */
function connect(server: TestServer, localAddress = '127.0.0.1'): Promise<{ ws: WebSocket; messages: any[] }> {
  const ws = new WebSocket(new URL('ws/subscriptions-r4', server.url.replace(/^http/, 'ws')), { localAddress });
  const messages: any[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};
const isHandshake = (m: any) => m.resourceType === 'Bundle' && m.entry?.[0]?.resource?.type === 'handshake';
const isError = (m: any) => m.type === 'error';

describe.each(backends())('websocket limits (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(backend, { socketLimits: LIMITS });
    patient = await createAccount(server, 'Patient');
  }, 120_000);
  afterAll(() => server?.destroy());

  async function bindingToken(): Promise<string> {
    const api = fhirAs(server, patient.token);
    const sub = await api('POST', 'Subscription', {
      resourceType: 'Subscription',
      status: 'active',
      reason: 'Live chat',
      criteria: `Communication?subject=${patient.profile}`,
      channel: { type: 'websocket' },
    });
    expect(sub.status).toBe(201);
    const res = await api('GET', `Subscription/${sub.body.id}/$get-ws-binding-token`);
    return res.body.parameter.find((p: any) => p.name === 'token').valueString;
  }
  const bind = (ws: WebSocket, token: string) =>
    ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token } }));

  describe('when a binding token is presented a second time', () => {
    it('binds the first socket only, also after the first let go of it', async () => {
      const token = await bindingToken();
      const owner = await connect(server);
      bind(owner.ws, token);
      await until(() => owner.messages.some(isHandshake));
      owner.ws.send(JSON.stringify({ type: 'unbind-from-token', payload: { token } }));
      const thief = await connect(server);
      bind(thief.ws, token);
      await until(() => thief.messages.length > 0);
      expect(thief.messages.some(isHandshake)).toBe(false);
      expect(thief.messages[0].payload.issue[0].details.text).toBe('Invalid or expired token');
      owner.ws.close();
      thief.ws.close();
    });

    it('binds exactly one of two sockets that present it at once', async () => {
      const token = await bindingToken();
      const [a, b] = await Promise.all([connect(server), connect(server)]);
      bind(a.ws, token);
      bind(b.ws, token);
      await until(() => a.messages.length > 0 && b.messages.length > 0);
      expect([a, b].filter((s) => s.messages.some(isHandshake))).toHaveLength(1);
      expect([a, b].filter((s) => s.messages.some(isError))).toHaveLength(1);
      a.ws.close();
      b.ws.close();
    });
  });

  describe('when one address opens sockets and never binds them', () => {
    it('refuses the fourth with 429 while other addresses still connect, and frees a place on bind', async () => {
      const token = await bindingToken();
      const held = await Promise.all([1, 2, 3].map(() => connect(server, '127.0.0.7')));
      const refused = await connect(server, '127.0.0.7').then(
        () => undefined,
        (err: Error) => err
      );
      expect(refused?.message).toMatch(/429/);
      const elsewhere = await connect(server, '127.0.0.8');
      expect(elsewhere.ws.readyState).toBe(WebSocket.OPEN);
      // A socket that binds is no longer anonymous: its place is free again.
      bind(held[0].ws, token);
      await until(() => held[0].messages.some(isHandshake));
      const fourth = await connect(server, '127.0.0.7');
      expect(fourth.ws.readyState).toBe(WebSocket.OPEN);
      for (const s of [...held, elsewhere, fourth]) s.ws.close();
    });

    it('closes a socket that does not bind within the deadline, and keeps one that did', async () => {
      const token = await bindingToken();
      const idle = await connect(server, '127.0.0.9');
      const bound = await connect(server, '127.0.0.9');
      bind(bound.ws, token);
      await until(() => bound.messages.some(isHandshake));
      const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
        idle.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
      );
      expect(closed).toEqual({ code: 1008, reason: 'No subscription bound in time' });
      await new Promise((r) => setTimeout(r, LIMITS.bindDeadlineMs));
      expect(bound.ws.readyState).toBe(WebSocket.OPEN);
      bound.ws.close();
    });
  });
});
