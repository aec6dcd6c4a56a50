import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { call } from '@exs/platform';
import { CLOCK, type Clock } from '../clock.js';
import { usagePage } from '../views/pages.js';
import { pageContext, query, sendPage } from '../web.js';
import { AccountLink } from './account-link.js';
import { SignedIn } from './signed-in.js';

/** The ranges offered, in days ending today (UTC); ratelimit's GetUsage reads at most 92. */
export const USAGE_RANGES = [7, 30, 90] as const;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Billed pages per UTC day and API key, from ratelimit's GetUsage (the pages its quota counted, by the
 * key that reserved them), asked for the signed-in account only. Key names come from the gateway.
 */
@Controller()
export class UsageController {
  constructor(private readonly signedIn: SignedIn, private readonly accounts: AccountLink, @Inject(CLOCK) private readonly clock: Clock) {}

  @Get('/usage')
  async usage(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const asked = Number(query(req, 'days', 3));
    const days = (USAGE_RANGES as readonly number[]).includes(asked) ? asked : 30;
    const today = Math.floor(this.clock.now() / DAY_MS) * DAY_MS;
    const firstDay = isoDay(today - (days - 1) * DAY_MS);
    const lastDay = isoDay(today);
    const [usage, { keys }] = await Promise.all([
      call(this.accounts.ratelimit.getUsage({ accountId: caller.accountId, firstDay, lastDay })),
      call(this.accounts.gateway.listApiKeys({ accountId: caller.accountId })),
    ]);
    const names = new Map(keys.map((k) => [k.id, `${k.name || '(unnamed)'} (${k.prefix}…)`]));
    const keyIds = [...new Set(usage.days.flatMap((d) => d.keys.map((k) => k.apiKeyId)))].sort();
    sendPage(reply, 200, usagePage(pageContext(reply, caller.user.email), {
      days,
      ranges: [...USAGE_RANGES],
      firstDay,
      lastDay,
      columns: keyIds.map((id) => ({ id, name: id ? names.get(id) ?? id : 'without a key' })),
      rows: usage.days.slice().reverse().map((d) => {
        const pages = new Map(d.keys.map((k) => [k.apiKeyId, k.pages]));
        return { day: d.day, pages: keyIds.map((id) => pages.get(id) ?? 0), total: d.keys.reduce((sum, k) => sum + k.pages, 0) };
      }),
    }));
  }
}
