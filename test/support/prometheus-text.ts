// Reads a Prometheus text exposition (what /metrics serves) into samples, for assertions in tests.

export interface Sample { name: string; labels: Record<string, string>; value: number }

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const m = LINE.exec(line.trim());
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(LABEL)) labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** Samples of one metric whose labels include `match`. */
export function samplesOf(samples: Sample[], name: string, match: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v));
}

/** The sum of the matching samples' values (0 when there is none). */
export function valueOf(samples: Sample[], name: string, match: Record<string, string> = {}): number {
  return samplesOf(samples, name, match).reduce((sum, s) => sum + s.value, 0);
}

/** GET <baseUrl>/metrics, checked to be a Prometheus scrape, parsed. */
export async function scrape(baseUrl: string): Promise<Sample[]> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return parsePrometheusText(await res.text());
}

/** The metrics a Prometheus text exposition declares (`# TYPE <name> <type>`), sampled or not, with their types. */
export function declaredMetrics(text: string): Map<string, string> {
  const declared = new Map<string, string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) declared.set(name!, type!);
  return declared;
}
