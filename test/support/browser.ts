// A real browser for end-to-end tests: Debian's Chromium (/usr/bin/chromium, installed by
// scripts/install-os-deps.sh and scripts/test.mjs through libs/devinfra's ensureChromium) driven by
// playwright-core, which never downloads a browser of its own. Screenshots go to a git-ignored folder
// (test/artifacts/browser/<suite>/), one PNG per step, named by step.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './stack-fixture.js';

export const CHROMIUM_PATH = process.env.EXS_CHROMIUM_BIN ?? '/usr/bin/chromium';

/**
 * The flags ENGINEERING.md prescribes for this machine, plus a resolver that answers only loopback: the
 * browser must never reach anything off this machine, even a page's stray link or a prefetch.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

/** Every wait in a browser test is bounded: actions and navigations time out instead of hanging the suite. */
export const ACTION_TIMEOUT_MS = 15_000;
export const NAVIGATION_TIMEOUT_MS = 20_000;

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: install Debian's chromium package (bash scripts/install-os-deps.sh, or npm test, which installs it)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

const onMachine = (href: string): boolean => {
  const url = new URL(href);
  return url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1' || url.hostname === 'localhost';
};

/**
 * A fresh context (its own cookies: one person) whose requests may go to 127.0.0.1 only. Every request for
 * anything else is recorded in `offLoopback` (which a test can assert stays empty) and aborted; a redirect's
 * next hop is not routable in playwright, so it is recorded from the request event and left to the host
 * resolver (CHROMIUM_ARGS), which answers it 'not found' without a lookup.
 */
export async function newPerson(browser: Browser, extraHTTPHeaders: Record<string, string> = {}): Promise<{ context: BrowserContext; page: Page; offLoopback: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, extraHTTPHeaders });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const offLoopback: string[] = [];
  context.on('request', (request) => {
    if (!onMachine(request.url())) offLoopback.push(request.url());
  });
  await context.route((url) => !onMachine(url.href), (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  return { context, page, offLoopback };
}

/** Numbered screenshots of one suite, kept under test/artifacts/browser/<suite>/ (emptied when the suite starts). */
export class Screenshots {
  readonly dir: string;
  private n = 0;

  constructor(suite: string) {
    this.dir = join(ROOT, 'test/artifacts/browser', suite);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  /** Saves `page` as NN-<step>.png; returns the file's path. Never throws: a failed shot must not hide the test's own error. */
  async take(page: Page, step: string): Promise<string> {
    const file = join(this.dir, `${String(++this.n).padStart(2, '0')}-${step.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
    } catch {
      /* the page may be gone (browser crashed): the test's assertion says why */
    }
    return file;
  }
}

/** Resolves with `promise` or rejects after `ms`: for closing a browser that might not answer. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms); }),
  ]);
}
