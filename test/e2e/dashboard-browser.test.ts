// Issue 14's "Done when" in a real browser: Debian's Chromium driven by playwright-core against the whole
// stack as processes (test/support/stack-fixture.ts), its mail read from the stack's Mailpit. A person signs
// up, follows the e-mailed link, signs in, claims the free grant, creates an API key (reading the secret the
// page shows once), spends it on POST /v1/extract and a job, watches the wallet page, and revokes the key;
// then the browser-side security rules: a form without its CSRF token, a page on another origin posting the
// revoke form, and a second person (another browser context, another account) opening the first's key and
// job pages. Each step leaves a screenshot in test/artifacts/browser/dashboard/ (git-ignored), named by step.
//
// The journey's steps are tests that run in order and share the person; a step after a failed one does not
// run (it says which step failed) instead of failing on missing state. Card payments (top-up, receipt,
// default plan, auto-recharge) are the `test.todo`s at the end, until the dashboard's /top-up form exists.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser, Page, Response } from 'playwright-core';
import { ApiClient, b64 } from '../support/api-client.js';
import { launchChromium, newPerson, Screenshots, within } from '../support/browser.js';
import { Inbox, linkIn } from '../support/dashboard.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

const PASSWORD = 'correct horse battery';
// The client address each person's browser claims (the test acts as the proxy: TRUST_PROXY loopback), so the
// per-IP sign-in and mail budgets, kept in the Redis all e2e stacks share, are this run's own.
const clientIp = (i: number) => `10.77.${Math.floor(Math.random() * 250)}.${i}`;

let stack: TestStack;
let inbox: Inbox;
let browser: Browser | undefined;
let attacker: Server | undefined;
let attackerUrl = '';
const shots = new Screenshots('dashboard');
const offLoopback: string[][] = [];

/** The first person: their page, address and what the journey made. */
let page: Page;
const email = `browser-${randomUUID()}@example.com`;
let keyId = '';
let keySecret = '';
let jobId = '';

const dash = (path: string) => `${stack.dashboardUrl}${path}`;

beforeAll(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'loopback' });
  inbox = new Inbox(stack.mailUrl!);
  browser = await launchChromium();
  const first = await newPerson(browser, { 'x-forwarded-for': clientIp(1) });
  page = first.page;
  offLoopback.push(first.offLoopback);
  // Another origin on this machine (a different port, so the same site to the browser: SameSite cookies
  // are sent) whose page posts the dashboard's revoke form without a token, as a CSRF attack would.
  attacker = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('target') ?? '';
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Win a prize</title>
      <form id="attack" method="post" action="${target.replace(/[^\w:/.-]/g, '')}"><button>Claim your prize</button></form>`);
  });
  await new Promise<void>((resolve) => attacker!.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as { port: number }).port}`;
}, 180_000);

afterAll(async () => {
  // Each part is closed even when another fails or hangs.
  await Promise.allSettled([
    browser ? within(browser.close(), 20_000, 'closing the browser') : undefined,
    attacker ? new Promise<void>((r) => { attacker!.closeAllConnections(); attacker!.close(() => r()); }) : undefined,
  ]);
  await stack?.dispose();
}, 90_000);

/**
 * Clicks the button of the form `form` and waits for the document it leads to (after redirects). Returns
 * that document's response: the form's own answer, or the page a 303 sent the browser to.
 */
async function submit(p: Page, form: string): Promise<Response> {
  const loaded = p.waitForEvent('load');
  const answered = p.waitForResponse((r) => r.request().isNavigationRequest() && r.frame() === p.mainFrame() && (r.status() < 300 || r.status() >= 400));
  await p.locator(`${form} button`).click();
  const [res] = await Promise.all([answered, loaded]);
  return res;
}

async function goto(p: Page, url: string): Promise<Response> {
  const res = await p.goto(url, { waitUntil: 'load' });
  if (!res) throw new Error(`no response for ${url}`);
  return res;
}

