// Drives the dashboard like a browser (cookie jar, forms with their CSRF token) and reads the mail it
// sends from Mailpit's API. Used by test/e2e/dashboard.test.ts and services/dashboard's integration tests.

export interface PageResponse {
  status: number;
  body: string;
  headers: Headers;
  /** Set-Cookie lines of this response, as sent. */
  setCookies: string[];
}

/** One browser: keeps cookies by name (path / only, which is all the dashboard sets). */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page that had a form. */
  csrf = '';

  constructor(readonly baseUrl: string, private readonly headers: Record<string, string> = {}) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private async request(method: string, path: string, form?: Record<string, string>): Promise<PageResponse> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = await res.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(body);
    if (token) this.csrf = token[1]!;
    return { status: res.status, body, headers: res.headers, setCookies };
  }

  get(path: string): Promise<PageResponse> {
    return this.request('GET', path);
  }

  /** Posts a form with the current CSRF token (unless `_csrf` is given, or `withCsrf` is false). */
  post(path: string, form: Record<string, string> = {}, withCsrf = true): Promise<PageResponse> {
    return this.request('POST', path, withCsrf ? { _csrf: this.csrf, ...form } : form);
  }
}

export interface MailMessage { id: string; subject: string; text: string }

/** Mailpit's HTTP API (https://mailpit.axllent.org/docs/api-v1/). */
export class Inbox {
  constructor(readonly webUrl: string) {}

  private async json<T>(path: string): Promise<T> {
    const res = await fetch(new URL(path, this.webUrl), { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`mailpit ${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  /** Every message sent to `address`, newest first. */
  async messagesTo(address: string): Promise<MailMessage[]> {
    const found = await this.json<{ messages: Array<{ ID: string; Subject: string }> }>(`/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
    return Promise.all(found.messages.map(async (m) => {
      const full = await this.json<{ Text: string }>(`/api/v1/message/${m.ID}`);
      return { id: m.ID, subject: m.Subject, text: full.Text };
    }));
  }

  /** Waits until `count` messages to `address` have arrived; returns them newest first. */
  async waitFor(address: string, count = 1, timeoutMs = 15_000): Promise<MailMessage[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = await this.messagesTo(address);
      if (messages.length >= count) return messages;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} after ${timeoutMs} ms (have ${messages.length})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The first link under `path` in a mail's text, as a path with its query (e.g. /verify?token=...). */
export function linkIn(mail: MailMessage, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')}\\?token=[\\w-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
  return match[1]!;
}
