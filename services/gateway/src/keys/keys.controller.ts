import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentPrincipal } from '../auth/principal.js';
import { ApiKeysService, type Principal } from '../accounts/api-keys.service.js';
import type { ApiKey } from '../generated/prisma/client.js';
import { ApiError } from '../edge/api-error.js';

const keyView = (key: ApiKey) => ({
  id: key.id,
  object: 'api_key',
  name: key.name,
  prefix: key.prefix,
  created_at: key.createdAt.toISOString(),
  revoked_at: key.revokedAt?.toISOString() ?? null,
});

function parseName(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('invalid_schema', {}, 'body must be a JSON object');
  const { name, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new ApiError('invalid_schema', {}, `body: unknown field "${unknown}"`);
  if (name === undefined) return '';
  if (typeof name !== 'string' || name.length > 100) throw new ApiError('invalid_schema', {}, '/name: must be a string of at most 100 characters');
  return name;
}

/** API keys of the calling account: the secret is returned once, at creation. */
@Controller('v1/keys')
export class KeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    const { key, secret } = await this.keys.create(principal.accountId, parseName(body));
    return { ...keyView(key), secret };
  }

  @Get()
  async list(@CurrentPrincipal() principal: Principal) {
    return { object: 'list', data: (await this.keys.list(principal.accountId)).map(keyView) };
  }

  @Delete(':id')
  async revoke(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    const key = await this.keys.revoke(principal.accountId, id);
    if (!key) throw new ApiError('not_found');
    return keyView(key);
  }
}
