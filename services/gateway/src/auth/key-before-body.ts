import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiKeysService } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { bearerKey } from './auth.guard.js';

/**
 * A request that carries a body is authenticated before its body is read. The auth guard runs only after
 * Fastify has buffered and parsed a JSON body, so without this anyone, with no key at all, could make the
 * gateway read and parse bodies of up to ~31 MB. No route that takes a body is public. The guard still
 * runs afterwards (the key comes from the key cache then).
 */
export class KeyBeforeBody {
  /** Set once the Nest app exists (KeyBeforeBodyBinding); the server listens only after that. */
  verify?: (secret: string) => Promise<unknown>;

  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', async (request) => {
      if (!this.verify || !carriesBody(request)) return;
      const secret = bearerKey(request.headers.authorization);
      if (!secret || !(await this.verify(secret))) throw new ApiError('invalid_api_key');
    });
  }
}

function carriesBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

export const KEY_BEFORE_BODY = Symbol('KEY_BEFORE_BODY');

/** Gives the edge's KeyBeforeBody the gateway's key verification once dependency injection has built it. */
@Injectable()
export class KeyBeforeBodyBinding implements OnModuleInit {
  constructor(private readonly keys: ApiKeysService, @Inject(KEY_BEFORE_BODY) private readonly gate: KeyBeforeBody) {}

  onModuleInit(): void {
    this.gate.verify = (secret) => this.keys.verify(secret);
  }
}
