// The dashboard's account pages against the whole stack as processes (issue 14): editing an API key, usage
// by day and key, jobs with their results, webhook endpoints with their deliveries and the resend button,
// the wallet and the top-up page the API's 402 points at; and, for every one of them, that a second
// account can neither see nor change the first's objects by guessing ids, and that each new form refuses
// a missing or forged CSRF token.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Browser, Inbox, linkIn } from '../support/dashboard.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ApiClient, b64 } from '../support/api-client.js';
import { startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

const PASSWORD = 'correct horse battery';

let stack: TestStack;
let inbox: Inbox;
let receiver: Server;
let receiverPort = 0;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
let n = 0;
const address = (what: string) => `${what}-${process.pid}-${++n}@example.com`;

// The first account's objects, made once through the dashboard and the API.
let owner: Browser;
let other: Browser;
let ownerKeyId: string;
let ownerKeySecret: string;
let ownerJobId: string;
let ownerEndpointId: string;
let ownerEndpointSecret: string;
let ownerDeliveryId: string;
const hookPath = '/hooks/owner';
const today = () => new Date().toISOString().slice(0, 10);

const browser = () => new Browser(stack.dashboardUrl, { 'x-forwarded-for': `10.1.${n % 250}.${(n * 7) % 250}` });

/** A new user: signed up, verified through the mailed link, signed in. */
async function signedInUser(): Promise<Browser> {
  const b = browser();
  const email = address('pages');
  await b.get('/signup');
  expect((await b.post('/signup', { email, password: PASSWORD })).status).toBe(200);
  expect((await b.get(linkIn((await inbox.waitFor(email))[0]!, '/verify'))).status).toBe(200);
  await b.get('/signin');
  expect((await b.post('/signin', { email, password: PASSWORD })).status).toBe(303);
  return b;
}

async function createKey(b: Browser, name: string): Promise<{ id: string; secret: string }> {
  await b.get('/keys');
  const created = await b.post('/keys', { name });
  expect(created.status).toBe(201);
  const secret = /id="new-key-secret">([^<]+)</.exec(created.body)![1]!;
  const id = [...created.body.matchAll(/data-key-id="([^"]+)"/g)].at(-1)![1]!;
  return { id, secret };
}

const deliveriesOf = (path: string) => received.filter((r) => r.path === path);

/** Standard Webhooks: v1,base64(HMAC-SHA256(secret, id.timestamp.body)) is among the signatures sent. */
function signedWith(secret: string, r: { headers: IncomingHttpHeaders; body: string }): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

beforeAll(async () => {
  stack = await startTestStack({ LOGIN_MAX_FAILURES_PER_IP: '1000', TRUST_PROXY: 'loopback' });
  inbox = new Inbox(stack.mailUrl!);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => { received.push({ path: req.url ?? '', headers: req.headers, body }); res.writeHead(204).end(); });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverPort = (receiver.address() as { port: number }).port;

  owner = await signedInUser();
  other = await signedInUser();
  await owner.get('/');
  expect((await owner.post('/grant')).status).toBe(200);
  ({ id: ownerKeyId, secret: ownerKeySecret } = await createKey(owner, 'ci'));

  await owner.get('/webhooks');
  const endpoint = await owner.post('/webhooks', { url: `http://127.0.0.1:${receiverPort}${hookPath}`, description: 'owner hook', event_job_succeeded: 'on' });
  expect(endpoint.status).toBe(201);
  ownerEndpointSecret = /id="new-endpoint-secret">([^<]+)</.exec(endpoint.body)![1]!;
  ownerEndpointId = /data-endpoint-id="([^"]+)"/.exec(endpoint.body)![1]!;

  // One billed sync page and one job of one page, both with the owner's key.
  const api = new ApiClient(stack.gatewayUrl, ownerKeySecret);
  const pdf = b64(await sampleInvoicePdf(1));
  expect((await api.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: pdf } })).status).toBe(200);
  const admitted = await api.post('/v1/jobs', { schema: sampleInvoiceSchema, document: { bytes_base64: pdf } });
  expect(admitted.status).toBe(202);
  ownerJobId = admitted.body.id;
  await waitFor('the job to succeed', async () => ((await api.get(`/v1/jobs/${ownerJobId}`)).body.state === 'succeeded' ? true : undefined), 120_000);
  await waitFor('the job.succeeded webhook', () => deliveriesOf(hookPath)[0], 60_000);
  ownerDeliveryId = deliveriesOf(hookPath)[0]!.headers['webhook-id'] as string;
  await other.get('/');
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
}, 60_000);

