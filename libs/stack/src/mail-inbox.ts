import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small read-only web inbox over Mailpit's HTTP API, for the local stack only. Mailpit built from the Go
 * module proxy has no compiled UI (its `/` is blank), but its API and /view/<ID>.html work; this page lists
 * and shows the mails (docs/dashboard.md, "E-mail"). Bound to 127.0.0.1; every Mailpit call has a deadline.
 */
export interface MailInboxOptions {
  /** Mailpit's HTTP address, e.g. http://127.0.0.1:58025. */
  mailpitUrl: string;
  /** 0 picks a free port. */
  port: number;
  /** Deadline of each Mailpit call (default 3 s). */
  timeoutMs?: number;
}

export interface RunningMailInbox {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
/** Mailpit's message IDs: 22 characters of [0-9A-Za-z] (its internal/shortuuid). Nothing else reaches its API. */
const MAILPIT_ID = /^[0-9A-Za-z]{22}$/;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
const MAX_START = 1_000_000;

interface Address { Name?: string; Address?: string }
interface Summary { ID: string; From?: Address; To?: Address[] | null; Subject?: string; Created?: string; Snippet?: string }
interface MessageList { total: number; start: number; messages: Summary[] }
interface Message { ID: string; From?: Address; To?: Address[] | null; Cc?: Address[] | null; ReplyTo?: Address[] | null; Subject?: string; Date?: string; Text?: string; HTML?: string }

/** Mailpit could not be reached or answered with an error: the page says so with a 502. */
class MailpitUnavailable extends Error {}
class NotFound extends Error {}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Text with its http(s) links made clickable; everything else escaped. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    // Trailing punctuation usually ends the sentence, not the link.
    const url = m[0].replace(/[.,;:!?)\]}]+$/, '');
    out += escapeHtml(text.slice(last, m.index)) + `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    last = m.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const addr = (a?: Address) => (a ? (a.Name ? `${a.Name} <${a.Address ?? ''}>` : a.Address ?? '') : '');
const addrs = (list?: Address[] | null) => (list ?? []).map(addr).join(', ');

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}dt{font-weight:bold}</style>
</head><body>${body}</body></html>`;
}

export async function startMailInbox(opts: MailInboxOptions): Promise<RunningMailInbox> {
  const base = opts.mailpitUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 3_000;

  const mailpit = async <T>(path: string): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new MailpitUnavailable();
    }
    if (res.status === 404) throw new NotFound();
    if (!res.ok) throw new MailpitUnavailable();
    try {
      return (await res.json()) as T;
    } catch {
      throw new MailpitUnavailable();
    }
  };

  const list = async (query: URLSearchParams): Promise<[number, string]> => {
    const start = intParam(query.get('start'), 0, 0, MAX_START);
    const limit = intParam(query.get('limit'), DEFAULT_LIMIT, 1, MAX_LIMIT);
    if (start === undefined || limit === undefined) return [400, page('Bad request', '<h1>Bad request</h1><p>start and limit must be whole numbers in range.</p>')];
    // Mailpit lists newest first.
    const data = await mailpit<MessageList>(`/api/v1/messages?start=${start}&limit=${limit}`);
    const rows = data.messages.map((m) => `<tr><td>${escapeHtml(m.Created ?? '')}</td><td>${escapeHtml(addr(m.From))}</td><td>${escapeHtml(addrs(m.To))}</td><td><a href="/m/${escapeHtml(m.ID)}">${escapeHtml(m.Subject || '(no subject)')}</a></td></tr>`).join('');
    const nav: string[] = [];
    if (start > 0) nav.push(`<a href="/?start=${Math.max(0, start - limit)}&amp;limit=${limit}">Newer</a>`);
    if (start + data.messages.length < data.total) nav.push(`<a href="/?start=${start + limit}&amp;limit=${limit}">Older</a>`);
    const shown = data.messages.length ? `${start + 1}–${start + data.messages.length} of ${data.total}` : `none of ${data.total}`;
    return [200, page('Inbox', `<h1>Inbox</h1><p>Mail caught by the local Mailpit (${escapeHtml(base)}), newest first: ${shown}.</p>
<table><thead><tr><th>Time</th><th>From</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table><p>${nav.join(' · ')}</p>`)];
  };

  const message = async (id: string): Promise<[number, string]> => {
    const m = await mailpit<Message>(`/api/v1/message/${id}`);
    const headers: Array<[string, string]> = [['From', addr(m.From)], ['To', addrs(m.To)], ['Cc', addrs(m.Cc)], ['Reply-To', addrs(m.ReplyTo)], ['Date', m.Date ?? ''], ['Subject', m.Subject ?? '']];
    const dl = headers.filter(([, v]) => v).map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`).join('');
    // The HTML part is Mailpit's own view (its CSP applies there); only a link, so no mail markup runs on this page.
    const html = m.HTML ? `<p><a href="${escapeHtml(`${base}/view/${id}.html`)}" rel="noreferrer">HTML version</a> (served by Mailpit)</p>` : '';
    return [200, page(m.Subject || 'Message', `<p><a href="/">&larr; Inbox</a></p><h1>${escapeHtml(m.Subject || '(no subject)')}</h1><dl>${dl}</dl>${html}<pre>${linkify(m.Text ?? '')}</pre>`)];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let status: number;
    let body: string;
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        [status, body] = [405, page('Method not allowed', '<h1>Method not allowed</h1>')];
        res.setHeader('Allow', 'GET, HEAD');
      } else if (url.pathname === '/') {
        [status, body] = await list(url.searchParams);
      } else if (url.pathname.startsWith('/m/') && MAILPIT_ID.test(url.pathname.slice(3))) {
        [status, body] = await message(url.pathname.slice(3));
      } else {
        throw new NotFound();
      }
    } catch (err) {
      if (err instanceof NotFound) [status, body] = [404, page('Not found', '<h1>Not found</h1><p><a href="/">Inbox</a></p>')];
      else if (err instanceof MailpitUnavailable) [status, body] = [502, page('Mailpit unavailable', '<h1>Mailpit is not answering</h1><p>The local mail sink is down or failed; try again once the stack is up.</p>')];
      else [status, body] = [500, page('Error', '<h1>Internal error</h1>')];
    }
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // Mail content is untrusted: no scripts, no framing, nothing loaded from elsewhere.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, HOST, () => { server.off('error', reject); resolve(); });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${HOST}:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A whole number in [min, max], the fallback when absent, undefined when malformed. */
function intParam(raw: string | null, fallback: number, min: number, max: number): number | undefined {
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,7}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}
