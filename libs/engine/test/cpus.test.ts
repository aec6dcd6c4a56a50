import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cgroupCpuLimit, parseCpuMax, usableCpus } from '../src/cpus.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'exs-cgroup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake cgroup v2 mount: `limits` maps cgroup paths ('' is the root) to cpu.max contents. */
function cgroupTree(self: string, limits: Record<string, string>) {
  const root = join(dir, 'fs');
  for (const [path, text] of Object.entries(limits)) {
    mkdirSync(join(root, path), { recursive: true });
    writeFileSync(join(root, path, 'cpu.max'), text);
  }
  const procSelfCgroup = join(dir, 'cgroup');
  writeFileSync(procSelfCgroup, `0::${self}\n`);
  return { root, procSelfCgroup };
}

describe('parseCpuMax', () => {
  test('"max 100000" is no limit', () => {
    expect(parseCpuMax('max 100000\n')).toBeUndefined();
  });

  test('"200000 100000" is two CPUs', () => {
    expect(parseCpuMax('200000 100000\n')).toBe(2);
  });

  test('a fractional quota rounds down', () => {
    expect(parseCpuMax('250000 100000')).toBe(2);
  });

  test('a quota below one CPU still allows one', () => {
    expect(parseCpuMax('50000 100000')).toBe(1);
  });

  test('text that is not a quota is no limit', () => {
    expect(parseCpuMax('')).toBeUndefined();
    expect(parseCpuMax('lots 100000')).toBeUndefined();
    expect(parseCpuMax('100000 0')).toBeUndefined();
  });
});

describe('cgroupCpuLimit', () => {
  test('an absent cpu.max is no limit', () => {
    const files = cgroupTree('/', {});
    expect(cgroupCpuLimit(files)).toBeUndefined();
  });

  test('an absent /proc/self/cgroup is no limit', () => {
    expect(cgroupCpuLimit({ root: join(dir, 'nothing'), procSelfCgroup: join(dir, 'missing') })).toBeUndefined();
  });

  test("a container's own cgroup (path /) is limited by the root cpu.max", () => {
    expect(cgroupCpuLimit(cgroupTree('/', { '': '300000 100000' }))).toBe(3);
  });

  test('the smallest quota on the way up to the root wins', () => {
    const files = cgroupTree('/kubepods/pod1/app', { '': 'max 100000', kubepods: '100000 100000', 'kubepods/pod1': '800000 100000', 'kubepods/pod1/app': '400000 100000' });
    expect(cgroupCpuLimit(files)).toBe(1);
  });
});

describe('usableCpus', () => {
  test('without a quota it is availableParallelism()', () => {
    expect(usableCpus(cgroupTree('/', { '': 'max 100000' }))).toBe(availableParallelism());
  });

  test('a quota below the visible CPUs lowers it', () => {
    expect(usableCpus(cgroupTree('/', { '': '100000 100000' }))).toBe(1);
  });

  test('a quota above the visible CPUs does not raise it', () => {
    expect(usableCpus(cgroupTree('/', { '': `${(availableParallelism() + 4) * 100000} 100000` }))).toBe(availableParallelism());
  });
});