const text = (p: Page, selector: string) => p.locator(selector).innerText();

/** A person's whole sign-up in their browser: the form, the mailed link, then the sign-in form. */
async function signUpVerifyAndSignIn(p: Page, address: string, shotPrefix?: string): Promise<void> {
  await goto(p, dash('/signup'));
  await p.locator('form[action="/signup"] input[name="email"]').fill(address);
  await p.locator('form[action="/signup"] input[name="password"]').fill(PASSWORD);
  if (shotPrefix) await shots.take(p, `${shotPrefix}-signup-form`);
  const signedUp = await submit(p, 'form[action="/signup"]');
  expect(signedUp.status()).toBe(200);
  expect(await text(p, 'main')).toContain('Check your inbox');
  if (shotPrefix) await shots.take(p, `${shotPrefix}-signup-sent`);

  const [mail] = await inbox.waitFor(address, 1, 20_000);
  expect(mail!.subject).toBe('Verify your e-mail address');
  if (shotPrefix) {
    // The mail's text as Mailpit serves it (its single-page inbox UI has no assets in a build from the Go
    // module proxy, so the plain-text view is what a browser can show).
    const shown = await goto(p, `${stack.mailUrl}/view/${mail!.id}.txt`);
    expect(shown.status()).toBe(200);
    expect(await text(p, 'body')).toContain(`${stack.dashboardUrl}/verify?token=`);
    await shots.take(p, `${shotPrefix}-mailpit-verification-mail`);
  }
  const verified = await goto(p, dash(linkIn(mail!, '/verify')));
  expect(verified.status()).toBe(200);
  expect(await text(p, 'main')).toContain('E-mail verified');
  if (shotPrefix) await shots.take(p, `${shotPrefix}-verified`);

  await goto(p, dash('/signin'));
  await p.locator('form[action="/signin"] input[name="email"]').fill(address);
  await p.locator('form[action="/signin"] input[name="password"]').fill(PASSWORD);
  const signedIn = await submit(p, 'form[action="/signin"]');
  expect(signedIn.status()).toBe(200);
  expect(new URL(p.url()).pathname).toBe('/');
  expect(await text(p, 'nav')).toContain(address);
  if (shotPrefix) await shots.take(p, `${shotPrefix}-signed-in`);
}

/** The wallet page's balance cell, e.g. "USD 9.98". */
async function walletBalance(p: Page): Promise<string> {
  expect((await goto(p, dash('/wallet'))).status()).toBe(200);
  return (await text(p, '#balance')).trim();
}

let failedStep: string | undefined;

/**
 * One step of the journey: not run (and failing, naming the cause) once an earlier step failed. The security
 * tests use the journey's person and job but not each other (`gate: false`: their failure stops nothing).
 */
function step(name: string, fn: () => Promise<void>, timeoutMs = 60_000, gate = true): void {
  test(name, async () => {
    if (failedStep) throw new Error(`not run: the earlier step "${failedStep}" failed`);
    try {
      await fn();
    } catch (err) {
      if (gate) failedStep = name;
      await shots.take(page, `failed-${name.slice(0, 60)}`);
      throw err;
    }
  }, timeoutMs);
}

