// Issue 19, "FHIRcast topics belong to no one": any signed-in patient read the doctor's current
// context (GET /fhircast/STU3/staff-{practitionerId} named the patient the doctor had open),
// followed it and published Patient-open to steer every staff tab; endpoints outlived sign-out
// and password changes; scopes were not applied; the front desk read clinical context; 20 × 8 MB
// events held 280 MB; one member could take all 1,000 sockets of the project. Now a topic is its
// owner's (fhircast/topic-access.ts), the login is checked on the upgrade and each delivery, and
// events, topics and sockets are bounded per user.
import http from 'node:http';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/jwt';
import { signIn, startTestServer, type TestServer } from '../test/login-helpers';
import {
  FHIRCAST_HUB_PATH,
  MAX_FHIRCAST_EVENT_BYTES,
  MAX_SOCKETS_PER_USER,
  MAX_TOPICS_PER_USER,
} from '../fhircast/hub';
import { DemoCredentials, DemoIds } from '../seed/ids';
import { createPasswordAccount } from '../test/accounts';
import { raw } from '../test/attacker';

let server: TestServer;
let doctor: string;
let patientToken: string;
let frontDesk: string;
const sockets: WebSocket[] = [];

const doctorTopic = (label?: string) => `staff-${DemoIds.doctor}${label ? `_${label}` : ''}`;
const patientRef = (id: string) => ({ key: 'patient', resource: { resourceType: 'Patient', id } });
const issue = (body: any) => body?.issue?.[0]?.details?.text;

beforeAll(async () => {
  server = await startTestServer();
  // One at a time: the sign-in keeps its PKCE verifier in one shared store.
  const token = async ({ email, password }: { email: string; password: string }) =>
    (await signIn(server.url, email, password)).access_token;
  doctor = await token(DemoCredentials.doctor);
  patientToken = await token(DemoCredentials.patient);
  frontDesk = await token(DemoCredentials.frontDesk);
}, 180_000);

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await server?.stop();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function subscribe(token: string, topic: string, events = 'Patient-open,Patient-close') {
  return raw(
    server,
    'POST',
    FHIRCAST_HUB_PATH.slice(1),
    new URLSearchParams({
      'hub.channel.type': 'websocket',
      'hub.mode': 'subscribe',
      'hub.topic': topic,
      'hub.events': events,
    }).toString(),
    { ...bearer(token), 'Content-Type': 'application/x-www-form-urlencoded' }
  );
}

function publish(token: string, topic: string, event: string, context: unknown[]) {
  return raw(
    server,
    'POST',
    `${FHIRCAST_HUB_PATH.slice(1)}/${topic}`,
    {
      id: `${Math.random()}`,
      timestamp: new Date().toISOString(),
      event: { 'hub.topic': topic, 'hub.event': event, context },
    },
    bearer(token)
  );
}

const readContext = (token: string, topic: string) =>
  raw(server, 'GET', `${FHIRCAST_HUB_PATH.slice(1)}/${topic}`, undefined, bearer(token));

