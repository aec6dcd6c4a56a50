import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CLOCK, type Clock } from '../clock.js';
import { LuaScript, StoreUnavailableError, planLimits } from '@exs/ratelimit-core';
import { REDIS } from '../redis/redis.js';
import { CONFIRM_LUA, READ_LUA, RELEASE_LUA, RESERVE_LUA } from './page-quota.lua.js';

/** Settings of the quota store (from config). */
export const QUOTA_OPTIONS = Symbol('QUOTA_OPTIONS');
export interface QuotaOptions {
  /** A hold not settled within this long is given back. */
  holdTtlMs: number;
  /** How long a day's usage by key is kept (USAGE_RETENTION_DAYS). */
  usageRetentionDays: number;
}

/** The widest GetUsage range, in days: bounds the keys one call reads. */
export const MAX_USAGE_DAYS = 92;

export interface DayUsage { day: string; keys: Array<{ apiKeyId: string; pages: number }> }

const DAY_MS = 86_400_000;
/** A day's keys outlive the day, so late confirmations of yesterday's reservations still land. */
const DAY_KEY_TTL_SECONDS = 2 * 86_400;

const scripts = {
  reserve: new LuaScript(RESERVE_LUA, 2),
  confirm: new LuaScript(CONFIRM_LUA, 3),
  release: new LuaScript(RELEASE_LUA, 2),
  read: new LuaScript(READ_LUA, 2),
};

export class InvalidReservationError extends RangeError {}

export interface QuotaState {
  /** 0 when no limit applies. */
  dailyLimit: number;
  usedToday: number;
  heldToday: number;
  /** -1 when no limit applies. */
  remainingToday: number;
  resetsAtMs: number;
}

export interface ReserveResult extends QuotaState {
  allowed: boolean;
  reservationId: string;
}

/** UTC day as YYYYMMDD. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const nextUtcMidnight = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS;
const quotaKeys = (accountId: string, day: string) => [`rl:{${accountId}}:pages:${day}`, `rl:{${accountId}}:pages:${day}:holds`];
/** The account's hash tag keeps its usage on the slot of its quota keys (the confirm script writes both). */
const usageKey = (accountId: string, day: string) => `rl:{${accountId}}:usage:${day}`;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a YYYY-MM-DD UTC day, or NaN when it is no calendar day (2026-02-30). */
function dayMs(text: string): number {
  const m = ISO_DAY.exec(text);
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : NaN;
}

/**
 * Billed pages per account and UTC day, shared by every key of the account. Pages are held before the
 * work runs (the check and the hold are one atomic step, so concurrent requests cannot together pass
 * the limit), then confirmed with the billed count or released. Every account is counted; a limit
 * applies when its plan has one or the calling key carries one (`dailyPageLimit`).
 * A reservation id names the day it was made on: it settles against that day even after midnight.
 */