describe('a person in Chromium: sign-up to a revoked key', () => {
  step('signs up, reads the verification mail from Mailpit, follows its link and signs in', async () => {
    await signUpVerifyAndSignIn(page, email, 'first');
  }, 90_000);

  step('claims the free grant once and sees USD 10.00 (500 pages at USD 0.02) on the wallet page', async () => {
    await goto(page, dash('/'));
    const claimed = await submit(page, 'form[action="/grant"]');
    expect(claimed.status()).toBe(200);
    expect(await text(page, 'main')).toContain('500 free pages have been added');
    await shots.take(page, 'grant-claimed');
    expect(await walletBalance(page)).toBe('USD 10.00');
    expect((await text(page, '#price')).trim()).toBe('USD 0.02');
    expect(await text(page, 'main')).toMatch(/Plan\s+free/);
    await shots.take(page, 'wallet-after-grant');
    await goto(page, dash('/'));
    expect(await text(page, 'main')).toContain('Your free grant has been claimed.');
    expect(await page.locator('form[action="/grant"]').count()).toBe(0);
  });

  step('creates an API key and reads its secret, which the page shows once', async () => {
    await goto(page, dash('/keys'));
    await page.locator('form[action="/keys"] input[name="name"]').fill('browser e2e');
    const created = await submit(page, 'form[action="/keys"]');
    expect(created.status()).toBe(201);
    keySecret = (await text(page, '#new-key-secret')).trim();
    expect(keySecret).toMatch(/^\S{20,}$/);
    const row = page.locator('tr[data-key-id]', { hasText: 'browser e2e' });
    keyId = (await row.getAttribute('data-key-id'))!;
    expect(keyId).toMatch(/^key_[0-9a-f]{24}$/);
    await shots.take(page, 'key-created-secret-shown');
    await goto(page, dash('/keys'));
    expect(await page.content()).not.toContain(keySecret);
    expect(await page.locator(`tr[data-key-id="${keyId}"]`).innerText()).toContain('active');
    await shots.take(page, 'keys-list-secret-gone');
  });

  step('calls POST /v1/extract with that key and sees the wallet page drop by the billed page', async () => {
    const api = new ApiClient(stack.gatewayUrl, keySecret);
    const res = await api.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await sampleInvoicePdf(1)) } });
    expect(res.status).toBe(200);
    expect(res.body.meta.billed_pages).toBe(1);
    expect(await walletBalance(page)).toBe('USD 9.98');
    await shots.take(page, 'wallet-after-extract');
  });

  step('submits a job with the key and reads its result on the job page; the wallet drops again', async () => {
    const api = new ApiClient(stack.gatewayUrl, keySecret);
    const admitted = await api.post('/v1/jobs', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await sampleInvoicePdf(1)) } });
    expect(admitted.status).toBe(202);
    jobId = admitted.body.id;
    await waitFor('the job to succeed', async () => ((await api.get(`/v1/jobs/${jobId}`)).body.state === 'succeeded' ? true : undefined), 90_000);
    await goto(page, dash('/jobs'));
    await page.locator(`tr[data-job-id="${jobId}"] a`).click();
    await page.waitForURL(dash(`/jobs/${jobId}`));
    expect((await text(page, '#job-state')).trim()).toBe('succeeded');
    expect(await text(page, '#job-result')).toContain('INV-2026-0042');
    await shots.take(page, 'job-result');
    expect(await walletBalance(page)).toBe('USD 9.96');
  }, 120_000);

  step('revokes the key on the keys page; the API refuses it within KEY_CACHE_TTL_SECONDS', async () => {
    await goto(page, dash('/keys'));
    const revoked = await submit(page, `form[action="/keys/${keyId}/revoke"]`);
    expect(revoked.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/keys');
    expect(await page.locator(`tr[data-key-id="${keyId}"]`).innerText()).toMatch(/revoked \d{4}-/);
    await shots.take(page, 'key-revoked');
    // The documented delay: other gateway replicas keep a verified key for KEY_CACHE_TTL_SECONDS (60 by
    // default, and the test stack keeps the default); this stack's one gateway drops it at once.
    const ttlSeconds = Number(stack.env.get('gateway')?.KEY_CACHE_TTL_SECONDS ?? 60);
    const api = new ApiClient(stack.gatewayUrl, keySecret);
    const refused = await waitFor('the revoked key to be refused', async () => {
      const res = await api.get('/v1/wallet');
      return res.status === 401 ? res : undefined;
    }, (ttlSeconds + 5) * 1000);
    expect(refused.body.error.code).toBe('invalid_api_key');
  }, 90_000);
});

