import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { call } from '@exs/platform';
import type { gatewayV1 } from '@exs/contracts';
import type { User } from '../generated/prisma/client.js';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service.js';
import { homePage, keysPage, message, walletPage, type KeyRow } from '../views/pages.js';
import { field, pageContext, redirect, sendPage } from '../web.js';
import { AccountLink, GrantAlreadyClaimedError } from './account-link.js';

const MAX_DAILY_PAGE_LIMIT = 10_000_000;

const usd = (micros: string | bigint): string => {
  const m = BigInt(micros);
  const sign = m < 0n ? '-' : '';
  const abs = m < 0n ? -m : m;
  return `${sign}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0').replace(/0{1,4}$/, '')}`;
};
const day = (ms: string): string => new Date(Number(ms)).toISOString().slice(0, 16).replace('T', ' ');

function keyRow(k: gatewayV1.ApiKey): KeyRow {
  return { id: k.id, name: k.name, prefix: k.prefix, created: day(k.createdAtMs), revoked: k.revokedAtMs !== '0' ? day(k.revokedAtMs) : null, dailyPageLimit: k.dailyPageLimit || null };
}

/** The signed-in pages: the free grant, API keys (the gateway's) and the wallet (billing's). */
@Controller()
export class AccountController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly accounts: AccountLink,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  /** The signed-in user, or null after sending the visitor to sign in. */
  private async signedIn(req: FastifyRequest, reply: FastifyReply): Promise<User | null> {
    const user = await this.sessions.user(req.cookies[SESSION_COOKIE]);
    if (!user) redirect(reply, '/signin');
    return user;
  }

  @Get('/')
  async home(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn(req, reply);
    if (!user) return;
    sendPage(reply, 200, homePage(pageContext(reply, user.email), { grantClaimed: user.grantClaimedAt !== null, grantPages: this.config.FREE_GRANT_PAGES }));
  }

  @Post('/grant')
  async claimGrant(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn(req, reply);
    if (!user) return;
    try {
      await this.accounts.claimGrant(user);
    } catch (err) {
      if (err instanceof GrantAlreadyClaimedError) {
        return sendPage(reply, 409, message(pageContext(reply, user.email), 'Free grant', 'The free grant has already been claimed for this account.', 'error'));
      }
      throw err;
    }
    sendPage(reply, 200, homePage(pageContext(reply, user.email), {
      grantClaimed: true,
      grantPages: this.config.FREE_GRANT_PAGES,
      notice: `${this.config.FREE_GRANT_PAGES} free pages have been added to your wallet.`,
    }));
  }

  private async renderKeys(reply: FastifyReply, user: User, status: number, created?: { name: string; secret: string }, error?: string): Promise<void> {
    const accountId = await this.accounts.accountId(user);
    const { keys } = await call(this.accounts.gateway.listApiKeys({ accountId }));
    sendPage(reply, status, keysPage(pageContext(reply, user.email), keys.map(keyRow), created, error));
  }

  @Get('/keys')
  async keys(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn(req, reply);
    if (!user) return;
    await this.renderKeys(reply, user, 200);
  }

  @Post('/keys')
  async createKey(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn(req, reply);
    if (!user) return;
    const name = field(req, 'name', 101).trim();
    const limitText = field(req, 'daily_page_limit', 20).trim();
    const limit = limitText === '' ? 0 : Number(limitText);
    if (name.length > 100) return this.renderKeys(reply, user, 400, undefined, 'A key name has at most 100 characters.');
    if (!/^\d{0,8}$/.test(limitText) || limit > MAX_DAILY_PAGE_LIMIT) {
      return this.renderKeys(reply, user, 400, undefined, `The daily page limit is a whole number from 1 to ${MAX_DAILY_PAGE_LIMIT}, or empty for none.`);
    }
    const accountId = await this.accounts.accountId(user);
    const created = await call(this.accounts.gateway.createApiKey({ accountId, name, dailyPageLimit: limit }));
    // The secret is in this response only: the gateway keeps its hash, the dashboard nothing.
    await this.renderKeys(reply, user, 201, { name, secret: created.secret });
  }

  @Post('/keys/:id/revoke')
  async revokeKey(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') keyId: string): Promise<void> {
    const user = await this.signedIn(req, reply);
    if (!user) return;
    const accountId = await this.accounts.accountId(user);
    try {
      await call(this.accounts.gateway.revokeApiKey({ accountId, keyId: keyId.slice(0, 100) }));
    } catch (err) {
      if ((err as { code?: number }).code === 5) return this.renderKeys(reply, user, 404, undefined, 'No such key.');
      throw err;
    }
    redirect(reply, '/keys');
  }

  @Get('/wallet')
  async wallet(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn(req, reply);
    if (!user) return;
    const accountId = await this.accounts.accountId(user);
    const { wallet } = await call(this.accounts.billing.getWallet({ accountId }));
    const w = wallet!;
    const price = BigInt(w.pricePerPageMicros);
    sendPage(reply, 200, walletPage(pageContext(reply, user.email), {
      availableUsd: usd(w.availableMicros),
      heldUsd: usd(w.heldMicros),
      pricePerPageUsd: usd(w.pricePerPageMicros),
      pagesAvailable: price > 0n ? Number(BigInt(w.availableMicros) / price) : 0,
      plan: w.plan,
    }));
  }
}
