import { ApiError } from './api-error.js';
import { validateQuery } from '../openapi/request-validation.js';

export { LIST_LIMIT } from './list-limit.js';

/** Where a page starts: after a cursor (older objects), before one (newer), or at the newest. */
export interface ListParams {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

/** One page in the list envelope every list endpoint returns. */
export interface ListPage<T> { object: 'list'; url: string; has_more: boolean; data: T[] }

export const listPage = <T>(url: string, data: T[], hasMore: boolean): ListPage<T> => ({ object: 'list', url, has_more: hasMore, data });

/**
 * The query of a list endpoint, validated by the document's parameters for it (limit, starting_after,
 * ending_before and any filters); the two cursors together are refused. Extra parameters come back as
 * `filters`.
 */
export function parseListQuery<F extends Record<string, string> = Record<string, never>>(path: string, query: unknown): ListParams & { filters: F } {
  const { limit, starting_after: startingAfter, ending_before: endingBefore, ...filters } = validateQuery<Record<string, unknown>>(path, 'get', query);
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw new ApiError('invalid_schema', {}, 'starting_after and ending_before cannot be used together');
  }
  return { limit: limit as number, startingAfter: startingAfter as string | undefined, endingBefore: endingBefore as string | undefined, filters: filters as F };
}

/**
 * A page of a short list held whole in memory, already ordered newest first. A cursor that is not in the
 * list (unknown, or another account's) is 404 `not_found`, as the same id is on its own route.
 */
export function pageOfList<T>(items: readonly T[], params: ListParams, idOf: (item: T) => string): { data: T[]; hasMore: boolean } {
  const cursorId = params.startingAfter ?? params.endingBefore;
  if (cursorId === undefined) return { data: items.slice(0, params.limit), hasMore: items.length > params.limit };
  const at = items.findIndex((item) => idOf(item) === cursorId);
  if (at < 0) throw new ApiError('not_found');
  if (params.startingAfter !== undefined) {
    const rest = items.slice(at + 1);
    return { data: rest.slice(0, params.limit), hasMore: rest.length > params.limit };
  }
  const newer = items.slice(0, at);
  return { data: newer.slice(Math.max(0, newer.length - params.limit)), hasMore: newer.length > params.limit };
}
