// Rendering helm/exs for the chart tests: helm and yaml2json from .tools/bin (scripts/install-helm.sh builds
// them from the Go module proxy when missing). `describeHelm` skips a file, saying why, only when they
// cannot be installed (no `go`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const CHART = join(ROOT, 'helm/exs');
export const HELM = join(ROOT, '.tools/bin/helm');
export const YAML2JSON = join(ROOT, '.tools/bin/yaml2json');

export const toolsReady = existsSync(HELM) && existsSync(YAML2JSON)
  || spawnSync('bash', [join(ROOT, 'scripts/install-helm.sh')], { timeout: 30 * 60_000 }).status === 0;

export function describeHelm(name: string, fn: () => void): void {
  if (!toolsReady) console.warn(`[${name}] SKIPPED: helm could not be installed (scripts/install-helm.sh)`);
  (toolsReady ? describe : describe.skip)(name, fn);
}

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  [key: string]: unknown;
}

export function helm(args: string[], input?: string) {
  const res = spawnSync(HELM, args, { encoding: 'utf8', input, cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  return { status: res.status, stdout: res.stdout ?? '', stderr: res.stderr ?? '' };
}

/** `helm template` (release exs, namespace exs) with --set pairs (and other flags), as parsed objects. */
export function render(sets: string[] = [], flags: string[] = []): Manifest[] {
  const res = helm(['template', 'exs', CHART, '--namespace', 'exs', ...sets.flatMap((s) => ['--set', s]), ...flags]);
  if (res.status !== 0) throw new Error(res.stderr || `helm template exited ${res.status}`);
  const json = spawnSync(YAML2JSON, [], { encoding: 'utf8', input: res.stdout, maxBuffer: 64 * 1024 * 1024 });
  if (json.status !== 0) throw new Error(json.stderr);
  return JSON.parse(json.stdout) as Manifest[];
}

/** The message of a render that must fail. */
export function renderError(sets: string[]): string {
  const res = helm(['template', 'exs', CHART, ...sets.flatMap((s) => ['--set', s])]);
  if (res.status === 0) throw new Error(`rendered with ${sets.join(' ')}`);
  return res.stderr;
}

export const byKind = (ms: Manifest[], kind: string) => ms.filter((m) => m.kind === kind);
export function named(ms: Manifest[], kind: string, name: string): Manifest {
  const m = ms.find((x) => x.kind === kind && x.metadata.name === name);
  if (!m) throw new Error(`no ${kind} ${name} in [${ms.map((x) => `${x.kind}/${x.metadata.name}`).join(', ')}]`);
  return m;
}
export const envOf = (container: any): Record<string, any> => Object.fromEntries((container.env ?? []).map((e: any) => [e.name, e.value ?? e.valueFrom]));