describe('API keys', () => {
  test('a key is renamed and given a daily page limit, which the API then reports; an empty limit removes it', async () => {
    const { id, secret } = await createKey(owner, 'before');
    expect((await owner.post(`/keys/${id}`, { name: 'after', daily_page_limit: '75' })).status).toBe(303);
    const page = (await owner.get('/keys')).body;
    expect(page).toMatch(new RegExp(`data-key-id="${id}"><td>after</td>.*?<td>75</td>`, 's'));
    const api = new ApiClient(stack.gatewayUrl, secret);
    const listed = (await api.get('/v1/keys?limit=100')).body.data.find((k: { id: string }) => k.id === id);
    expect(listed).toMatchObject({ name: 'after', daily_page_limit: 75 });
    expect((await owner.post(`/keys/${id}`, { name: 'after', daily_page_limit: '' })).status).toBe(303);
    expect((await api.get('/v1/keys?limit=100')).body.data.find((k: { id: string }) => k.id === id).daily_page_limit).toBeNull();
  });

  test('a bad limit or a long name is refused with the form and changes nothing', async () => {
    const { id } = await createKey(owner, 'steady');
    await owner.get('/keys');
    expect((await owner.post(`/keys/${id}`, { name: 'x', daily_page_limit: '-3' })).status).toBe(400);
    expect((await owner.post(`/keys/${id}`, { name: 'n'.repeat(101), daily_page_limit: '' })).status).toBe(400);
    expect((await owner.get('/keys')).body).toMatch(new RegExp(`data-key-id="${id}"><td>steady</td>`));
  });
});

describe('usage, jobs, wallet', () => {
  test('the usage page shows today\'s billed pages under the key that made them', async () => {
    const page = (await owner.get('/usage?days=7')).body;
    const column = [...page.matchAll(/<th data-key-id="([^"]*)">/g)].map((m) => m[1]).indexOf(ownerKeyId);
    expect(column).toBeGreaterThanOrEqual(0);
    const row = new RegExp(`<tr data-day="${today()}"><td>${today()}</td>(.*?)</tr>`, 's').exec(page)![1]!;
    const cells = [...row.matchAll(/<td>(\d+)<\/td>/g)].map((m) => Number(m[1]));
    expect(cells[column]).toBe(2);
    expect(cells.at(-1)).toBe(2);
  });

  test('the jobs page lists the job as succeeded with a link to its result', async () => {
    const page = (await owner.get('/jobs')).body;
    expect(page).toMatch(new RegExp(`data-job-id="${ownerJobId}">.*?<td>succeeded</td>.*?href="/jobs/${ownerJobId}">Result<`, 's'));
    const job = await owner.get(`/jobs/${ownerJobId}`);
    expect(job.status).toBe(200);
    expect(job.body).toContain('id="job-state">succeeded<');
    const result = JSON.parse(/<pre id="job-result">([\s\S]*?)<\/pre>/.exec(job.body)![1]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'));
    expect(result).toHaveProperty('data');
  });

  test('the wallet shows the balance after the billed pages, and the top-up page answers', async () => {
    const wallet = (await owner.get('/wallet')).body;
    // 500 free pages at USD 0.02, two billed.
    expect(wallet).toContain('id="balance">USD 9.96<');
    expect(wallet).toContain('href="/top-up"');
    const topUp = await owner.get('/top-up');
    expect(topUp.status).toBe(200);
    expect(topUp.body).toContain('id="balance">USD 9.96<');
  });

  test('a 402 insufficient_balance points at this dashboard\'s top-up page', async () => {
    const { secret } = await createKey(other, 'empty wallet');
    const res = await new ApiClient(stack.gatewayUrl, secret).post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await sampleInvoicePdf(1)) } });
    expect(res.status).toBe(402);
    expect(res.body.error.top_up_url).toBe(`${stack.dashboardUrl}/top-up`);
  });
});

describe('webhook endpoints', () => {
  test('the signing secret is shown once and verifies the delivery; the list never shows it', async () => {
    expect(ownerEndpointSecret).toMatch(/^whsec_/);
    const first = deliveriesOf(hookPath)[0]!;
    expect(signedWith(ownerEndpointSecret, first)).toBe(true);
    expect(signedWith(`whsec_${Buffer.alloc(32).toString('base64')}`, first)).toBe(false);
    const list = (await owner.get('/webhooks')).body;
    expect(list).toContain(`data-endpoint-id="${ownerEndpointId}"`);
    expect(list).not.toContain(ownerEndpointSecret);
  });

  test('the deliveries page shows the delivery and its attempt; resend sends it again with the same webhook-id', async () => {
    const page = (await owner.get(`/webhooks/${ownerEndpointId}`)).body;
    expect(page).toMatch(new RegExp(`data-delivery-id="${ownerDeliveryId}"><h2><code>${ownerDeliveryId}</code> job.succeeded: succeeded</h2>`));
    expect(page).toMatch(/<tr><td>1<\/td><td>[\d :-]+<\/td><td>204<\/td>/);
    const sentBefore = deliveriesOf(hookPath).length;
    const resent = await owner.post(`/webhooks/${ownerEndpointId}/deliveries/${ownerDeliveryId}/resend`);
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe(`/webhooks/${ownerEndpointId}`);
    const again = await waitFor('the resent delivery', () => deliveriesOf(hookPath)[sentBefore], 30_000);
    expect(again.headers['webhook-id']).toBe(ownerDeliveryId);
    expect(again.body).toBe(deliveriesOf(hookPath)[0]!.body);
    expect(signedWith(ownerEndpointSecret, again)).toBe(true);
    await waitFor('the second attempt on the page', async () => ((await owner.get(`/webhooks/${ownerEndpointId}`)).body.includes('<tr><td>2</td>') ? true : undefined), 30_000);
  });

  test('a URL the webhooks service refuses is answered with the form and no endpoint', async () => {
    await owner.get('/webhooks');
    const refused = await owner.post('/webhooks', { url: 'ftp://example.com/hook' });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('cannot receive webhooks');
  });

  test('an endpoint is deleted and leaves the list', async () => {
    await owner.get('/webhooks');
    const made = await owner.post('/webhooks', { url: `http://127.0.0.1:${receiverPort}/hooks/temporary` });
    const id = [...made.body.matchAll(/data-endpoint-id="([^"]+)"/g)].map((m) => m[1]!).find((e) => e !== ownerEndpointId)!;
    expect((await owner.post(`/webhooks/${id}/delete`)).status).toBe(303);
    expect((await owner.get('/webhooks')).body).not.toContain(id);
    expect((await owner.get(`/webhooks/${id}`)).status).toBe(404);
  });
});

