import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { startPortalServer } from '../demo/app/serve.mjs';
import { expectAccessible, launchBrowser } from './browser';
import { signIn } from './session';
import { freePort } from './free-port';

// This file runs its own reference server as a separate process on its own data folder, so the
// fault test can stop that process and start it again on the same data without touching the
// server the other journeys share.

const DOCTOR_ID = '0d3e0000-0000-4000-8000-000000000202';
const PATIENT_ID = '0d3e0000-0000-4000-8000-000000000102';

let browser: Browser;
let dataDir: string;
let apiPort: number;
let server: ChildProcess | undefined;
let portal: { url: string; close(): Promise<void> };

/** Starts `npm run server` (tsx demo/server/main.ts) on the data folder; resolves when it is ready. */
function startServerProcess(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
      // BASE_URL from the test runner's environment ('/') is not the server's public URL.
      env: { ...process.env, FHIR_PORT: String(apiPort), DATA_DIR: dataDir, DATABASE_URL: '', BASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('FHIR server ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    if (process.env.E2E_CONSOLE)
      child.stderr?.on('data', (chunk: Buffer) => console.log(`[server] ${chunk.toString()}`));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** Stops the server process (SIGTERM, as a deployment would) and waits for it to exit. */
async function stopServerProcess(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fpk-chat-e2e-'));
  apiPort = await freePort();
  server = await startServerProcess();
  portal = await startPortalServer({ port: 0, apiUrl: `http://127.0.0.1:${apiPort}/` });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await stopServerProcess();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function open(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: portal.url, timezoneId: 'UTC', locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (process.env.E2E_CONSOLE) page.on('console', (message) => console.log(`[browser] ${message.text()}`));
  return { context, page, errors };
}

/** Presses Tab until `target` has focus (at most 40 times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the target');
}

const bubbles = (page: Page) => page.locator('.fpk-chat-list .fpk-chat-bubble');

/** The texts of the chat's last `n` bubbles (the newest are on screen). */
async function lastTexts(page: Page, n: number): Promise<string[]> {
  const all = await bubbles(page).allTextContents();
  return all.slice(-n);
}

async function sendByKeyboard(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' });
  if (!(await input.evaluate((element) => element === document.activeElement))) await tabTo(page, input);
  if (text) await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('messages between a patient and a practitioner', () => {
  it('chat live by keyboard alone, survive a server restart, and show every message once, in order', async () => {
    // The patient: dashboard → Messages → the doctor, all by keyboard.
    const patient = await open();
    await signIn(patient.page, 'patient@example.com', 'patient-demo-1');
    await patient.page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
    await tabTo(patient.page, patient.page.getByRole('link', { name: 'Send Message' }));
    await patient.page.keyboard.press('Enter');
    await patient.page.getByRole('columnheader', { name: 'Name' }).waitFor();
    await patient.page.getByRole('link', { name: /Hibbert/ }).waitFor();
    // The clinicians only: the front desk, whose policy has no messages, is not offered.
    expect(await patient.page.getByRole('link', { name: /Rosa Martinez/ }).count()).toBe(0);
    await expectAccessible(patient.page);
    await tabTo(patient.page, patient.page.getByRole('link', { name: /Hibbert/ }));
    await patient.page.keyboard.press('Enter');
    await patient.page.waitForURL(`**/messages/${DOCTOR_ID}`);
    await patient.page.getByText('Thanks for letting me know, Homer.', { exact: false }).waitFor();
    await patient.page.locator('[data-connection="connected"]').waitFor();
    await expectAccessible(patient.page);

    // The practitioner lands in the staff area: the inbox, newest conversation first.
    const doctor = await open();
    // Remember me keeps the session in localStorage, so a second staff tab shares it.
    await signIn(doctor.page, 'doctor@example.com', 'doctor-demo-1', { remember: true });
    await doctor.page.waitForURL('**/staff');
    await doctor.page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const row = doctor.page.getByRole('row', { name: /Homer/ });
    await row.waitFor();
    await expectAccessible(doctor.page);
    const unreadBefore = Number(
      (await row
        .locator('.portal-unread')
        .textContent()
        .catch(() => '0')) || 0
    );

    // A new message from the patient raises the unread count live.
    await sendByKeyboard(patient.page, 'Hello doctor, first message');
    await expect
      .poll(async () =>
        Number(
          (await row
            .locator('.portal-unread')
            .textContent({ timeout: 500 })
            .catch(() => '0')) || 0
        )
      )
      .toBe(unreadBefore + 1);

    // Open the conversation by keyboard; opening it marks the messages received.
    await tabTo(doctor.page, row.getByRole('link'));
    await doctor.page.keyboard.press('Enter');
    await doctor.page.waitForURL(`**/staff/messages/${PATIENT_ID}`);
    await doctor.page.getByText('Hello doctor, first message').waitFor();
    await doctor.page.locator('[data-connection="connected"]').waitFor();
    await expectAccessible(doctor.page);
    // The patient's message is now received: the patient sees it delivered.
    await patient.page.getByText(/^Delivered/).waitFor();
    await expect.poll(() => patient.page.locator('.fpk-chat-delivered').count()).toBe(1);

    await sendByKeyboard(doctor.page, 'Hello Homer, reply one');
    await patient.page.getByText('Hello Homer, reply one').waitFor();

    // The server process stops in the middle of the conversation.
    await stopServerProcess();
    await patient.page.getByText('Live chat disconnected. Attempting to reconnect...').waitFor();
    await doctor.page.getByText('Live chat disconnected. Attempting to reconnect...').waitFor();

    // Each side sends while it is down: the portal keeps the message on the device (the demo's
    // client has the offline option), shows it in the thread as queued and clears the box.
    for (const [side, text] of [
      [patient.page, 'Sent during the outage'],
      [doctor.page, 'Doctor during the outage'],
    ] as const) {
      await sendByKeyboard(side, text);
      const queued = side.locator('[data-queued]').filter({ hasText: text });
      await queued.getByText('Saved on this device; will send when you are back online').waitFor();
      await expect.poll(() => side.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    }

    // The server starts again on the same data; both sides reconnect and refetch.
    server = await startServerProcess();
    // Each side checked as its notice shows, both at once: the notice closes by itself after a few
    // seconds, so on a loaded machine one side's could come and go while the test still waited
    // for the other's.
    await Promise.all(
      [patient.page, doctor.page].map(async (side) => {
        await side.getByText('Live chat reconnected.').waitFor({ timeout: 30_000 });
        await expect(side.getByText('Live chat reconnected.').count()).resolves.toBe(1);
        await expect(side.getByText('Live chat disconnected. Attempting to reconnect...').count()).resolves.toBe(0);
      })
    );

    // Back online, each side's outbox sends its message by itself, once; then the doctor a new one.
    for (const side of [patient.page, doctor.page]) {
      await expect.poll(() => side.locator('[data-queued]').count(), { timeout: 30_000 }).toBe(0);
    }
    await sendByKeyboard(doctor.page, 'Back online, reply two');

    const expected = [
      'Hello doctor, first message',
      'Hello Homer, reply one',
      'Sent during the outage',
      'Doctor during the outage',
      'Back online, reply two',
    ];
    for (const side of [patient.page, doctor.page]) {
      await expect.poll(() => lastTexts(side, expected.length), { timeout: 20_000 }).toEqual(expected);
      // Exactly once each: no echo, refetch or notification shows a message twice.
      const all = await bubbles(side).allTextContents();
      for (const text of expected) expect(all.filter((t) => t === text)).toHaveLength(1);
    }
    expect(patient.errors).toEqual([]);
    expect(doctor.errors).toEqual([]);

    // FHIRcast: a second staff tab on the practitioner's topic follows the first.
    const second = await doctor.context.newPage();
    await second.goto('/staff');
    await second.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await doctor.page.getByRole('link', { name: 'Back to inbox' }).click();
    await doctor.page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await expect.poll(() => new URL(second.url()).pathname).toBe('/staff');
    await doctor.page.getByRole('row', { name: /Homer/ }).getByRole('link').click();
    await expect.poll(() => new URL(second.url()).pathname, { timeout: 15_000 }).toBe(`/staff/messages/${PATIENT_ID}`);
    await doctor.page.getByRole('link', { name: 'Back to inbox' }).click();
    await expect.poll(() => new URL(second.url()).pathname, { timeout: 15_000 }).toBe('/staff');

    await patient.context.close();
    await doctor.context.close();
  }, 300_000);

  it('an unknown practitioner id shows the not-found state, not a chat', async () => {
    const patient = await open();
    await signIn(patient.page, 'patient@example.com', 'patient-demo-1');
    await patient.page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
    await patient.page.goto('/messages/0d3e0000-0000-4000-8000-00000000ffff');
    await patient.page.getByRole('alert').getByText('Error: Provider profile not found').waitFor();
    expect(await patient.page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    await patient.page.getByRole('link', { name: 'Back to messages' }).waitFor();
    await patient.context.close();
  }, 120_000);
});