/** Opens a socket to an endpoint; resolves with its upgrade status (101 when taken) and what it receives. */
function connect(endpoint: string): Promise<{ status: number; messages: any[]; ws: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(endpoint);
    sockets.push(ws);
    const messages: any[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    ws.once('open', () => resolve({ status: 101, messages, ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, messages, ws });
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const events = (messages: any[]) => messages.filter((m) => m.event).map((m) => m.event.context[0].resource.id);

/** Subscribes and connects; answers the endpoint and the socket's messages once the hub confirmed. */
async function follow(token: string, topic: string) {
  const sub = await subscribe(token, topic);
  expect(sub.status).toBe(202);
  const endpoint = sub.body['hub.channel.endpoint'] as string;
  const socket = await connect(endpoint);
  expect(socket.status).toBe(101);
  await until(() => socket.messages.length > 0);
  return { endpoint, ...socket };
}

describe('FHIRcast topics', () => {
  describe("when a patient goes for the doctor's topic", () => {
    it('cannot read, follow or steer it (403 each), and the doctor sees nothing of it', async () => {
      const doctorTab = await follow(doctor, doctorTopic());
      expect((await publish(doctor, doctorTopic(), 'Patient-open', [patientRef(DemoIds.patient)])).status).toBe(202);
      await until(() => events(doctorTab.messages).length === 1);

      const read = await readContext(patientToken, doctorTopic());
      expect(read.status).toBe(403);
      expect(issue(read.body)).toBe('Forbidden: this FHIRcast topic belongs to another user');
      expect(read.text).not.toContain(DemoIds.patient);

      const sub = await subscribe(patientToken, doctorTopic());
      expect(sub.status).toBe(403);
      expect(sub.body['hub.channel.endpoint']).toBeUndefined();

      const steer = await publish(patientToken, doctorTopic(), 'Patient-open', [patientRef('someone-else')]);
      expect(steer.status).toBe(403);
      expect(issue(steer.body)).toBe('Forbidden: this FHIRcast topic belongs to another user');
      // The doctor's own context is what the doctor set, and their tab did not move.
      const mine = await readContext(doctor, doctorTopic());
      expect(mine.status).toBe(200);
      expect(mine.body.context).toEqual([patientRef(DemoIds.patient)]);
      expect(events(doctorTab.messages)).toEqual([DemoIds.patient]);
    });

    it("cannot use a topic named after nobody to reach anyone's", async () => {
      for (const topic of [
        'staff',
        `staff-${DemoIds.doctor}_`,
        `Staff-${DemoIds.doctor}`,
        `constructor-${DemoIds.patient}`,
      ])
        expect((await subscribe(patientToken, topic)).status).toBe(403);
    });
  });

  describe('when the front desk reads clinical context', () => {
    it("is refused the doctor's topic and clinical events on its own, and still follows its own patients", async () => {
      const read = await readContext(frontDesk, doctorTopic());
      expect(read.status).toBe(403);
      expect(read.text).not.toContain(DemoIds.patient);
      const own = `staff-${DemoIds.frontDesk}`;
      // Its policy has no DiagnosticReport or Encounter: events about them are not its to see or send.
      const reports = await subscribe(frontDesk, own, 'DiagnosticReport-open');
      expect(reports.status).toBe(403);
      expect(issue(reports.body)).toBe('Forbidden: this FHIRcast context holds DiagnosticReport you may not read');
      const encounter = await publish(frontDesk, own, 'Encounter-open', [
        { key: 'encounter', resource: { resourceType: 'Encounter', id: 'e1' } },
        patientRef(DemoIds.patient),
      ]);
      expect(encounter.status).toBe(403);
      // Patient it may read: the staff area's following keeps working for it.
      expect((await subscribe(frontDesk, own)).status).toBe(202);
      expect((await publish(frontDesk, own, 'Patient-open', [patientRef(DemoIds.patient)])).status).toBe(202);
    });
  });

  describe('when the token has scopes', () => {
    /** A token of the doctor's with the given scopes, as a SMART app would hold. */
    async function doctorTokenWith(scope: string): Promise<string> {
      const login = await server.ctx.systemRepo.createResource<any>({
        resourceType: 'Login',
        user: { reference: `User/${DemoIds.doctorUser}` },
        membership: { reference: `ProjectMembership/${DemoIds.doctorMembership}` },
        granted: true,
        authTime: new Date().toISOString(),
        scope,
      });
      return signAccessToken(server.ctx.jwtSecret, {
        sub: DemoIds.doctorUser,
        login_id: login.id,
        profile: `Practitioner/${DemoIds.doctor}`,
        scope,
        iss: server.ctx.baseUrl,
      });
    }

    it('reads, follows and publishes only the context types (and FHIRcast events) they grant', async () => {
      const topic = doctorTopic('scoped');
      expect((await publish(doctor, topic, 'Patient-open', [patientRef(DemoIds.patient)])).status).toBe(202);
      const labs = await doctorTokenWith('openid user/Observation.read');
      expect((await readContext(labs, topic)).status).toBe(403);
      expect((await subscribe(labs, topic)).status).toBe(403);
      expect((await publish(labs, topic, 'Patient-open', [patientRef('p2')])).status).toBe(403);

      const patients = await doctorTokenWith('openid user/Patient.read');
      const allowed = await readContext(patients, topic);
      expect(allowed.status).toBe(200);
      expect(allowed.body.context).toEqual([patientRef(DemoIds.patient)]);

      const readOnly = await doctorTokenWith('openid fhircast/Patient-open.read fhircast/Patient-close.read');
      expect((await subscribe(readOnly, topic)).status).toBe(202);
      expect((await publish(readOnly, topic, 'Patient-open', [patientRef('p2')])).status).toBe(403);
    });
  });

  describe('when the login behind an endpoint ends', () => {
    it('after sign-out, the endpoint takes no socket and its socket receives nothing more', async () => {
      const topic = doctorTopic('signout');
      const tabA = await signIn(server.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password);
      const a = await follow(tabA.access_token, topic);
      const b = await follow(doctor, topic);
      expect((await publish(doctor, topic, 'Patient-open', [patientRef('first')])).status).toBe(202);
      await until(() => events(a.messages).length === 1 && events(b.messages).length === 1);

      expect((await raw(server, 'POST', 'oauth2/logout', undefined, bearer(tabA.access_token))).status).toBe(200);
      expect((await publish(doctor, topic, 'Patient-open', [patientRef('second')])).status).toBe(202);
      await until(() => events(b.messages).length === 2);
      expect(events(a.messages)).toEqual(['first']);
      expect((await connect(a.endpoint)).status).toBe(401);
    });

    it('after a password change in another session, the old session follows nothing more', async () => {
      const account = await createPasswordAccount(server, { profileType: 'Practitioner' });
      const topic = `staff-${account.profile.split('/')[1]}`;
      const old = await signIn(server.url, account.email, account.password);
      const current = await signIn(server.url, account.email, account.password);
      const stale = await follow(old.access_token, topic);
      const changed = await raw(
        server,
        'POST',
        'auth/changepassword',
        { oldPassword: account.password, newPassword: 'a-brand-new-password-9' },
        bearer(current.access_token)
      );
      expect(changed.status).toBe(200);
      const fresh = await follow(current.access_token, topic);
      expect((await publish(current.access_token, topic, 'Patient-open', [patientRef('after')])).status).toBe(202);
      await until(() => events(fresh.messages).length === 1);
      expect(events(stale.messages)).toEqual([]);
      expect((await connect(stale.endpoint)).status).toBe(401);
    });
  });

  describe('when a member tries to hold the hub', () => {
    /** POSTs an event of `size` bytes without holding it: one small chunk written again and again. */
    function postHuge(topic: string, size: number): Promise<number> {
      const head = Buffer.from(
        `{"event":{"hub.topic":"${topic}","hub.event":"Patient-open","context":[{"key":"patient","resource":{"resourceType":"Patient","id":"p","pad":"`
      );
      const tail = Buffer.from('"}}]}}');
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const padding = size - head.length - tail.length;
      return new Promise((resolve, reject) => {
        const req = http.request(
          new URL(`${FHIRCAST_HUB_PATH.slice(1)}/${topic}`, server.url),
          {
            method: 'POST',
            agent: false,
            headers: { 'Content-Type': 'application/json', 'Content-Length': size, ...bearer(doctor) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          }
        );
        req.on('error', reject);
        req.write(head);
        let left = padding;
        const pump = () => {
          while (left > 0) {
            const n = Math.min(left, chunk.length);
            left -= n;
            if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
          }
          req.end(tail);
        };
        pump();
      });
    }

    it('refuses 20 events of 8 MB before parsing them (413), and memory stays put', async () => {
      const before = process.memoryUsage().rss;
      for (let i = 0; i < 20; i++) expect(await postHuge(doctorTopic(`big${i}`), 8 * 1024 * 1024)).toBe(413);
      expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
      // An event up to the cap is still taken.
      expect(await postHuge(doctorTopic('big-ok'), MAX_FHIRCAST_EVENT_BYTES)).toBe(202);
    }, 120_000);

    it('keeps at most MAX_TOPICS_PER_USER contexts per user (429 beyond), and others keep theirs', async () => {
      const member = await createPasswordAccount(server, { profileType: 'Practitioner' });
      const token = (await signIn(server.url, member.email, member.password)).access_token;
      const id = member.profile.split('/')[1];
      for (let i = 0; i < MAX_TOPICS_PER_USER; i++)
        expect((await publish(token, `staff-${id}_t${i}`, 'Patient-open', [patientRef('p')])).status).toBe(202);
      const over = await publish(token, `staff-${id}_t${MAX_TOPICS_PER_USER}`, 'Patient-open', [patientRef('p')]);
      expect(over.status).toBe(429);
      // Closing one frees its place; the doctor was never counted against it.
      expect((await publish(token, `staff-${id}_t0`, 'Patient-close', [patientRef('p')])).status).toBe(202);
      expect(
        (await publish(token, `staff-${id}_t${MAX_TOPICS_PER_USER}`, 'Patient-open', [patientRef('p')])).status
      ).toBe(202);
      expect((await publish(doctor, doctorTopic('not-capped'), 'Patient-open', [patientRef('p')])).status).toBe(202);
    });

    it('refuses one member sockets past MAX_SOCKETS_PER_USER (429) while the doctor still connects', async () => {
      const topic = `patient-${DemoIds.patient}`;
      const sub = await subscribe(patientToken, topic);
      expect(sub.status).toBe(202);
      const endpoint = sub.body['hub.channel.endpoint'] as string;
      const opened = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_USER }, () => connect(endpoint)));
      expect(opened.map((s) => s.status)).toEqual(opened.map(() => 101));
      expect((await connect(endpoint)).status).toBe(429);
      const doctorSub = await subscribe(doctor, doctorTopic('sockets'));
      expect((await connect(doctorSub.body['hub.channel.endpoint'])).status).toBe(101);
      // A socket given back is a place free again.
      opened[0].ws.close();
      await new Promise((resolve) => opened[0].ws.once('close', resolve));
      // The server counts the socket out when it sees the close.
      await new Promise((r) => setTimeout(r, 100));
      expect((await connect(endpoint)).status).toBe(101);
    });
  });
});
