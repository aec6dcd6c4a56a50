import { html, type Html } from './html.js';

/** What every page needs: the CSRF token for its forms and whether someone is signed in. */
export interface PageContext {
  csrf: string;
  email?: string;
}

const csrfField = (ctx: PageContext) => html`<input type="hidden" name="_csrf" value="${ctx.csrf}">`;

export function layout(ctx: PageContext, title: string, body: Html): Html {
  const nav = ctx.email
    ? html`<nav><a href="/">Home</a> <a href="/keys">API keys</a> <a href="/wallet">Wallet</a>
        <form method="post" action="/signout" class="inline">${csrfField(ctx)}<button>Sign out</button></form> <span>${ctx.email}</span></nav>`
    : html`<nav><a href="/signin">Sign in</a> <a href="/signup">Sign up</a></nav>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - exs</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}nav{display:flex;gap:1rem;align-items:center;margin-bottom:1.5rem}
form.inline{display:inline}label{display:block;margin:.5rem 0}input{font:inherit;padding:.3rem}code.secret{display:block;padding:.6rem;background:#f3f3f3;word-break:break-all}
table{border-collapse:collapse}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}.notice{padding:.6rem;background:#eef6ff}.error{padding:.6rem;background:#fdecea}</style>
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
  <p><a href="/keys">Manage API keys</a> · <a href="/wallet">See your wallet</a></p>`);

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
  <h2>Create a key</h2>
  <form method="post" action="/keys">${csrfField(ctx)}
    <label>Name <input name="name" maxlength="100"></label>
    <label>Daily page limit (optional) <input name="daily_page_limit" inputmode="numeric" pattern="[0-9]*"></label>
    <button>Create key</button>
  </form>`);

export interface WalletView { availableUsd: string; heldUsd: string; pricePerPageUsd: string; pagesAvailable: number; plan: string }

export const walletPage = (ctx: PageContext, w: WalletView): Html => layout(ctx, 'Wallet', html`
  <table><tbody>
    <tr><th>Balance</th><td id="balance">USD ${w.availableUsd}</td></tr>
    <tr><th>Held for work in progress</th><td id="held">USD ${w.heldUsd}</td></tr>
    <tr><th>Price per page</th><td id="price">USD ${w.pricePerPageUsd}</td></tr>
    <tr><th>Pages the balance covers</th><td>${w.pagesAvailable}</td></tr>
    <tr><th>Plan</th><td>${w.plan}</td></tr>
  </tbody></table>`);
