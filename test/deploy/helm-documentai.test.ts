// The chart's Document AI OCR provider values (helm/exs values `documentAi`, docs/providers.md): off by
// default; when a processor is set, both extraction deployments get its settings, and a credentials Secret
// is mounted read-only and named by GOOGLE_APPLICATION_CREDENTIALS. Uses the tools helm.test.ts installs
// (scripts/install-helm.sh); skipped, saying why, when they are missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHART = join(ROOT, 'helm/exs');
const HELM = join(ROOT, '.tools/bin/helm');
const YAML2JSON = join(ROOT, '.tools/bin/yaml2json');

const ok = existsSync(HELM) && existsSync(YAML2JSON) || spawnSync('bash', [join(ROOT, 'scripts/install-helm.sh')], { timeout: 30 * 60_000 }).status === 0;
if (!ok) console.warn('[helm-documentai.test] SKIPPED: helm could not be installed (scripts/install-helm.sh)');
const describeHelm = ok ? describe : describe.skip;

interface Manifest { kind: string; metadata: { name: string }; spec?: any }

function helm(sets: string[]) {
  return spawnSync(HELM, ['template', 'exs', CHART, '--namespace', 'exs', ...sets.flatMap((s) => ['--set', s])], { encoding: 'utf8', cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
}

function render(sets: string[] = []): Manifest[] {
  const res = helm(sets);
  if (res.status !== 0) throw new Error(res.stderr);
  const json = spawnSync(YAML2JSON, [], { encoding: 'utf8', input: res.stdout, maxBuffer: 64 * 1024 * 1024 });
  if (json.status !== 0) throw new Error(json.stderr);
  return JSON.parse(json.stdout) as Manifest[];
}

const deployment = (ms: Manifest[], name: string) => ms.find((m) => m.kind === 'Deployment' && m.metadata.name === name)!;
const podSpec = (d: Manifest) => d.spec.template.spec;
const envOf = (d: Manifest): Record<string, unknown> => Object.fromEntries(podSpec(d).containers[0].env.map((e: any) => [e.name, e.value ?? e.valueFrom]));
const EXTRACTION = ['exs-extraction-api', 'exs-extraction-worker'];
const PROCESSOR = 'projects/acme/locations/eu/processors/a1b2c3';

describeHelm('Document AI provider values', () => {
  test('off by default: no extraction pod gets provider settings or credentials', () => {
    const ms = render();
    for (const d of ms.filter((m) => m.kind === 'Deployment')) {
      expect(Object.keys(envOf(d)).filter((k) => k.startsWith('DOCUMENTAI_') || k === 'GOOGLE_APPLICATION_CREDENTIALS')).toEqual([]);
      expect(podSpec(d).volumes.map((v: any) => v.name)).not.toContain('documentai-credentials');
    }
  });

  test('a processor turns it on for the extraction API and workers, and only for them', () => {
    const ms = render([`documentAi.processor=${PROCESSOR}`, 'documentAi.endpoint=eu-documentai.googleapis.com', 'documentAi.timeoutSeconds=30']);
    for (const name of EXTRACTION) {
      expect(envOf(deployment(ms, name))).toMatchObject({
        DOCUMENTAI_PROCESSOR: PROCESSOR,
        DOCUMENTAI_ENDPOINT: 'eu-documentai.googleapis.com',
        DOCUMENTAI_TIMEOUT_SECONDS: '30',
        DOCUMENTAI_PAGES_PER_REQUEST: '15',
        DOCUMENTAI_MAX_REQUEST_MB: '20',
      });
      // No Secret named: the pod's own Application Default Credentials.
      expect(envOf(deployment(ms, name)).GOOGLE_APPLICATION_CREDENTIALS).toBeUndefined();
    }
    expect(envOf(deployment(ms, 'exs-gateway')).DOCUMENTAI_PROCESSOR).toBeUndefined();
  });

  test('a credentials Secret is mounted read-only and named by GOOGLE_APPLICATION_CREDENTIALS', () => {
    const ms = render([`documentAi.processor=${PROCESSOR}`, 'documentAi.credentialsSecret=documentai-sa', 'documentAi.credentialsKey=sa.json']);
    for (const name of EXTRACTION) {
      const d = deployment(ms, name);
      expect(envOf(d).GOOGLE_APPLICATION_CREDENTIALS).toBe('/var/run/secrets/documentai/sa.json');
      expect(podSpec(d).containers[0].volumeMounts).toContainEqual({ name: 'documentai-credentials', mountPath: '/var/run/secrets/documentai', readOnly: true });
      expect(podSpec(d).volumes).toContainEqual({ name: 'documentai-credentials', secret: { secretName: 'documentai-sa', items: [{ key: 'sa.json', path: 'sa.json' }] } });
    }
  });

  test('a processor name of the wrong shape or too many pages per request fail schema validation', () => {
    expect(helm(['documentAi.processor=a1b2c3']).stderr).toMatch(/schema[\s\S]*processor/);
    expect(helm([`documentAi.processor=${PROCESSOR}`, 'documentAi.pagesPerRequest=31']).stderr).toMatch(/schema[\s\S]*pagesPerRequest/);
  });
});
