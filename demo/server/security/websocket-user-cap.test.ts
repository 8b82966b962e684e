// Issue 19 (Medium): once a socket on /ws/subscriptions-r4 had bound a token it counted against
// nothing, so one member could bind as many sockets as the server would take (and make every
// committed write cost a check per socket). Now each user holds at most maxBoundPerUser bound
// sockets; a bind past it is refused and the socket closed, and other users still bind.
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

const CAP = 3;

function connect(server: TestServer): Promise<{ ws: WebSocket; messages: any[] }> {
  const ws = new WebSocket(new URL('ws/subscriptions-r4', server.url.replace(/^http/, 'ws')));
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

describe.each(backends())('bound websockets per user (%s)', (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let other: TestAccount;
  const open: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend, { socketLimits: { maxBoundPerUser: CAP } });
    member = await createAccount(server, 'Patient');
    other = await createAccount(server, 'Patient');
  }, 120_000);
  afterAll(async () => {
    for (const ws of open) ws.terminate();
    await server?.destroy();
  });

  async function bindingToken(account: TestAccount): Promise<string> {
    const api = fhirAs(server, account.token);
    const sub = await api('POST', 'Subscription', {
      resourceType: 'Subscription',
      status: 'active',
      reason: 'Live chat',
      criteria: `Communication?subject=${account.profile}`,
      channel: { type: 'websocket' },
    });
    expect(sub.status).toBe(201);
    const res = await api('GET', `Subscription/${sub.body.id}/$get-ws-binding-token`);
    return res.body.parameter.find((p: any) => p.name === 'token').valueString;
  }

  async function bindAs(account: TestAccount) {
    const socket = await connect(server);
    open.push(socket.ws);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
    );
    socket.ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token: await bindingToken(account) } }));
    await until(() => socket.messages.length > 0);
    return { ...socket, closed };
  }

  it('refuses the member a bound socket past the cap, and another user still binds', async () => {
    const held = [];
    for (let i = 0; i < CAP; i++) held.push(await bindAs(member));
    expect(held.every((s) => s.messages.some(isHandshake))).toBe(true);

    const refused = await bindAs(member);
    expect(refused.messages.some(isHandshake)).toBe(false);
    expect(refused.messages[0]).toMatchObject({
      type: 'error',
      payload: { issue: [{ details: { text: 'Too many live sockets for this user' } }] },
    });
    expect(await refused.closed).toEqual({ code: 1008, reason: 'Too many live sockets for this user' });

    const elsewhere = await bindAs(other);
    expect(elsewhere.messages.some(isHandshake)).toBe(true);

    // A socket given back frees its place.
    held[0].ws.close();
    await held[0].closed;
    const again = await bindAs(member);
    expect(again.messages.some(isHandshake)).toBe(true);
  });
});
