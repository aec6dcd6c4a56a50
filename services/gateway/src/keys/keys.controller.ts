import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentPrincipal } from '../auth/principal.js';
import { ApiKeysService, type Principal } from '../accounts/api-keys.service.js';
import { PrismaClient, type ApiKey } from '../generated/prisma/client.js';
import { ApiError } from '../edge/api-error.js';
import { listPage, parseListQuery } from '../edge/list-page.js';
import { parseCreateKey, parseUpdateKey } from './key-params.js';
import { KeyPages } from './key-pages.js';

const keyView = (key: ApiKey) => ({
  id: key.id,
  object: 'api_key',
  name: key.name,
  prefix: key.prefix,
  daily_page_limit: key.dailyPageLimit,
  created_at: key.createdAt.toISOString(),
  revoked_at: key.revokedAt?.toISOString() ?? null,
});

/** API keys of the calling account: the secret is returned once, at creation. */
@Controller('v1/keys')
export class KeysController {
  private readonly pages: KeyPages;

  constructor(private readonly keys: ApiKeysService, db: PrismaClient) {
    this.pages = new KeyPages(db);
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    const { name, dailyPageLimit } = parseCreateKey(body);
    const { key, secret } = await this.keys.create(principal.accountId, name, dailyPageLimit);
    return { ...keyView(key), secret };
  }

  /** Newest first, Stripe-style cursors (`limit`, `starting_after`, `ending_before`); revoked keys included. */
  @Get()
  async list(@Query() query: unknown, @CurrentPrincipal() principal: Principal) {
    const { data, hasMore } = await this.pages.page(principal.accountId, parseListQuery('/v1/keys', query));
    return listPage('/v1/keys', data.map(keyView), hasMore);
  }

  @Get(':id')
  async get(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    const key = await this.keys.get(principal.accountId, id);
    if (!key) throw new ApiError('not_found');
    return keyView(key);
  }

  /** Stripe-style update: `{daily_page_limit: n | null, name}`, only the fields sent change. */
  @Post(':id')
  @HttpCode(200)
  async update(@Param('id') id: string, @Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    // The body is checked before the key is looked up, so a bad body is 400 whatever the id.
    const changes = parseUpdateKey(body);
    const key = await this.keys.update(principal.accountId, id, changes);
    if (!key) throw new ApiError('not_found');
    return keyView(key);
  }

  @Delete(':id')
  async revoke(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    const key = await this.keys.revoke(principal.accountId, id);
    if (!key) throw new ApiError('not_found');
    return keyView(key);
  }
}
