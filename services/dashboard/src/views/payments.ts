import { html, type Html } from './html.js';
import { csrfField, layout, type PageContext } from './pages.js';

/** Amounts are already formatted ('20.00'); times as 'YYYY-MM-DD HH:MM' UTC. */
export interface WalletView { availableUsd: string; heldUsd: string; pricePerPageUsd: string; pagesAvailable: number; plan: string }

export interface ReceiptRow {
  id: string;
  created: string;
  kind: string;
  state: string;
  requestedUsd: string;
  paidUsd: string;
  taxUsd: string;
  creditedUsd: string;
  pages: string;
  refundedUsd: string;
  receiptUrl: string;
}

/** One wallet ledger row; `amountUsd` unsigned, `kind` billing's (docs/billing.md, "Ledger"). */
export interface LedgerRow { id: string; created: string; kind: string; amountUsd: string; reference: string }

/** How each ledger kind reads, and which way it moved the spendable balance ('' when it moved none). */
const LEDGER_KIND: Record<string, { text: string; sign: '+' | '-' | '' }> = {
  credit: { text: 'credit', sign: '+' },
  capture: { text: 'charge for pages', sign: '-' },
  release: { text: 'hold returned', sign: '+' },
  expiry: { text: 'expired hold returned', sign: '+' },
  shortfall: { text: 'not billed (balance too low)', sign: '' },
  refund: { text: 'refund', sign: '-' },
  dispute: { text: 'dispute', sign: '-' },
  reversal_shortfall: { text: 'not taken back (already spent)', sign: '' },
};

const ledgerTable = (rows: LedgerRow[]): Html => html`<table id="ledger"><thead><tr><th>Date (UTC)</th><th>Entry</th><th>Amount</th><th>Reference</th></tr></thead><tbody>
  ${rows.map((r) => {
    const k = LEDGER_KIND[r.kind] ?? { text: r.kind, sign: '' as const };
    return html`<tr data-entry-id="${r.id}" data-kind="${r.kind}"><td>${r.created}</td><td>${k.text}</td><td class="amount">${k.sign}USD ${r.amountUsd}</td><td><code>${r.reference}</code></td></tr>`;
  })}
  </tbody></table>`;

/** What each plan means for the caller (docs/rate-limits.md); an unknown plan is shown by its name. */
const PLAN_TEXT: Record<string, string> = {
  free: '2 requests per second and 100 pages per day. A first paid top-up or a saved card moves the account to the default plan.',
  default: '10 requests per second, no daily page limit.',
  raised: 'Limits raised on request.',
};
export const planText = (plan: string): string => PLAN_TEXT[plan] ?? '';

const KIND_TEXT: Record<string, string> = { top_up: 'top-up', auto_recharge: 'auto-recharge' };

const receiptsTable = (rows: ReceiptRow[]): Html => html`<table id="receipts"><thead><tr><th>Date (UTC)</th><th>Kind</th><th>State</th><th>Paid</th><th>Tax</th><th>Credited</th><th>Pages</th><th>Refunded</th><th></th></tr></thead><tbody>
  ${rows.map((r) => html`<tr data-payment-id="${r.id}"><td>${r.created}</td><td>${KIND_TEXT[r.kind] ?? r.kind}</td><td class="state">${r.state}</td>
    <td class="paid">${r.state === 'succeeded' ? `USD ${r.paidUsd}` : `(USD ${r.requestedUsd} asked)`}</td><td class="tax">USD ${r.taxUsd}</td><td class="credited">USD ${r.creditedUsd}</td>
    <td class="pages">${r.pages}</td><td class="refunded">USD ${r.refundedUsd}</td>
    <td>${r.receiptUrl ? html`<a href="${r.receiptUrl}" rel="noopener noreferrer">Processor receipt</a>` : ''}</td></tr>`)}
  </tbody></table>`;

export interface LedgerPage { rows: LedgerRow[]; olderAfter: string | null }

