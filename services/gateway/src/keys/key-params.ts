import type { ApiKeyChanges } from '../accounts/api-keys.service.js';
import { validateBody } from '../openapi/request-validation.js';

export { MAX_DAILY_PAGE_LIMIT } from './key-limits.js';

interface KeyBody { name?: string; daily_page_limit?: number | null }

/** The body of `POST /v1/keys` (CreateApiKeyRequest): an absent body is a key with no name and no limit. */
export function parseCreateKey(body: unknown): { name: string; dailyPageLimit: number | null } {
  const { name = '', daily_page_limit: dailyPageLimit = null } = validateBody<KeyBody>('/v1/keys', 'post', body);
  return { name, dailyPageLimit };
}

/** The body of `POST /v1/keys/:id` (UpdateApiKeyRequest, Stripe-style update): only the fields present change. */
export function parseUpdateKey(body: unknown): ApiKeyChanges {
  const { name, daily_page_limit: limit } = validateBody<KeyBody>('/v1/keys/{id}', 'post', body);
  const changes: ApiKeyChanges = {};
  if (name !== undefined) changes.name = name;
  if (limit !== undefined) changes.dailyPageLimit = limit;
  return changes;
}
