import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CLOCK, type Clock } from '../clock.js';
import { LuaScript, planLimits } from '@exs/ratelimit-core';
import { REDIS } from '../redis/redis.js';
import { CONFIRM_LUA, READ_LUA, RELEASE_LUA, RESERVE_LUA } from './page-quota.lua.js';

/** Settings of the quota store (from config). */
export const QUOTA_OPTIONS = Symbol('QUOTA_OPTIONS');
export interface QuotaOptions {
  /** A hold not settled within this long is given back. */
  holdTtlMs: number;
}

const DAY_MS = 86_400_000;
/** A day's keys outlive the day, so late confirmations of yesterday's reservations still land. */
const DAY_KEY_TTL_SECONDS = 2 * 86_400;

const scripts = {
  reserve: new LuaScript(RESERVE_LUA, 2),
  confirm: new LuaScript(CONFIRM_LUA, 2),
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

  async reserve(accountId: string, plan: string, reference: string, pages: number, keyLimit = 0): Promise<ReserveResult> {
    if (!accountId || !reference) throw new RangeError('account_id and reference are required');
    if (!Number.isInteger(pages) || pages < 1) throw new RangeError('pages must be >= 1');
    const limit = this.limitFor(plan, keyLimit);
    const now = this.now();
    const day = utcDay(now);
    const [allowed, used, held] = await scripts.reserve.run<[number, number, number]>(this.redis, quotaKeys(accountId, day),
      [now, reference, pages, limit, this.options.holdTtlMs, DAY_KEY_TTL_SECONDS]);
    return {
      allowed: allowed === 1,
      reservationId: allowed === 1 ? `${day}:${reference}` : '',
      ...this.state(limit, used, held, now),
    };
  }

  private parse(accountId: string, reservationId: string): { keys: string[]; reference: string } {
    const m = /^(\d{8}):(.+)$/s.exec(reservationId);
    if (!accountId || !m) throw new InvalidReservationError('invalid reservation_id');
    return { keys: quotaKeys(accountId, m[1]!), reference: m[2]! };
  }

  /** Counts the billed pages of a reservation (at most the pages it held); returns the pages counted. */
  async confirm(accountId: string, reservationId: string, billedPages: number): Promise<number> {
    if (!Number.isInteger(billedPages) || billedPages < 0) throw new RangeError('billed_pages must be >= 0');
    const { keys, reference } = this.parse(accountId, reservationId);
    return scripts.confirm.run<number>(this.redis, keys, [this.now(), reference, billedPages, DAY_KEY_TTL_SECONDS]);
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
}