export const walletPage = (ctx: PageContext, w: WalletView, receipts: ReceiptRow[], olderAfter: string | null, ledger: LedgerPage): Html => layout(ctx, 'Wallet', html`
  <table><tbody>
    <tr><th>Balance</th><td id="balance">USD ${w.availableUsd}</td></tr>
    <tr><th>Held for work in progress</th><td id="held">USD ${w.heldUsd}</td></tr>
    <tr><th>Price per page</th><td id="price">USD ${w.pricePerPageUsd}</td></tr>
    <tr><th>Pages the balance covers</th><td>${w.pagesAvailable}</td></tr>
    <tr><th>Plan</th><td>${w.plan}</td></tr>
    <tr><th>What the plan allows</th><td id="plan" data-plan="${w.plan}">${planText(w.plan)}</td></tr>
  </tbody></table>
  <p><a href="/top-up">Top up</a> · <a href="/auto-recharge">Auto-recharge and saved card</a> · <a href="/usage">Usage by day and key</a></p>
  <h2>Payments and receipts</h2>
  <p>What you paid, the tax in it, what your wallet was credited (paid minus tax) and the pages that buys at USD ${w.pricePerPageUsd} per page.</p>
  ${receipts.length ? receiptsTable(receipts) : html`<p>No payments yet.</p>`}
  ${olderAfter ? html`<p><a href="/wallet?after=${olderAfter}" rel="next">Older payments</a></p>` : ''}
  <h2>Ledger</h2>
  <p>Every change to your balance, newest first: credits, charges for pages, holds for work in progress given back, refunds and disputes.</p>
  ${ledger.rows.length ? ledgerTable(ledger.rows) : html`<p>No entries yet.</p>`}
  ${ledger.olderAfter ? html`<p><a href="/wallet?ledger_after=${ledger.olderAfter}#ledger" id="older-ledger">Older entries</a></p>` : ''}`);

export interface TopUpView extends WalletView { canceled: boolean }

