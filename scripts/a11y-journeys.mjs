// The keyboard part of `npm run a11y`: the portal's main journeys done with the keyboard alone
// (Tab, Shift+Tab, arrows, Space, Enter and typing; no clicks), as the demo patient on a freshly
// seeded server: sign in, answer the screening questionnaire, book a visit, send a message.
// A journey counts as completed when its last step shows what a user expects to see.

const MAX_TABS = 200;

/** Presses Tab until `target` has focus, as a keyboard user would; in a roving group (a calendar grid), arrows on. */
async function tabTo(page, target, { arrow } = {}) {
  await target.first().waitFor({ timeout: 30_000 });
  const focused = () => target.first().evaluate((element) => element === document.activeElement);
  for (let i = 0; i < MAX_TABS; i++) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
    if (arrow && (await page.evaluate((selector) => !!document.activeElement?.closest(selector), arrow.within))) {
      for (let j = 0; j < 45 && !(await focused()); j++) await page.keyboard.press(arrow.key);
    }
  }
  if (!(await focused())) throw new Error(`Tab never reached ${target}`);
}

async function signInByKeyboard(page, base) {
  await page.goto(base);
  await tabTo(page, page.getByRole('link', { name: 'Log in' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type('patient@example.com');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type('patient-demo-1');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor({ timeout: 60_000 });
}

/** From the dashboard, follows a link by keyboard. */
async function follow(page, name) {
  await tabTo(page, page.getByRole('link', { name }));
  await page.keyboard.press('Enter');
}

export const JOURNEYS = [
  { name: 'sign-in', run: signInByKeyboard },
  {
    name: 'questionnaire',
    async run(page) {
      await follow(page, 'Start screening');
      await page.getByRole('heading', { level: 1, name: 'AHC HRSN Screening' }).waitFor({ timeout: 30_000 });
      await tabTo(page, page.getByRole('radio', { name: 'I have a steady place to live' }));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('checkbox', { name: 'None of the above' }));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('button', { name: 'Submit' }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Thank you' }).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'booking',
    async run(page) {
      await follow(page, 'Get Care');
      await page.getByRole('heading', { name: 'Select date' }).waitFor({ timeout: 30_000 });
      const day = page.locator('.fpk-scheduler [role="gridcell"]:not([data-disabled]):not([data-outside]) button');
      await tabTo(page, day, { arrow: { within: '[role="grid"]', key: 'ArrowRight' } });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Select time' }).waitFor({ timeout: 30_000 });
      await tabTo(page, page.locator('.fpk-scheduler-times button'));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByLabel('What is the main reason for your visit?'));
      await page.keyboard.type('Annual check-up');
      await tabTo(page, page.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: "You're all set!" }).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'chat',
    async run(page) {
      await follow(page, 'Messages');
      await page.getByRole('columnheader', { name: 'Name' }).waitFor({ timeout: 30_000 });
      await follow(page, /Hibbert/);
      await page.locator('[data-connection="connected"]').waitFor({ timeout: 30_000 });
      const text = `Sent by keyboard at ${new Date().toISOString()}`;
      await tabTo(page, page.getByRole('textbox', { name: 'Message' }));
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await page.locator('.fpk-chat-bubble', { hasText: text }).waitFor({ timeout: 30_000 });
    },
  },
];

/**
 * Runs every journey in one signed-in tab (each after the previous, from the dashboard); adds a
 * problem per failed journey and answers which completed.
 */
export async function measureJourneys(browser, portalUrl, { problems }) {
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const completed = [];
  try {
    for (const journey of JOURNEYS) {
      try {
        if (journey.name !== 'sign-in') await page.goto(portalUrl);
        await journey.run(page, portalUrl);
        completed.push(journey.name);
      } catch (error) {
        problems.push(`keyboard journey '${journey.name}' failed: ${String(error.message).split('\n')[0]}`);
      }
    }
  } finally {
    await context.close();
  }
  return { completed, total: JOURNEYS.length };
}