describe('security in the browser', () => {
  /** A new key of the first person, made through the keys page, for a test that tries to change it. */
  async function firstPersonKey(name: string): Promise<{ id: string; secret: string }> {
    await goto(page, dash('/keys'));
    await page.locator('form[action="/keys"] input[name="name"]').fill(name);
    expect((await submit(page, 'form[action="/keys"]')).status()).toBe(201);
    const secret = (await text(page, '#new-key-secret')).trim();
    const id = (await page.locator('tr[data-key-id]', { hasText: name }).getAttribute('data-key-id'))!;
    return { id, secret };
  }
  const securityTest = (name: string, fn: () => Promise<void>, timeoutMs = 60_000) => step(name, fn, timeoutMs, false);

  securityTest('a key form whose CSRF token was removed is refused with 403 and creates nothing', async () => {
    await goto(page, dash('/keys'));
    const before = await page.locator('tr[data-key-id]').count();
    await page.locator('form[action="/keys"] input[name="_csrf"]').evaluate((input) => input.remove());
    await page.locator('form[action="/keys"] input[name="name"]').fill('no csrf');
    const refused = await submit(page, 'form[action="/keys"]');
    expect(refused.status()).toBe(403);
    await shots.take(page, 'csrf-token-missing-refused');
    await goto(page, dash('/keys'));
    expect(await page.locator('tr[data-key-id]').count()).toBe(before);
    expect(await text(page, 'table')).not.toContain('no csrf');
  });

  securityTest('a page on another origin posting the revoke form (no token) is refused and the key keeps working', async () => {
    const { id: keptKeyId, secret: keptSecret } = await firstPersonKey('targeted');
    // The person, still signed in, visits the attacker's page and presses its button.
    await goto(page, `${attackerUrl}/?target=${encodeURIComponent(dash(`/keys/${keptKeyId}/revoke`))}`);
    const refused = await submit(page, '#attack');
    expect(new URL(refused.url()).origin).toBe(stack.dashboardUrl);
    expect(refused.status()).toBe(403);
    await shots.take(page, 'csrf-cross-origin-post-refused');
    await goto(page, dash('/keys'));
    expect(await page.locator(`tr[data-key-id="${keptKeyId}"]`).innerText()).toContain('active');
    expect((await new ApiClient(stack.gatewayUrl, keptSecret).get('/v1/wallet')).status).toBe(200);
  });

  securityTest('a second account in its own browser context cannot open or change the first account\'s keys and jobs', async () => {
    const { id: keptKeyId, secret: keptSecret } = await firstPersonKey('kept');
    const second = await newPerson(browser!, { 'x-forwarded-for': clientIp(2) });
    offLoopback.push(second.offLoopback);
    const other = second.page;
    try {
      await signUpVerifyAndSignIn(other, `browser-other-${randomUUID()}@example.com`);
      await shots.take(other, 'second-account-signed-in');

      // The first account's job: not readable, not listed.
      const job = await goto(other, dash(`/jobs/${jobId}`));
      expect(job.status()).toBe(404);
      expect(await other.locator('#job-result').count()).toBe(0);
      expect(await other.content()).not.toContain('INV-2026-0042');
      await shots.take(other, 'second-account-job-404');
      await goto(other, dash('/jobs'));
      expect(await other.content()).not.toContain(jobId);

      // The first account's keys: not listed; the edit and revoke forms, aimed at them with the second
      // person's own valid CSRF token, answer 404 and change nothing.
      await goto(other, dash('/keys'));
      const listed = await other.content();
      expect(listed).not.toContain(keyId);
      expect(listed).not.toContain(keptKeyId);
      for (const [action, fields] of [[`/keys/${keptKeyId}`, { name: 'stolen', daily_page_limit: '1' }], [`/keys/${keptKeyId}/revoke`, {}]] as const) {
        await goto(other, dash('/keys'));
        await other.locator('form[action="/keys"]').evaluate((form, { action, fields }) => {
          form.setAttribute('action', action);
          for (const input of form.querySelectorAll('input:not([name="_csrf"])')) input.remove();
          for (const [name, value] of Object.entries(fields)) {
            const input = form.ownerDocument.createElement('input');
            input.name = name;
            input.value = value;
            form.appendChild(input);
          }
        }, { action, fields });
        const res = await submit(other, `form[action="${action}"]`);
        expect(res.status()).toBe(404);
      }
      await shots.take(other, 'second-account-key-edit-404');
      // The second account's wallet is its own (no grant claimed), not the first's.
      expect(await walletBalance(other)).toBe('USD 0.00');

      await goto(page, dash('/keys'));
      const kept = await page.locator(`tr[data-key-id="${keptKeyId}"]`).innerText();
      expect(kept).toContain('kept');
      expect(kept).toContain('active');
      expect(kept).not.toContain('stolen');
      expect((await new ApiClient(stack.gatewayUrl, keptSecret).get('/v1/wallet')).status).toBe(200);
      await shots.take(page, 'first-account-key-unchanged');
    } catch (err) {
      await shots.take(other, 'failed-second-account');
      throw err;
    } finally {
      await within(second.context.close(), 10_000, 'closing the second context').catch(() => {});
    }
  }, 120_000);

  test('the browser reached nothing but 127.0.0.1', () => {
    expect(offLoopback.flat()).toEqual([]);
  });
});

