/**
 * Where the API key and base URL come from: `EXS_API_KEY` / `--base-url` / `EXS_BASE_URL` first, then the
 * config file `exs login` writes ($XDG_CONFIG_HOME/exs/config.json, else ~/.config/exs/config.json). The
 * file holds a secret, so it is written 0600 in a 0700 folder, and one that other users can read or write
 * is refused rather than used (as ssh refuses a private key with open permissions).
 */
import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError, ExitCode } from './exit-codes.js';

export interface ConfigFile {
  api_key?: string;
  base_url?: string;
}

export interface Settings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
}

/** A config file larger than this is not one `exs login` wrote. */
const CONFIG_MAX_BYTES = 64 * 1024;

export function configPath(env: Readonly<Record<string, string | undefined>>, homedir: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec ignores a relative XDG_CONFIG_HOME.
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir, '.config'), 'exs', 'config.json');
}

/** The config file, or undefined when there is none; refused when other users may read or change it. */
export async function readConfig(path: string): Promise<ConfigFile | undefined> {
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(ExitCode.auth, `cannot read the config file ${path}`);
  }
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    throw new CliError(ExitCode.auth, `the config file ${path} is open to other users (mode ${mode}); run: chmod 600 ${path}`);
  }
  if (!info.isFile() || info.size > CONFIG_MAX_BYTES) throw new CliError(ExitCode.auth, `the config file ${path} is not one exs login wrote`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new CliError(ExitCode.auth, `the config file ${path} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CliError(ExitCode.auth, `the config file ${path} is not a JSON object`);
  const { api_key, base_url } = parsed as Record<string, unknown>;
  const config: ConfigFile = {};
  if (typeof api_key === 'string') config.api_key = api_key;
  if (typeof base_url === 'string') config.base_url = base_url;
  return config;
}

/** Writes the file 0600 (whatever the umask) in a 0700 folder, replacing any old one in one rename. */
export async function writeConfig(path: string, config: ConfigFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`);
  } finally {
    await handle.close();
  }
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

/**
 * The key and base URL for a command: a flag, then the environment, then the config file, which is read
 * only when something is still missing.
 */
export async function resolveSettings(
  flags: { baseUrl: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
  path: string,
): Promise<Settings> {
  let apiKey = env.EXS_API_KEY || undefined;
  let baseUrl = flags.baseUrl ?? (env.EXS_BASE_URL || undefined);
  if (apiKey === undefined || baseUrl === undefined) {
    const config = await readConfig(path);
    apiKey ??= config?.api_key;
    baseUrl ??= config?.base_url;
  }
  if (baseUrl !== undefined) checkBaseUrl(baseUrl);
  return { apiKey, baseUrl };
}

export function checkBaseUrl(baseUrl: string): void {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliError(ExitCode.usage, 'the base URL must be an http:// or https:// URL (see exs --help)');
  }
}