export const topUpPage = (ctx: PageContext, w: TopUpView, error?: string, amount = ''): Html => layout(ctx, 'Top up', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  ${w.canceled ? html`<p class="notice" role="status">The checkout was canceled; nothing was charged.</p>` : ''}
  <p>Balance <strong id="balance">USD ${w.availableUsd}</strong> (${w.pagesAvailable} pages at USD <span id="price">${w.pricePerPageUsd}</span> per page). Paid balance does not expire.</p>
  <p>You pay on the payment processor's checkout page; your wallet is credited when the processor confirms the payment.</p>
  <div id="presets">${['20', '100', '500'].map((usd) => html`<form method="post" action="/top-up" class="inline">${csrfField(ctx)}<input type="hidden" name="amount" value="${usd}"><button data-preset="${usd}">USD ${usd}</button></form> `)}</div>
  <h2>Another amount</h2>
  <form method="post" action="/top-up" id="custom-amount">${csrfField(ctx)}
    <label>Amount in USD (from 5) <input name="amount" inputmode="decimal" pattern="[0-9]+([.][0-9]{1,2})?" value="${amount}" required></label>
    <button>Top up</button>
  </form>
  <p><a href="/auto-recharge">Auto-recharge</a> · <a href="/wallet">Back to the wallet</a></p>`);

const STATE_TEXT: Record<string, string> = {
  pending: 'Waiting for the payment processor to confirm the payment. This page reloads by itself.',
  succeeded: 'Paid: your wallet has been credited.',
  failed: 'The payment failed; nothing was credited.',
  expired: 'The checkout expired; nothing was charged.',
};

export const topUpDonePage = (ctx: PageContext, p: ReceiptRow, w: WalletView): Html => layout(ctx, 'Top-up', html`
  <p class="${p.state === 'failed' || p.state === 'expired' ? 'error' : 'notice'}" role="status" id="payment-state" data-state="${p.state}">${STATE_TEXT[p.state] ?? p.state}</p>
  <table id="payment" data-payment-id="${p.id}"><tbody>
    <tr><th>Amount</th><td>USD ${p.requestedUsd}</td></tr>
    ${p.state === 'succeeded' ? html`
    <tr><th>Paid</th><td id="paid">USD ${p.paidUsd}</td></tr>
    <tr><th>Tax</th><td id="tax">USD ${p.taxUsd}</td></tr>
    <tr><th>Credited</th><td id="credited">USD ${p.creditedUsd}</td></tr>
    <tr><th>Pages</th><td id="pages">${p.pages}</td></tr>` : ''}
  </tbody></table>
  <p>Balance <strong id="balance">USD ${w.availableUsd}</strong>; plan ${w.plan}.</p>
  <p><a href="/wallet">Wallet and receipts</a></p>`, p.state === 'pending' ? 3 : undefined);

export interface AutoRechargeView {
  enabled: boolean;
  state: string;
  notice: string;
  /** Form values in USD ('' for no cap). */
  trigger: string;
  amount: string;
  dailyCap: string;
  weeklyCap: string;
  card: { brand: string; last4: string; exp: string; saved: string } | null;
  attempts: Array<{ id: string; created: string; amountUsd: string; state: string; failureCode: string }>;
  cardSavedReturn: boolean;
}

const RECHARGE_STATE_TEXT: Record<string, string> = {
  active: 'active',
  disabled_by_decline: 'off: your card was declined',
  no_card: 'off: no usable saved card',
};

export const autoRechargePage = (ctx: PageContext, v: AutoRechargeView, error?: string, saved = false): Html => layout(ctx, 'Auto-recharge', html`
  ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  ${saved ? html`<p class="notice" role="status">Settings saved.</p>` : ''}
  ${v.cardSavedReturn && !v.card ? html`<p class="notice" role="status">Your card will show here once the payment processor confirms it; reload in a moment.</p>` : ''}
  ${v.notice ? html`<p class="error" role="alert" id="recharge-notice">${v.notice}</p>` : ''}
  <h2>Saved card</h2>
  ${v.card
    ? html`<p id="card">${v.card.brand} ending in <strong>${v.card.last4}</strong>, expires ${v.card.exp}, saved ${v.card.saved}.</p>`
    : html`<p id="card">No saved card. Auto-recharge charges a saved card; saving one also moves a free account to the default plan.</p>`}
  <form method="post" action="/card">${csrfField(ctx)}<button>${v.card ? 'Replace the card' : 'Save a card'}</button></form>
  <h2>Settings</h2>
  <p>State: <strong id="recharge-state" data-state="${v.enabled ? v.state : 'off'}">${v.enabled ? (RECHARGE_STATE_TEXT[v.state] ?? v.state) : (v.state === 'active' ? 'off' : RECHARGE_STATE_TEXT[v.state] ?? v.state)}</strong>.
    When a charge takes your balance below the trigger, your saved card is charged the top-up amount once; caps bound what is recharged in any 24 hours or 7 days.</p>
  <form method="post" action="/auto-recharge" id="recharge-settings">${csrfField(ctx)}
    <label><input type="checkbox" name="enabled" value="on" ${v.enabled ? 'checked' : ''}> Recharge automatically</label>
    <label>Trigger balance, USD <input name="trigger" inputmode="decimal" value="${v.trigger}" required></label>
    <label>Top-up amount, USD (from 5) <input name="amount" inputmode="decimal" value="${v.amount}" required></label>
    <label>Daily cap, USD (optional) <input name="daily_cap" inputmode="decimal" value="${v.dailyCap}"></label>
    <label>Weekly cap, USD (optional) <input name="weekly_cap" inputmode="decimal" value="${v.weeklyCap}"></label>
    <button>Save</button>
  </form>
  <h2>Latest recharges</h2>
  ${v.attempts.length ? html`<table id="attempts"><thead><tr><th>Date (UTC)</th><th>Amount</th><th>State</th><th>Reason</th></tr></thead><tbody>
  ${v.attempts.map((a) => html`<tr data-attempt-id="${a.id}"><td>${a.created}</td><td>USD ${a.amountUsd}</td><td>${a.state}</td><td>${a.failureCode}</td></tr>`)}
  </tbody></table>` : html`<p>No recharge yet.</p>`}
  <p><a href="/wallet">Back to the wallet</a></p>`);
