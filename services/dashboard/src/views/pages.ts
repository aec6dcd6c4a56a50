import { html, type Html } from './html.js';

/** What every page needs: the CSRF token for its forms and whether someone is signed in. */
export interface PageContext {
  csrf: string;
  email?: string;
}

export const csrfField = (ctx: PageContext) => html`<input type="hidden" name="_csrf" value="${ctx.csrf}">`;

/** `refreshSeconds`: the page reloads itself (a payment waiting for its processor; the dashboard runs no JavaScript). */
export function layout(ctx: PageContext, title: string, body: Html, refreshSeconds?: number): Html {
  const nav = ctx.email
    ? html`<nav><a href="/">Home</a> <a href="/keys">API keys</a> <a href="/wallet">Wallet</a> <a href="/usage">Usage</a> <a href="/jobs">Jobs</a> <a href="/webhooks">Webhooks</a>
        <form method="post" action="/signout" class="inline">${csrfField(ctx)}<button>Sign out</button></form> <span>${ctx.email}</span></nav>`
    : html`<nav><a href="/signin">Sign in</a> <a href="/signup">Sign up</a></nav>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - exs</title>${refreshSeconds ? html`<meta http-equiv="refresh" content="${refreshSeconds}">` : ''}
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}nav{display:flex;gap:1rem;align-items:center;margin-bottom:1.5rem}
form.inline{display:inline}label{display:block;margin:.5rem 0}input{font:inherit;padding:.3rem}code.secret{display:block;padding:.6rem;background:#f3f3f3;word-break:break-all}
table{border-collapse:collapse}pre{background:#f6f6f6;padding:.6rem;overflow:auto;max-height:40rem}form.edit input{width:8rem}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}.notice{padding:.6rem;background:#eef6ff}.error{padding:.6rem;background:#fdecea}</style>
</head><body>${nav}<main><h1>${title}</h1>${body}</main></body></html>`;
}

export const message = (ctx: PageContext, title: string, text: string, kind: 'notice' | 'error' = 'notice'): Html =>
  layout(ctx, title, html`<p class="${kind}" role="status">${text}</p>`);

export const signUpPage = (ctx: PageContext, error?: string): Html => layout(ctx, 'Sign up', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  <form method="post" action="/signup">${csrfField(ctx)}
    <label>E-mail <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
    <label>Password (at least 10 characters) <input type="password" name="password" required minlength="10" maxlength="256" autocomplete="new-password"></label>
    <button>Sign up</button>
  </form>`);

export const signInPage = (ctx: PageContext, error?: string): Html => layout(ctx, 'Sign in', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  <form method="post" action="/signin">${csrfField(ctx)}
    <label>E-mail <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
    <label>Password <input type="password" name="password" required maxlength="256" autocomplete="current-password"></label>
    <button>Sign in</button>
  </form>
  <p><a href="/reset">Forgot your password?</a></p>`);

export const resetRequestPage = (ctx: PageContext, error?: string): Html => layout(ctx, 'Reset your password', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  <form method="post" action="/reset">${csrfField(ctx)}
    <label>E-mail <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
    <button>Send a reset link</button>
  </form>`);

export const resetPasswordPage = (ctx: PageContext, token: string, error?: string): Html => layout(ctx, 'Choose a new password', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  <form method="post" action="/reset/confirm">${csrfField(ctx)}
    <input type="hidden" name="token" value="${token}">
    <label>New password (at least 10 characters) <input type="password" name="password" required minlength="10" maxlength="256" autocomplete="new-password"></label>
    <button>Set password</button>
  </form>`);

export interface HomeView { grantClaimed: boolean; grantPages: number; notice?: string }

export const homePage = (ctx: PageContext, view: HomeView): Html => layout(ctx, 'Your account', html`
  ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
  <h2>Free grant</h2>
  ${view.grantClaimed
    ? html`<p>Your free grant has been claimed.</p>`
    : html`<p>Claim ${view.grantPages} free pages, once per account, no card needed.</p>
      <form method="post" action="/grant">${csrfField(ctx)}<button>Claim the free grant</button></form>`}
  <p><a href="/keys">Manage API keys</a> · <a href="/wallet">See your wallet</a> · <a href="/usage">Usage</a> · <a href="/jobs">Jobs</a> · <a href="/webhooks">Webhooks</a></p>`);

export interface KeyRow { id: string; name: string; prefix: string; created: string; revoked: string | null; dailyPageLimit: number | null }

