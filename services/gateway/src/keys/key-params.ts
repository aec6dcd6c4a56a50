import { ApiError } from '../edge/api-error.js';
import type { ApiKeyChanges } from '../accounts/api-keys.service.js';

/**
 * The largest daily page limit a key can carry: 10 million pages (USD 200,000 a day at the published
 * rate). A quota is a safety cap; anything above this is surely a typo, and it keeps the value well
 * inside the int32 the quota service takes.
 */
export const MAX_DAILY_PAGE_LIMIT = 10_000_000;

const NAME_MAX = 100;

function fields(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('invalid_schema', {}, 'body must be a JSON object');
  const unknown = Object.keys(body).find((k) => !allowed.includes(k));
  if (unknown !== undefined) throw new ApiError('invalid_schema', {}, `body: unknown field "${unknown}"`);
  return body as Record<string, unknown>;
}

function parseName(name: unknown): string {
  if (typeof name !== 'string' || name.length > NAME_MAX) throw new ApiError('invalid_schema', {}, `/name: must be a string of at most ${NAME_MAX} characters`);
  return name;
}

/** A positive whole number of pages up to the bound, or null for "no key limit". */
function parseDailyPageLimit(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_DAILY_PAGE_LIMIT) {
    throw new ApiError('invalid_schema', {}, `/daily_page_limit: must be an integer from 1 to ${MAX_DAILY_PAGE_LIMIT}, or null for no limit`);
  }
  return value;
}

/** The body of `POST /v1/keys`: `{name?, daily_page_limit?}`; an absent body is a key with no name and no limit. */
export function parseCreateKey(body: unknown): { name: string; dailyPageLimit: number | null } {
  const { name, daily_page_limit: limit } = fields(body, ['name', 'daily_page_limit']);
  return {
    name: name === undefined ? '' : parseName(name),
    dailyPageLimit: limit === undefined ? null : parseDailyPageLimit(limit),
  };
}

/** The body of `POST /v1/keys/:id` (Stripe-style update): only the fields present change. */
export function parseUpdateKey(body: unknown): ApiKeyChanges {
  const { name, daily_page_limit: limit } = fields(body, ['name', 'daily_page_limit']);
  const changes: ApiKeyChanges = {};
  if (name !== undefined) changes.name = parseName(name);
  if (limit !== undefined) changes.dailyPageLimit = parseDailyPageLimit(limit);
  return changes;
}