@Injectable()
export class PageQuotaService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(QUOTA_OPTIONS) private readonly options: QuotaOptions,
    @Optional() @Inject(CLOCK) private readonly clock?: Clock,
  ) {}

  private now(): number {
    return this.clock ? this.clock.now() : Date.now();
  }

  private limitFor(plan: string, keyLimit: number): number {
    const planLimit = planLimits(plan).dailyPages;
    if (!Number.isInteger(keyLimit) || keyLimit < 0) throw new RangeError('daily_page_limit must be >= 0');
    // A key's limit can only tighten the plan's: on a free account the smaller of the two applies.
    if (keyLimit === 0) return planLimit;
    return planLimit > 0 ? Math.min(planLimit, keyLimit) : keyLimit;
  }

  private state(limit: number, used: number, held: number, now: number): QuotaState {
    return {
      dailyLimit: limit,
      usedToday: used,
      heldToday: held,
      remainingToday: limit > 0 ? Math.max(0, limit - used - held) : -1,
      resetsAtMs: nextUtcMidnight(now),
    };
  }

  async reserve(accountId: string, plan: string, reference: string, pages: number, keyLimit = 0, apiKeyId = ''): Promise<ReserveResult> {
    if (!accountId || !reference) throw new RangeError('account_id and reference are required');
    if (!Number.isInteger(pages) || pages < 1) throw new RangeError('pages must be >= 1');
    const limit = this.limitFor(plan, keyLimit);
    const now = this.now();
    const day = utcDay(now);
    const [allowed, used, held] = await scripts.reserve.run<[number, number, number]>(this.redis, quotaKeys(accountId, day),
      [now, reference, pages, limit, this.options.holdTtlMs, DAY_KEY_TTL_SECONDS, apiKeyId.slice(0, 100)]);
    return {
      allowed: allowed === 1,
      reservationId: allowed === 1 ? `${day}:${reference}` : '',
      ...this.state(limit, used, held, now),
    };
  }

  private parse(accountId: string, reservationId: string): { keys: string[]; reference: string; day: string } {
    const m = /^(\d{8}):(.+)$/s.exec(reservationId);
    if (!accountId || !m) throw new InvalidReservationError('invalid reservation_id');
    return { keys: quotaKeys(accountId, m[1]!), reference: m[2]!, day: m[1]! };
  }

  /** Counts the billed pages of a reservation (at most the pages it held); returns the pages counted. */
  async confirm(accountId: string, reservationId: string, billedPages: number): Promise<number> {
    if (!Number.isInteger(billedPages) || billedPages < 0) throw new RangeError('billed_pages must be >= 0');
    const { keys, reference, day } = this.parse(accountId, reservationId);
    return scripts.confirm.run<number>(this.redis, [...keys, usageKey(accountId, day)],
      [this.now(), reference, billedPages, DAY_KEY_TTL_SECONDS, this.options.usageRetentionDays * 86_400]);
  }

  /** Gives a reservation's pages back; true when this call released them. */
  async release(accountId: string, reservationId: string): Promise<boolean> {
    const { keys, reference } = this.parse(accountId, reservationId);
    return (await scripts.release.run<number>(this.redis, keys, [this.now(), reference])) === 1;
  }

  async get(accountId: string, plan: string, keyLimit = 0): Promise<QuotaState> {
    if (!accountId) throw new RangeError('account_id is required');
    const limit = this.limitFor(plan, keyLimit);
    const now = this.now();
    const [used, held] = await scripts.read.run<[number, number]>(this.redis, quotaKeys(accountId, utcDay(now)), [now]);
    return this.state(limit, used, held, now);
  }

  /**
   * Pages counted per UTC day and API key from `firstDay` to `lastDay` (YYYY-MM-DD, inclusive, at most
   * MAX_USAGE_DAYS): the days with pages, oldest first, each key's pages by key id.
   */
  async usage(accountId: string, firstDay: string, lastDay: string): Promise<DayUsage[]> {
    if (!accountId) throw new RangeError('account_id is required');
    const first = dayMs(firstDay);
    const last = dayMs(lastDay);
    if (Number.isNaN(first) || Number.isNaN(last)) throw new RangeError('first_day and last_day must be days as YYYY-MM-DD');
    const days = (last - first) / DAY_MS + 1;
    if (days < 1 || days > MAX_USAGE_DAYS) throw new RangeError(`first_day to last_day must span 1 to ${MAX_USAGE_DAYS} days`);
    const names = Array.from({ length: days }, (_, i) => utcDay(first + i * DAY_MS));
    const pipeline = this.redis.pipeline();
    for (const day of names) pipeline.hgetall(usageKey(accountId, day));
    let results: Array<[Error | null, unknown]>;
    try {
      results = (await pipeline.exec()) ?? [];
    } catch (err) {
      throw new StoreUnavailableError((err as Error).message);
    }
    const out: DayUsage[] = [];
    results.forEach(([err, hash], i) => {
      if (err) throw new StoreUnavailableError(err.message);
      const keys = Object.entries(hash as Record<string, string>)
        .filter(([field]) => field.startsWith('k:'))
        .map(([field, pages]) => ({ apiKeyId: field.slice(2), pages: Number(pages) }))
        .filter((k) => k.pages > 0)
        .sort((a, b) => (a.apiKeyId < b.apiKeyId ? -1 : a.apiKeyId > b.apiKeyId ? 1 : 0));
      const day = names[i]!;
      if (keys.length) out.push({ day: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`, keys });
    });
    return out;
  }
}