export const keysPage = (ctx: PageContext, keys: KeyRow[], created?: { name: string; secret: string }, error?: string): Html => layout(ctx, 'API keys', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  ${created ? html`<div class="notice" role="status"><p>Key <strong>${created.name || '(unnamed)'}</strong> created. Copy its secret now: it is shown this once and cannot be shown again.</p>
    <code class="secret" id="new-key-secret">${created.secret}</code></div>` : ''}
  <table><thead><tr><th>Name</th><th>Key</th><th>Created</th><th>Daily page limit</th><th>State</th><th></th></tr></thead><tbody>
  ${keys.map((k) => html`<tr data-key-id="${k.id}"><td>${k.name || '(unnamed)'}</td><td><code>${k.prefix}…</code></td><td>${k.created}</td><td>${k.dailyPageLimit ?? 'none'}</td>
    <td>${k.revoked ? `revoked ${k.revoked}` : 'active'}</td>
    <td>${k.revoked ? '' : html`<form method="post" action="/keys/${k.id}/revoke" class="inline">${csrfField(ctx)}<button>Revoke</button></form>`}</td></tr>`)}
  </tbody></table>
  ${keys.some((k) => !k.revoked) ? html`<h2>Edit a key</h2>
  <p>Rename a key or change its daily page limit (empty: none). Other API servers apply a new limit within about a minute.</p>
  ${keys.filter((k) => !k.revoked).map((k) => html`<form method="post" action="/keys/${k.id}" class="edit" data-edit-key="${k.id}">${csrfField(ctx)}
    <code>${k.prefix}…</code> <label class="inline">Name <input name="name" maxlength="100" value="${k.name}"></label>
    <label class="inline">Daily page limit <input name="daily_page_limit" inputmode="numeric" pattern="[1-9][0-9]*" value="${k.dailyPageLimit ?? ''}"></label>
    <button>Save</button></form>`)}` : ''}
  <h2>Create a key</h2>
  <form method="post" action="/keys">${csrfField(ctx)}
    <label>Name <input name="name" maxlength="100"></label>
    <label>Daily page limit (optional) <input name="daily_page_limit" inputmode="numeric" pattern="[1-9][0-9]*"></label>
    <button>Create key</button>
  </form>`);

export interface JobRow { id: string; state: string; pages: number; billedPages: number; created: string; finished: string; errorCode: string }

export const jobsPage = (ctx: PageContext, jobs: JobRow[], nextAfter: string | null): Html => layout(ctx, 'Jobs', html`
  ${jobs.length ? html`<table><thead><tr><th>Job</th><th>State</th><th>Pages</th><th>Billed</th><th>Created</th><th>Finished</th><th></th></tr></thead><tbody>
  ${jobs.map((j) => html`<tr data-job-id="${j.id}"><td><code>${j.id}</code></td><td>${j.state}${j.errorCode ? html` (<code>${j.errorCode}</code>)` : ''}</td><td>${j.pages}</td><td>${j.billedPages}</td>
    <td>${j.created}</td><td>${j.finished}</td><td><a href="/jobs/${j.id}">${j.state === 'succeeded' ? 'Result' : 'Details'}</a></td></tr>`)}
  </tbody></table>` : html`<p>No jobs yet. Jobs are extractions submitted with <code>POST /v1/jobs</code>; results are kept 24 hours after they finish.</p>`}
  ${nextAfter ? html`<p><a href="/jobs?after=${nextAfter}" rel="next">Older jobs</a></p>` : ''}`);

export interface JobView extends JobRow { errorDetail: string; expires: string; result: string }

export const jobPage = (ctx: PageContext, j: JobView): Html => layout(ctx, 'Job', html`
  <table><tbody>
    <tr><th>Job</th><td><code id="job-id">${j.id}</code></td></tr>
    <tr><th>State</th><td id="job-state">${j.state}</td></tr>
    <tr><th>Pages (billed)</th><td>${j.pages} (${j.billedPages})</td></tr>
    <tr><th>Created</th><td>${j.created}</td></tr>
    ${j.finished ? html`<tr><th>Finished</th><td>${j.finished}</td></tr>` : ''}
    ${j.expires ? html`<tr><th>Result kept until</th><td>${j.expires}</td></tr>` : ''}
    ${j.errorCode ? html`<tr><th>Error</th><td><code>${j.errorCode}</code> ${j.errorDetail}</td></tr>` : ''}
  </tbody></table>
  ${j.result ? html`<h2>Result</h2><pre id="job-result">${j.result}</pre>` : ''}
  <p><a href="/jobs">All jobs</a></p>`);

export interface UsageView {
  days: number;
  ranges: number[];
  firstDay: string;
  lastDay: string;
  columns: Array<{ id: string; name: string }>;
  rows: Array<{ day: string; pages: number[]; total: number }>;
}

export const usagePage = (ctx: PageContext, u: UsageView): Html => layout(ctx, 'Usage', html`
  <p>Billed pages per day (UTC) and API key, ${u.firstDay} to ${u.lastDay}.
    ${u.ranges.map((d) => (d === u.days ? html`<strong>${d} days</strong> ` : html`<a href="/usage?days=${d}">${d} days</a> `))}</p>
  ${u.rows.length ? html`<table id="usage"><thead><tr><th>Day</th>${u.columns.map((c) => html`<th data-key-id="${c.id}">${c.name}</th>`)}<th>Total</th></tr></thead><tbody>
  ${u.rows.map((r) => html`<tr data-day="${r.day}"><td>${r.day}</td>${r.pages.map((p) => html`<td>${p}</td>`)}<td>${r.total}</td></tr>`)}
  </tbody></table>` : html`<p>No billed pages in this period.</p>`}`);

export interface EndpointRow { id: string; url: string; description: string; eventTypes: string; created: string }

export const endpointsPage = (ctx: PageContext, endpoints: EndpointRow[], created?: { url: string; secret: string }, error?: string): Html => layout(ctx, 'Webhook endpoints', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  ${created ? html`<div class="notice" role="status"><p>Endpoint <strong>${created.url}</strong> created. Copy its signing secret now: it is shown this once and cannot be shown again.</p>
    <code class="secret" id="new-endpoint-secret">${created.secret}</code></div>` : ''}
  ${endpoints.length ? html`<table><thead><tr><th>URL</th><th>Description</th><th>Events</th><th>Created</th><th></th><th></th></tr></thead><tbody>
  ${endpoints.map((e) => html`<tr data-endpoint-id="${e.id}"><td>${e.url}</td><td>${e.description}</td><td>${e.eventTypes}</td><td>${e.created}</td>
    <td><a href="/webhooks/${e.id}">Deliveries</a></td>
    <td><form method="post" action="/webhooks/${e.id}/delete" class="inline">${csrfField(ctx)}<button>Delete</button></form></td></tr>`)}
  </tbody></table>` : html`<p>No endpoints yet.</p>`}
  <h2>Add an endpoint</h2>
  <form method="post" action="/webhooks">${csrfField(ctx)}
    <label>URL (https) <input name="url" type="url" required maxlength="2048" size="50"></label>
    <label>Description (optional) <input name="description" maxlength="256"></label>
    <fieldset><legend>Events (none ticked: all, including future types)</legend>
      <label><input type="checkbox" name="event_job_succeeded" value="on"> job.succeeded</label>
      <label><input type="checkbox" name="event_job_failed" value="on"> job.failed</label></fieldset>
    <button>Add endpoint</button>
  </form>`);

