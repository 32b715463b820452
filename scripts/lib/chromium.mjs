// How the end-to-end tests and the benchmark start Chromium: Debian's browser (Playwright cannot download its
// own here), headless, with the background services off (this machine's closed network refuses them).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
