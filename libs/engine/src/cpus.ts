/**
 * How many CPUs this process may actually use, for sizing CPU-bound pools (the service's engine threads,
 * the OCR process pool).
 *
 * `os.availableParallelism()` already takes the scheduler affinity mask and, since libuv 1.49 (Node 22.12;
 * Node 24 ships libuv 1.52), the cgroup CPU quota into account. The cgroup v2 quota is read again here
 * because libuv keeps the quota of the outermost limited ancestor while walking up the hierarchy instead
 * of the smallest one, and because a quota is the limit that matters in a container: a pod limited to
 * 2 CPUs on a 64-core node must not start 64 workers.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/**
 * CPUs allowed by one cgroup v2 `cpu.max` file ("<quota> <period>" in microseconds, or "max <period>").
 * A fractional quota is rounded down (2.5 CPUs run two busy threads without throttling), to at least 1.
 * Undefined for no limit or text that is not a quota.
 */
export function parseCpuMax(text: string): number | undefined {
  const [quota, period] = text.trim().split(/\s+/);
  if (quota === undefined || quota === 'max') return undefined;
  const q = Number(quota);
  const p = period === undefined ? 100_000 : Number(period);
  if (!Number.isFinite(q) || !Number.isFinite(p) || q <= 0 || p <= 0) return undefined;
  return Math.max(1, Math.floor(q / p));
}

export interface CgroupFiles {
  /** Where cgroup v2 is mounted. */
  root?: string;
  /** The process's cgroup membership file. */
  procSelfCgroup?: string;
}

const tryRead = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The smallest cgroup v2 CPU quota on the path from this process's cgroup up to the root, or undefined
 * when there is none (no limit, cgroup v1, not Linux). Inside a container with its own cgroup namespace
 * the path is "/" and the container's limit is the root's `cpu.max`.
 */
export function cgroupCpuLimit(files: CgroupFiles = {}): number | undefined {
  const root = files.root ?? '/sys/fs/cgroup';
  const membership = tryRead(files.procSelfCgroup ?? '/proc/self/cgroup') ?? '';
  // cgroup v2 has the single line "0::<path>"; a v1 or hybrid host is left to availableParallelism().
  const v2 = membership.split('\n').find((line) => line.startsWith('0::'));
  const path = v2 === undefined ? '/' : v2.slice(3).trim() || '/';
  let limit: number | undefined;
  const parts = path.split('/').filter(Boolean);
  for (let depth = parts.length; depth >= 0; depth--) {
    const text = tryRead(join(root, ...parts.slice(0, depth), 'cpu.max'));
    const cpus = text === undefined ? undefined : parseCpuMax(text);
    if (cpus !== undefined && (limit === undefined || cpus < limit)) limit = cpus;
  }
  return limit;
}

/** CPUs this process may keep busy: the smaller of availableParallelism() and the cgroup v2 quota, at least 1. */
export function usableCpus(files?: CgroupFiles): number {
  const limit = cgroupCpuLimit(files);
  return Math.max(1, Math.min(availableParallelism(), limit ?? Infinity));
}
