import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../generated/prisma/client.js';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service.js';
import { redirect } from '../web.js';
import { AccountLink } from './account-link.js';

/** The signed-in user and their account, for the pages that act on the account. */
export interface Caller { user: User; accountId: string }

/** gRPC status codes the pages answer differently (the rest become the 503 page). */
export const GRPC_INVALID_ARGUMENT = 3;
export const GRPC_NOT_FOUND = 5;
export const GRPC_RESOURCE_EXHAUSTED = 8;
export const grpcCode = (err: unknown): number | undefined => (err as { code?: number }).code;

@Injectable()
export class SignedIn {
  constructor(private readonly sessions: SessionsService, private readonly accounts: AccountLink) {}

  /** The signed-in user, or null after sending the visitor to sign in. */
  async user(req: FastifyRequest, reply: FastifyReply): Promise<User | null> {
    const user = await this.sessions.user(req.cookies[SESSION_COOKIE]);
    if (!user) redirect(reply, '/signin');
    return user;
  }

  /**
   * The signed-in user with their account id, or null after sending the visitor to sign in. The account
   * id comes from the session's user only, never from the request: ids in a URL or form are always looked
   * up within this account by the service that owns them.
   */
  async caller(req: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
    const user = await this.user(req, reply);
    if (!user) return null;
    return { user, accountId: await this.accounts.accountId(user) };
  }
}

export const usd = (micros: string | bigint): string => {
  const m = BigInt(micros);
  const sign = m < 0n ? '-' : '';
  const abs = m < 0n ? -m : m;
  return `${sign}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0').replace(/0{1,4}$/, '')}`;
};

/** A Unix-millisecond time as 'YYYY-MM-DD HH:MM' (UTC), or '' for 0 (not set). */
export const minute = (ms: string | number): string => (Number(ms) ? new Date(Number(ms)).toISOString().slice(0, 16).replace('T', ' ') : '');
