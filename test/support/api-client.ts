/** A thin HTTP client for the public API in tests: JSON in, status + headers + JSON out. */
export interface ApiResponse<T = any> { status: number; headers: Headers; body: T }

export class ApiClient {
  constructor(readonly baseUrl: string, readonly apiKey?: string) {}

  withKey(apiKey: string): ApiClient {
    return new ApiClient(this.baseUrl, apiKey);
  }

  async request<T = any>(method: string, path: string, init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, duplex: 'half' } as RequestInit);
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = any>(path: string, headers?: Record<string, string>) { return this.request<T>('GET', path, { headers }); }
  post<T = any>(path: string, json: unknown, headers?: Record<string, string>) { return this.request<T>('POST', path, { json, headers }); }
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * Repeats `call` while it is answered 429 rate_limited, each time after the answer's own Retry-After, so a test
 * that reads state right after a burst waits for the account's bucket instead of racing its refill (a fast
 * machine empties it sooner). A wait past a minute is no bucket refill (a daily quota): that answer is returned.
 */
export async function afterRateLimit<T = any>(call: () => Promise<ApiResponse<T>>, attempts = 20): Promise<ApiResponse<T>> {
  for (let i = 1; ; i++) {
    const res = await call();
    const wait = Number(res.headers.get('retry-after'));
    if (res.status !== 429 || !(wait > 0 && wait <= 60) || i >= attempts) return res;
    await new Promise((r) => setTimeout(r, wait * 1000));
  }
}
