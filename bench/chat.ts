// `npm run bench:chat`: prints
// - first paint of BaseChat with 5,000 messages in Debian's Chromium (median of three), with how
//   many message rows are in the DOM (only those on screen are laid out);
// - send-to-echo through the real reference server: a message created over REST until its
//   websocket notification reaches the sender's subscription (50 sends, p50/p95);
// - one message delivered to 200 subscribed sockets: time until the last one has it.
import { execSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import {
  ClientStorage,
  createChatMessage,
  FhirClient,
  configureClientSubscriptions,
  MemoryStorage,
  participantsQuery,
} from '../src/client';
import type { Bundle, Communication } from '../src/fhir/types';
import { createServer } from '../demo/server/app';
import { DemoCredentials, DemoIds } from '../demo/server/seed/ids';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const SIZE = 5000;
const SENDS = 50;
const SOCKETS = 200;
const dist = '.tmp/bench-chat';

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function firstPaint(): Promise<{ ms: number; rows: number }[]> {
  execSync('npx vite build --config bench/chat/vite.config.ts', { stdio: 'inherit' });
  const server = createHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let file = join(dist, path === '/' ? 'index.html' : path);
    if (!existsSync(file)) file = join(dist, 'index.html');
    const type = ({ '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' } as Record<string, string>)[
      extname(file)
    ];
    res.writeHead(200, { 'content-type': type ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const runs: { ms: number; rows: number }[] = [];
  for (let run = 0; run < 3; run++) {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await page.goto(`${base}?size=${SIZE}`);
    await page.waitForFunction(() => (window as any).firstPaintMs !== undefined, undefined, { timeout: 60_000 });
    runs.push(await page.evaluate(() => ({ ms: (window as any).firstPaintMs, rows: (window as any).rowsInDom })));
    await page.close();
  }
  await browser.close();
  server.close();
  return runs;
}

async function signedIn(url: string, email: string, password: string): Promise<FhirClient> {
  const client = new FhirClient({ baseUrl: url, fetch, storage: new ClientStorage(new MemoryStorage()), cacheTime: 0 });
  const started = await client.startLogin({ email, password });
  await client.processCode(started.code as string);
  return client;
}

async function live(): Promise<{ echo: number[]; fanOut: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fpk-bench-chat-'));
  const server = await createServer({ port: 0, dataDir, seed: true });
  try {
    const PATIENT = { reference: `Patient/${DemoIds.patient}` };
    const DOCTOR = { reference: `Practitioner/${DemoIds.doctor}` };
    const criteria = `Communication?${participantsQuery(PATIENT, DOCTOR)}`;
    const homer = await signedIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
    configureClientSubscriptions(homer, { WebSocket: WebSocket as never });
    const waiting = new Map<string, (at: number) => void>();
    const emitter = homer.subscribeToCriteria(criteria);
    emitter.on('message', ({ payload }: { payload: Bundle }) => {
      const text = (payload.entry?.[1]?.resource as Communication)?.payload?.[0]?.contentString ?? '';
      waiting.get(text)?.(performance.now());
    });
    await new Promise<void>((resolve) => emitter.on('connect', () => resolve()));

    // Send-to-echo: the sender's own subscription hears the message it created.
    const echo: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const text = `echo ${i}`;
      const heard = new Promise<number>((resolve) => waiting.set(text, resolve));
      const start = performance.now();
      await createChatMessage(homer, { text, sender: PATIENT, recipient: [DOCTOR], subject: PATIENT });
      echo.push((await heard) - start);
    }
    (await homer.getSubscriptionManager()).closeWebSocket();

    // Fan-out: 200 sockets, each bound to its own subscription on the conversation.
    const doctor = await signedIn(server.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password);
    const wsUrl = server.url.replace(/^http/, 'ws') + 'ws/subscriptions-r4';
    const sockets: WebSocket[] = [];
    const arrivals: number[] = [];
    const FAN_TEXT = 'one message for everyone';
    for (let i = 0; i < SOCKETS; i++) {
      const subscription = await doctor.createResource({
        resourceType: 'Subscription',
        status: 'active',
        reason: 'bench',
        criteria,
        channel: { type: 'websocket' },
      } as any);
      const binding = await doctor.get(
        doctor.fhirUrl('Subscription', subscription.id as string, '$get-ws-binding-token')
      );
      const token = binding.parameter.find((p: { name: string }) => p.name === 'token').valueString;
      const ws = new WebSocket(wsUrl);
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString());
          const type = message?.entry?.[0]?.resource?.type;
          if (type === 'handshake') resolve();
          if (type === 'event-notification' && message.entry[1]?.resource?.payload?.[0]?.contentString === FAN_TEXT)
            arrivals.push(performance.now());
        });
        ws.once('open', () => ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token } })));
      });
      sockets.push(ws);
    }
    const start = performance.now();
    await createChatMessage(doctor, { text: FAN_TEXT, sender: DOCTOR, recipient: [PATIENT], subject: PATIENT });
    const deadline = Date.now() + 30_000;
    while (arrivals.length < SOCKETS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const fanOut = arrivals.length === SOCKETS ? Math.max(...arrivals) - start : NaN;
    for (const ws of sockets) ws.terminate();
    return { echo, fanOut };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const paint = await firstPaint();
const { echo, fanOut } = await live();
const paintMs = paint.map((r) => r.ms).sort((a, b) => a - b)[1];
console.log(`Chat benchmark (load average ${loadavg()[0].toFixed(1)}, 2 cores shared)`);
console.log(
  `  first paint, ${SIZE} messages in BaseChat   ${paintMs.toFixed(0)} ms median of 3 (${paint.map((r) => r.ms.toFixed(0)).join(', ')}), ${paint[0].rows} message rows in the DOM`
);
console.log(
  `  send-to-echo through the server        p50 ${percentile(echo, 50).toFixed(1)} ms   p95 ${percentile(echo, 95).toFixed(1)} ms   (${SENDS} sends, PGlite)`
);
console.log(
  `  one message to ${SOCKETS} subscribed sockets    ${Number.isNaN(fanOut) ? 'not all delivered within 30 s' : `all within ${fanOut.toFixed(0)} ms`}`
);
process.exit(0);