describe('a second account sees and changes nothing of the first\'s', () => {
  test('keys: the first account\'s key cannot be edited (404) and stays as it was', async () => {
    await other.get('/keys');
    expect((await other.post(`/keys/${ownerKeyId}`, { name: 'stolen', daily_page_limit: '1' })).status).toBe(404);
    expect((await other.get('/keys')).body).not.toContain(ownerKeyId);
    expect((await owner.get('/keys')).body).toMatch(new RegExp(`data-key-id="${ownerKeyId}"><td>ci</td>.*?<td>none</td>`, 's'));
  });

  test('jobs: not listed, not readable by id, not usable as a cursor', async () => {
    expect((await other.get('/jobs')).body).not.toContain(ownerJobId);
    const job = await other.get(`/jobs/${ownerJobId}`);
    expect(job.status).toBe(404);
    expect(job.body).not.toContain('job-result');
    expect((await other.get(`/jobs?after=${ownerJobId}`)).status).toBe(404);
  });

  test('usage and wallet: only its own (no pages, no balance)', async () => {
    const usage = (await other.get('/usage?days=90')).body;
    expect(usage).not.toContain(ownerKeyId);
    expect(usage).toContain('No billed pages in this period.');
    expect((await other.get('/wallet')).body).toContain('id="balance">USD 0.00<');
  });

  test('webhooks: the endpoint is not listed, its deliveries are 404, and it cannot be deleted or its delivery resent', async () => {
    expect((await other.get('/webhooks')).body).not.toContain(ownerEndpointId);
    expect((await other.get(`/webhooks/${ownerEndpointId}`)).status).toBe(404);
    const sentBefore = deliveriesOf(hookPath).length;
    await other.get('/webhooks');
    expect((await other.post(`/webhooks/${ownerEndpointId}/deliveries/${ownerDeliveryId}/resend`)).status).toBe(404);
    expect((await other.post(`/webhooks/${ownerEndpointId}/delete`)).status).toBe(404);
    expect((await owner.get('/webhooks')).body).toContain(ownerEndpointId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(deliveriesOf(hookPath)).toHaveLength(sentBefore);
  });
});

describe('CSRF on every new form', () => {
  const forms = () => [
    [`/keys/${ownerKeyId}`, { name: 'csrf', daily_page_limit: '5' }],
    ['/webhooks', { url: `http://127.0.0.1:${receiverPort}/hooks/csrf` }],
    [`/webhooks/${ownerEndpointId}/delete`, {}],
    [`/webhooks/${ownerEndpointId}/deliveries/${ownerDeliveryId}/resend`, {}],
  ] as Array<[string, Record<string, string>]>;

  test('a missing or forged token is refused with 403 and nothing changes', async () => {
    await owner.get('/keys');
    const sentBefore = deliveriesOf(hookPath).length;
    for (const [path, form] of forms()) {
      expect([path, (await owner.post(path, form, false)).status]).toEqual([path, 403]);
      expect([path, (await owner.post(path, { ...form, _csrf: 'forged' }, false)).status]).toEqual([path, 403]);
    }
    expect((await owner.get('/keys')).body).toMatch(new RegExp(`data-key-id="${ownerKeyId}"><td>ci</td>`));
    const hooks = (await owner.get('/webhooks')).body;
    expect(hooks).toContain(ownerEndpointId);
    expect(hooks).not.toContain('/hooks/csrf');
    await new Promise((r) => setTimeout(r, 1500));
    expect(deliveriesOf(hookPath)).toHaveLength(sentBefore);
  });
});