export interface DeliveryRow {
  id: string;
  eventType: string;
  status: string;
  created: string;
  nextAttempt: string;
  attempts: Array<{ number: number; started: string; statusCode: number | null; latencyMs: number; error: string }>;
}

export const deliveriesPage = (ctx: PageContext, e: EndpointRow, deliveries: DeliveryRow[]): Html => layout(ctx, 'Webhook deliveries', html`
  <p>Endpoint <strong>${e.url}</strong> (${e.eventTypes}). Recent deliveries, newest first; a resent delivery keeps its <code>webhook-id</code>.</p>
  ${deliveries.length ? deliveries.map((d) => html`<section data-delivery-id="${d.id}"><h2><code>${d.id}</code> ${d.eventType}: ${d.status}</h2>
    <p>Created ${d.created}${d.nextAttempt ? html`, next attempt ${d.nextAttempt}` : ''}.
    ${d.status === 'succeeded' || d.status === 'failed' ? html`<form method="post" action="/webhooks/${e.id}/deliveries/${d.id}/resend" class="inline">${csrfField(ctx)}<button>Resend</button></form>` : ''}</p>
    ${d.attempts.length ? html`<table><thead><tr><th>Attempt</th><th>Started</th><th>Status</th><th>Latency</th><th>Error</th></tr></thead><tbody>
    ${d.attempts.map((a) => html`<tr><td>${a.number}</td><td>${a.started}</td><td>${a.statusCode ?? 'no response'}</td><td>${a.latencyMs} ms</td><td>${a.error}</td></tr>`)}
    </tbody></table>` : html`<p>No attempt yet.</p>`}</section>`) : html`<p>No deliveries yet.</p>`}
  <p><a href="/webhooks">All endpoints</a></p>`);
