/**
 * The status page's model and how it is rolled up: pure functions, so the rules are unit-tested
 * without a stack. Served by StatusController as HTML (people) or JSON (tools). docs/api.md#status
 */

export type CheckState = 'up' | 'down';
export type ComponentState = 'operational' | 'degraded' | 'outage' | 'not_deployed';
export type OverallState = Exclude<ComponentState, 'not_deployed'>;

export interface CheckResult {
  name: string;
  state: CheckState;
  /** Why it is down (a short public reason, never an address or a stack). */
  reason?: string;
}

export interface StatusCheck {
  name: string;
  /** Down means the API cannot do its main job (extract): the component is in outage, not degraded. */
  critical: boolean;
  run(): Promise<void>;
}

export interface Component {
  id: string;
  name: string;
  state: ComponentState;
  description: string;
  checks: CheckResult[];
}

export interface StatusReport {
  state: OverallState;
  checkedAt: Date;
  components: Component[];
}

/**
 * The components the spec names besides the API. Each is a separate deployable: the page says "not
 * deployed" instead of claiming it is up, unless the gateway is told where to probe it (MCP_HEALTH_URL).
 */
export const NOT_DEPLOYED: Array<Pick<Component, 'id' | 'name' | 'description'>> = [
  { id: 'mcp', name: 'MCP server', description: 'Not part of this deployment; its state is not monitored here.' },
  { id: 'dashboard', name: 'Dashboard', description: 'Not part of this deployment; its state is not monitored here.' },
];

/** A component of NOT_DEPLOYED that runs in this deployment, and the result of its own probe. */
export interface DeployedComponent {
  id: string;
  result: CheckResult;
}

/** What a deployed component's section says instead of "not part of this deployment". */
export const DEPLOYED_DESCRIPTION: Record<string, string> = {
  mcp: 'The MCP server: extraction as tools for AI agents, over the same API.',
  dashboard: 'The dashboard: sign-up, API keys and the wallet.',
};

/** Runs every check within `timeoutMs` (in parallel; a hung dependency fails its check, not the page). */
export async function runChecks(checks: StatusCheck[], timeoutMs: number): Promise<CheckResult[]> {
  return Promise.all(checks.map(async (check): Promise<CheckResult> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([check.run(), new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), timeoutMs); })]);
      return { name: check.name, state: 'up' };
    } catch (err) {
      return { name: check.name, state: 'down', reason: (err as Error).message || 'failed' };
    } finally {
      clearTimeout(timer);
    }
  }));
}

/** API: operational when every check is up, outage when a critical one is down, degraded otherwise. */
export function apiState(checks: StatusCheck[], results: CheckResult[]): OverallState {
  const critical = new Set(checks.filter((c) => c.critical).map((c) => c.name));
  const down = results.filter((r) => r.state === 'down');
  if (down.length === 0) return 'operational';
  return down.some((r) => critical.has(r.name)) ? 'outage' : 'degraded';
}

const SEVERITY: Record<OverallState, number> = { operational: 0, degraded: 1, outage: 2 };

export function buildReport(checks: StatusCheck[], results: CheckResult[], checkedAt: Date, deployed: DeployedComponent[] = []): StatusReport {
  const api: Component = {
    id: 'api',
    name: 'API',
    state: apiState(checks, results),
    description: 'The public REST API: the gateway and the internal services behind it.',
    checks: results,
  };
  const components: Component[] = [api, ...NOT_DEPLOYED.map((c): Component => {
    // A separately deployed component is up or down by its own probe (it has no critical/non-critical split).
    const probe = deployed.find((d) => d.id === c.id);
    if (!probe) return { ...c, state: 'not_deployed', checks: [] };
    return { ...c, description: DEPLOYED_DESCRIPTION[c.id] ?? c.description, state: probe.result.state === 'up' ? 'operational' : 'outage', checks: [probe.result] };
  })];
  // The page's state is the worst of what is deployed; "not deployed" is neither up nor down.
  const state = components.reduce<OverallState>((worst, c) => (c.state !== 'not_deployed' && SEVERITY[c.state] > SEVERITY[worst] ? c.state : worst), 'operational');
  return { state, checkedAt, components };
}

/** The JSON representation (snake_case like the rest of the API). */
export function statusJson(report: StatusReport) {
  return {
    object: 'status',
    status: report.state,
    checked_at: report.checkedAt.toISOString(),
    components: report.components.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.state,
      description: c.description,
      checks: c.checks.map((r) => ({ name: r.name, status: r.state, ...(r.reason ? { reason: r.reason } : {}) })),
    })),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const LABEL: Record<ComponentState | CheckState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  outage: 'Outage',
  not_deployed: 'Not deployed',
  up: 'Up',
  down: 'Down',
};

/** A self-contained page (no scripts, no external assets) that refreshes itself every 30 s. */
export function statusHtml(report: StatusReport): string {
  const badge = (state: ComponentState | CheckState) => `<span class="s ${state}">${LABEL[state]}</span>`;
  const rows = report.components.map((c) => {
    const checks = c.checks.length
      ? `<ul>${c.checks.map((r) => `<li>${escapeHtml(r.name)} ${badge(r.state)}${r.reason ? ` <small>${escapeHtml(r.reason)}</small>` : ''}</li>`).join('')}</ul>`
      : '';
    return `<section id="${escapeHtml(c.id)}"><h2>${escapeHtml(c.name)} ${badge(c.state)}</h2><p>${escapeHtml(c.description)}</p>${checks}</section>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="30">
<title>Status: ${LABEL[report.state]}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#222}
section{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
h2{font-size:1.1rem}.s{font-size:.85rem;padding:.1rem .5rem;border-radius:4px;background:#eee}
.operational,.up{background:#d7f5dd}.degraded{background:#fff1c2}.outage,.down{background:#ffd6d6}
small{color:#666}
</style>
</head>
<body>
<h1>Status ${badge(report.state)}</h1>
<p>Checked ${escapeHtml(report.checkedAt.toISOString())}. Also as JSON: send <code>Accept: application/json</code>.</p>
${rows}
</body>
</html>
`;
}

/** Quality of `type` in an Accept header, with `type/*` and `*\/*` wildcards; 0 when not acceptable. */
function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = -1;
  let bestSpecificity = -1;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (!range) continue;
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity < 0 || specificity < bestSpecificity) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    bestSpecificity = specificity;
    best = Number.isFinite(value) ? value : 0;
  }
  return Math.max(best, 0);
}

/** JSON only when the client prefers it to HTML (`Accept: application/json`); HTML otherwise, browsers and curl included. */
export function wantsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return quality(accept, 'application/json') > quality(accept, 'text/html');
}
