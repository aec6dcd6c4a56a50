// ensureChromium against stand-in `chromium` scripts and a fake installer, so no test needs apt or root.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PACKAGES, ensureChromium } from '../src/index.js';

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'devinfra-chromium-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A script that answers `--version` as Debian's launcher does. */
function fakeChromium(bin: string, exitCode = 0): string {
  writeFileSync(bin, `#!/bin/sh\n[ "$1" = --version ] && echo "Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)"\nexit ${exitCode}\n`);
  chmodSync(bin, 0o755);
  return bin;
}

const refusingInstall = async () => { throw new Error('apt-get must not run'); };

test('resolves without installing when the browser runs', async () => {
  const bin = fakeChromium(path.join(dir, 'chromium'));
  await expect(ensureChromium({ bin, install: refusingInstall })).resolves.toEqual({ bin, version: '156.0.8078.108', installed: false });
});

test('installs Debian\'s chromium package when the browser is missing, then resolves', async () => {
  const bin = path.join(dir, 'chromium');
  const installed: string[][] = [];
  const lines: string[] = [];
  const ready = await ensureChromium({ bin, log: (l) => lines.push(l), install: async (packages) => { installed.push(packages); fakeChromium(bin); } });
  expect(installed).toEqual([['chromium']]);
  expect(CHROMIUM_PACKAGES).toEqual(['chromium']);
  expect(ready).toEqual({ bin, version: '156.0.8078.108', installed: true });
  expect(lines).toContain(`[devinfra] browser: ${bin} not found or does not run; installing chromium with apt-get`);
});

test('a browser that does not run counts as missing', async () => {
  const bin = fakeChromium(path.join(dir, 'chromium'), 1);
  let installs = 0;
  await ensureChromium({ bin, install: async () => { installs++; fakeChromium(bin); } });
  expect(installs).toBe(1);
});

test('rejects naming the package when the install fails', async () => {
  const bin = path.join(dir, 'chromium');
  await expect(ensureChromium({ bin, install: async () => { throw new Error('not root and no passwordless sudo'); } }))
    .rejects.toThrow(/not root and no passwordless sudo.*Install the package chromium/);
});

test('rejects when the install succeeds but the browser is still missing', async () => {
  const bin = path.join(dir, 'chromium');
  await expect(ensureChromium({ bin, install: async () => {} })).rejects.toThrow(/still missing after the install/);
});