// The money path in the browser waits for the dashboard's payment pages: today /top-up only shows the balance
// and a notice (services/dashboard/src/views/pages.ts, topUpPage), and no page calls billing's
// CreateTopUpCheckout, SetAutoRecharge or ListPayments. When they exist, replace each todo with a step of
// the journey's kind, signed in as the first person (whose key was revoked: make a new one) or a new one.
describe('payments in the browser (follow-up: the dashboard has no payment pages yet)', () => {
  test.todo('top up USD 20: on /top-up choose the USD 20 preset and submit (the dashboard calls billing CreateTopUpCheckout with a success_url on /wallet); the dashboard answers 303 to the checkout_url stripe-mock returned, an https address off this machine: let newPerson\'s route guard abort it (and drop it from offLoopback) and take the checkout session id from that Location or from billing (the pending payment CreateTopUpCheckout made); POST a checkout.session.completed event for that session (amount_total 2000, metadata account_id/payment_id/kind top_up) to billing\'s /webhooks/stripe signed with stripe.webhooks.generateTestHeaderString and stack.env billing STRIPE_WEBHOOK_SECRET (as test/e2e/payments.test.ts does); then /wallet shows the balance raised by USD 20.00, screenshot "wallet-after-top-up"');
  test.todo('the receipt: the wallet page (or /payments) lists the top-up as succeeded with amount paid USD 20.00, amount credited USD 20.00 and 1000 pages, and the same webhook delivered again credits nothing more (balance unchanged), screenshot "receipt"');
  test.todo('the default plan: after the paid top-up the wallet page shows plan default within a few seconds, and GET /v1/wallet with a key of the account says plan default (free limits of 2 requests/s and 100 pages/day no longer apply), screenshot "default-plan"');
  test.todo('a saved card: start the card setup on the auto-recharge page (billing CreateCardSetup), deliver a signed setup_intent.succeeded / checkout.session.completed (mode setup) event for it, and see the card listed');
  test.todo('auto-recharge on: on the auto-recharge page set trigger USD 9.00, amount USD 20, daily cap USD 40, save (billing SetAutoRecharge) and see the settings shown back; run jobs with a key until a capture takes the balance below the trigger, deliver the signed payment_intent.succeeded for the recharge billing started at stripe-mock, and see exactly one auto_recharge payment on the payments list and the balance raised by USD 20, screenshot "auto-recharge-once"');
});
