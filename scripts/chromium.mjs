// Debian's Chromium and the flags every browser run here needs (tests, stories, benchmarks).
// Playwright cannot download its own browsers on this network, so playwright-core drives this one.

/** Where Chromium is: CHROMIUM_PATH, else Debian's package (installed by scripts/ensure-chromium.mjs). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Headless as root, no GPU, and none of the background connections this closed network refuses
 * (many at a time, slowing every start).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
