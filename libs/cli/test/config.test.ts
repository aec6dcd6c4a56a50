// Where the key comes from, and the config file's permissions: written 0600 in a 0700 folder, refused
// when other users may read or change it.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configPath, readConfig, resolveSettings, writeConfig } from '../src/config.js';
import { CliError, ExitCode } from '../src/exit-codes.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'exs-cli-config-'));
  path = join(dir, 'exs', 'config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeFile(content: string, mode: number) {
  mkdirSync(join(dir, 'exs'), { recursive: true });
  writeFileSync(path, content);
  chmodSync(path, mode);
}

async function refusal(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

test('the config file is under $XDG_CONFIG_HOME when set (and absolute), else ~/.config', () => {
  expect(configPath({ XDG_CONFIG_HOME: '/x/conf' }, '/home/u')).toBe('/x/conf/exs/config.json');
  expect(configPath({}, '/home/u')).toBe('/home/u/.config/exs/config.json');
  expect(configPath({ XDG_CONFIG_HOME: '' }, '/home/u')).toBe('/home/u/.config/exs/config.json');
  expect(configPath({ XDG_CONFIG_HOME: 'relative/conf' }, '/home/u')).toBe('/home/u/.config/exs/config.json');
});

test('writeConfig writes the file 0600 in a 0700 folder, whatever the umask', async () => {
  const old = process.umask(0);
  try {
    await writeConfig(path, { api_key: 'exs_live_secret', base_url: 'http://127.0.0.1:9' });
  } finally {
    process.umask(old);
  }
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(statSync(join(dir, 'exs')).mode & 0o777).toBe(0o700);
  expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ api_key: 'exs_live_secret', base_url: 'http://127.0.0.1:9' });
});

test('writeConfig makes an existing open file 0600 when it replaces it', async () => {
  writeFile('{"api_key":"old"}', 0o644);
  await writeConfig(path, { api_key: 'new' });
  expect(statSync(path).mode & 0o777).toBe(0o600);
  await expect(readConfig(path)).resolves.toEqual({ api_key: 'new' });
});

test('a 0600 config file is read', async () => {
  writeFile('{"api_key":"exs_live_k","base_url":"http://127.0.0.1:9","other":1}', 0o600);
  await expect(readConfig(path)).resolves.toEqual({ api_key: 'exs_live_k', base_url: 'http://127.0.0.1:9' });
});

test('a config file others may read or write is refused with exit 2 and the chmod that fixes it', async () => {
  for (const mode of [0o644, 0o640, 0o604, 0o620, 0o602]) {
    writeFile('{"api_key":"exs_live_k"}', mode);
    const error = await refusal(readConfig(path));
    expect(error.exitCode).toBe(ExitCode.auth);
    expect(error.message).toBe(`the config file ${path} is open to other users (mode 0${mode.toString(8)}); run: chmod 600 ${path}`);
  }
});

test('no config file is no config; one that is not a JSON object is refused', async () => {
  await expect(readConfig(path)).resolves.toBeUndefined();
  for (const content of ['{not json', '[1]', '"key"']) {
    writeFile(content, 0o600);
    expect((await refusal(readConfig(path))).exitCode).toBe(ExitCode.auth);
  }
});

test('EXS_API_KEY wins over the file, and the file is then not read for the key', async () => {
  writeFile('{"api_key":"from_file","base_url":"http://127.0.0.1:7"}', 0o600);
  await expect(resolveSettings({ baseUrl: undefined }, { EXS_API_KEY: 'from_env' }, path)).resolves.toEqual({ apiKey: 'from_env', baseUrl: 'http://127.0.0.1:7' });
  await expect(resolveSettings({ baseUrl: undefined }, {}, path)).resolves.toEqual({ apiKey: 'from_file', baseUrl: 'http://127.0.0.1:7' });
  // With both the key and the URL from elsewhere, even an open file is not touched.
  chmodSync(path, 0o644);
  await expect(resolveSettings({ baseUrl: 'http://127.0.0.1:8' }, { EXS_API_KEY: 'from_env' }, path)).resolves.toEqual({ apiKey: 'from_env', baseUrl: 'http://127.0.0.1:8' });
});

test('the base URL is --base-url, then EXS_BASE_URL, then the file', async () => {
  writeFile('{"base_url":"http://127.0.0.1:7"}', 0o600);
  const env = { EXS_API_KEY: 'k', EXS_BASE_URL: 'http://127.0.0.1:8' };
  await expect(resolveSettings({ baseUrl: 'http://127.0.0.1:9' }, env, path)).resolves.toMatchObject({ baseUrl: 'http://127.0.0.1:9' });
  await expect(resolveSettings({ baseUrl: undefined }, env, path)).resolves.toMatchObject({ baseUrl: 'http://127.0.0.1:8' });
  await expect(resolveSettings({ baseUrl: undefined }, { EXS_API_KEY: 'k' }, path)).resolves.toMatchObject({ baseUrl: 'http://127.0.0.1:7' });
});

test('a base URL that is not http(s) is a usage error', async () => {
  for (const baseUrl of ['127.0.0.1:8080', 'ftp://127.0.0.1', 'not a url']) {
    expect((await refusal(resolveSettings({ baseUrl }, { EXS_API_KEY: 'k' }, path))).exitCode).toBe(ExitCode.usage);
  }
});
