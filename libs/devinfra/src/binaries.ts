import { execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);

/** Finds an executable on PATH, /usr/sbin, /usr/bin, /usr/local/bin and the Go bin directories. */
export function findBinary(name: string): string | undefined {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    '/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin',
    process.env.GOBIN ?? '',
    path.join(process.env.GOPATH ?? path.join(os.homedir(), 'go'), 'bin'),
  ].filter(Boolean);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return undefined;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, log: (l: string) => void = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let tail = '';
    const onData = (b: Buffer) => {
      const s = b.toString();
      tail = (tail + s).slice(-4000);
      for (const line of s.split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${tail}`))));
  });
}

async function asRoot(): Promise<string[] | undefined> {
  if (process.getuid?.() === 0) return [];
  if (findBinary('sudo')) {
    try {
      await execFileP('sudo', ['-n', 'true']);
      return ['sudo', '-n'];
    } catch {
      return undefined;
    }
  }
  return undefined;
}

let aptUpdated = false;

/** `apt-get install -y <packages>` (runs `apt-get update` once per process first). Non-interactive. */
export async function aptInstall(packages: string[], log: (l: string) => void = () => {}): Promise<void> {
  const prefix = await asRoot();
  if (!prefix) throw new Error(`cannot install ${packages.join(', ')}: not root and no passwordless sudo. Run: sudo bash scripts/install-os-deps.sh`);
  if (!findBinary('apt-get')) throw new Error(`cannot install ${packages.join(', ')}: apt-get not found`);
  const [cmd, ...pre] = prefix.length ? prefix : ['apt-get'];
  const base = prefix.length ? [...pre, 'apt-get'] : [];
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    await run(cmd!, [...base, ...lock, 'update', '-q'], env, log);
    aptUpdated = true;
  }
  await run(cmd!, [...base, ...lock, 'install', '-y', '-q', '--no-install-recommends', ...packages], env, log);
}

const inflight = new Map<string, Promise<string>>();

/**
 * Path of `redis-server` / `nats-server`, installing it when missing: apt-get (Debian package of the same
 * name), and for nats-server `go install github.com/nats-io/nats-server/v2@latest` as a fallback.
 */
export function ensureBinary(name: 'redis-server' | 'nats-server', log: (l: string) => void = () => {}): Promise<string> {
  const found = findBinary(name);
  if (found) return Promise.resolve(found);
  let p = inflight.get(name);
  if (!p) {
    p = (async () => {
      log(`[devinfra] ${name} not found, installing with apt-get`);
      let aptError: unknown;
      try {
        await aptInstall([name], log);
      } catch (e) {
        aptError = e;
      }
      let bin = findBinary(name);
      if (!bin && name === 'nats-server' && findBinary('go')) {
        log('[devinfra] nats-server: falling back to go install');
        await run(findBinary('go')!, ['install', 'github.com/nats-io/nats-server/v2@latest'], {}, log);
        bin = findBinary(name);
      }
      if (!bin) throw new Error(`${name} is not installed and could not be installed: ${aptError instanceof Error ? aptError.message : String(aptError)}`);
      return bin;
    })().finally(() => inflight.delete(name));
    inflight.set(name, p);
  }
  return p;
}
