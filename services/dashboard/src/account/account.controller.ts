import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { call } from '@exs/platform';
import type { gatewayV1 } from '@exs/contracts';
import type { User } from '../generated/prisma/client.js';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { homePage, keysPage, message, type KeyRow } from '../views/pages.js';
import { field, pageContext, redirect, sendPage } from '../web.js';
import { AccountLink, GrantAlreadyClaimedError } from './account-link.js';
import { GRPC_NOT_FOUND, SignedIn, grpcCode, minute } from './signed-in.js';

const MAX_DAILY_PAGE_LIMIT = 10_000_000;
const NAME_MAX = 100;
/** API key ids as the gateway mints them (key_ + 24 hex); anything else is no key of anyone's. */
export const KEY_ID = /^key_[0-9a-f]{24}$/;

function keyRow(k: gatewayV1.ApiKey): KeyRow {
  return { id: k.id, name: k.name, prefix: k.prefix, created: minute(k.createdAtMs), revoked: k.revokedAtMs !== '0' ? minute(k.revokedAtMs) : null, dailyPageLimit: k.dailyPageLimit || null };
}

/**
 * A key's name and daily page limit from a form: the values, or the message the form answers with. An
 * empty limit is none (0 on the wire); "0" is refused, as the form says 1 or more (0 would read as none).
 */
export function keyForm(req: FastifyRequest): { name: string; limit: number } | { error: string } {
  const name = field(req, 'name', NAME_MAX + 1).trim();
  const limitText = field(req, 'daily_page_limit', 20).trim();
  const limit = limitText === '' ? 0 : Number(limitText);
  if (name.length > NAME_MAX) return { error: `A key name has at most ${NAME_MAX} characters.` };
  if (!/^\d{0,8}$/.test(limitText) || limit > MAX_DAILY_PAGE_LIMIT || (limitText !== '' && limit < 1)) {
    return { error: `The daily page limit is a whole number from 1 to ${MAX_DAILY_PAGE_LIMIT}, or empty for none.` };
  }
  return { name, limit };
}

/** The signed-in pages: the free grant and API keys (the gateway's); the wallet is PaymentsController's. */
@Controller()
export class AccountController {
  constructor(
    private readonly signedIn: SignedIn,
    private readonly accounts: AccountLink,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  @Get('/')
  async home(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn.user(req, reply);
    if (!user) return;
    sendPage(reply, 200, homePage(pageContext(reply, user.email), { grantClaimed: user.grantClaimedAt !== null, grantPages: this.config.FREE_GRANT_PAGES }));
  }

  @Post('/grant')
  async claimGrant(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn.user(req, reply);
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
    const user = await this.signedIn.user(req, reply);
    if (!user) return;
    await this.renderKeys(reply, user, 200);
  }

  @Post('/keys')
  async createKey(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.signedIn.user(req, reply);
    if (!user) return;
    const form = keyForm(req);
    if ('error' in form) return this.renderKeys(reply, user, 400, undefined, form.error);
    const accountId = await this.accounts.accountId(user);
    const created = await call(this.accounts.gateway.createApiKey({ accountId, name: form.name, dailyPageLimit: form.limit }));
    // The secret is in this response only: the gateway keeps its hash, the dashboard nothing.
    await this.renderKeys(reply, user, 201, { name: form.name, secret: created.secret });
  }

  /** Renames a key and sets (or, empty, removes) its daily page limit. */
  @Post('/keys/:id')
  async updateKey(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') keyId: string): Promise<void> {
    const user = await this.signedIn.user(req, reply);
    if (!user) return;
    if (!KEY_ID.test(keyId)) return this.renderKeys(reply, user, 404, undefined, 'No such key.');
    const form = keyForm(req);
    if ('error' in form) return this.renderKeys(reply, user, 400, undefined, form.error);
    const accountId = await this.accounts.accountId(user);
    try {
      await call(this.accounts.gateway.updateApiKey({ accountId, keyId, name: form.name, dailyPageLimit: form.limit }));
    } catch (err) {
      if (grpcCode(err) === GRPC_NOT_FOUND) return this.renderKeys(reply, user, 404, undefined, 'No such key.');
      throw err;
    }
    redirect(reply, '/keys');
  }

  @Post('/keys/:id/revoke')
  async revokeKey(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') keyId: string): Promise<void> {
    const user = await this.signedIn.user(req, reply);
    if (!user) return;
    if (!KEY_ID.test(keyId)) return this.renderKeys(reply, user, 404, undefined, 'No such key.');
    const accountId = await this.accounts.accountId(user);
    try {
      await call(this.accounts.gateway.revokeApiKey({ accountId, keyId }));
    } catch (err) {
      if (grpcCode(err) === GRPC_NOT_FOUND) return this.renderKeys(reply, user, 404, undefined, 'No such key.');
      throw err;
    }
    redirect(reply, '/keys');
  }
}
