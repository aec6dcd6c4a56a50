import { Inject, Injectable, Optional } from '@nestjs/common';
import { ServiceMetrics, meterOf } from '@exs/platform';
import { LRUCache } from 'lru-cache';
import { PrismaClient, type ApiKey } from '../generated/prisma/client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { newId } from './ids.js';
import { displayPrefix, hashSecret, isWellFormedSecret, newApiKeySecret } from './api-key-secret.js';

export interface CreatedApiKey { key: ApiKey; secret: string }
export interface Principal {
  accountId: string;
  keyId: string;
  /** The key's daily page limit, or null when it has none (the plan's quota alone applies). */
  dailyPageLimit: number | null;
}

/** What a key update may change; an absent field is left as it is, `dailyPageLimit: null` removes the limit. */
export interface ApiKeyChanges { name?: string; dailyPageLimit?: number | null }

/**
 * API keys: created with the secret shown once, stored as a hash, revoked by id. Verified keys are
 * cached for KEY_CACHE_TTL_SECONDS, which is the documented delay (about 60 s) for a revocation or a
 * changed daily page limit to reach the other gateway instances (the one that made it applies it at once).
 */
@Injectable()
export class ApiKeysService {
  private readonly cache: LRUCache<string, Principal | false>;
  private readonly cacheLookups;

  constructor(private readonly db: PrismaClient, @Inject(GATEWAY_CONFIG) config: GatewayConfig, @Optional() metrics?: ServiceMetrics) {
    this.cache = new LRUCache({ max: 50_000, ttl: Math.max(config.KEY_CACHE_TTL_SECONDS, 0.001) * 1000 });
    this.cacheLookups = meterOf(metrics).createCounter('exs_api_key_cache_lookups_total', {
      description: 'Verifications of well-formed API keys by whether the key cache answered (hit) or the database was read (miss).',
    });
    // Both results served as 0 from start-up, so the hit ratio has its series before the first request.
    for (const result of ['hit', 'miss'] as const) this.cacheLookups.add(0, { result });
  }

  async create(accountId: string, name: string, dailyPageLimit: number | null = null): Promise<CreatedApiKey> {
    const secret = newApiKeySecret();
    const key = await this.db.apiKey.create({
      data: { id: newId('key'), accountId, name, prefix: displayPrefix(secret), hash: hashSecret(secret), dailyPageLimit },
    });
    return { key, secret };
  }

  list(accountId: string): Promise<ApiKey[]> {
    return this.db.apiKey.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
  }

  /** One of the account's keys (revoked ones included); null when the account has no such key. */
  get(accountId: string, keyId: string): Promise<ApiKey | null> {
    return this.db.apiKey.findFirst({ where: { id: keyId, accountId } });
  }

  /**
   * Changes one of the account's keys; null when the account has no such key. This instance's cache
   * entry is dropped so the change applies here at once; other gateway instances see it when their
   * entry expires (KEY_CACHE_TTL_SECONDS).
   */
  async update(accountId: string, keyId: string, changes: ApiKeyChanges): Promise<ApiKey | null> {
    const data: ApiKeyChanges = {};
    if (changes.name !== undefined) data.name = changes.name;
    if (changes.dailyPageLimit !== undefined) data.dailyPageLimit = changes.dailyPageLimit;
    // updateMany scopes the write to the account in the same statement as the id.
    const { count } = await this.db.apiKey.updateMany({ where: { id: keyId, accountId }, data });
    if (count === 0) return null;
    const key = await this.db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    this.cache.delete(key.hash);
    return key;
  }

  /**
   * Revokes one of the account's keys; null when the account has no such key. Like an update, it applies
   * at once on this instance (its cache entry is dropped) and within KEY_CACHE_TTL_SECONDS on the others.
   */
  async revoke(accountId: string, keyId: string): Promise<ApiKey | null> {
    const key = await this.db.apiKey.findFirst({ where: { id: keyId, accountId } });
    if (!key) return null;
    const revoked = key.revokedAt ? key : await this.db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
    this.cache.delete(key.hash);
    return revoked;
  }

  /** The principal a secret authenticates, or null for malformed, unknown and revoked keys. */
  async verify(secret: string): Promise<Principal | null> {
    if (!isWellFormedSecret(secret)) return null;
    const hash = hashSecret(secret);
    const cached = this.cache.get(hash);
    this.cacheLookups.add(1, { result: cached === undefined ? 'miss' : 'hit' });
    if (cached !== undefined) return cached || null;
    const key = await this.db.apiKey.findUnique({ where: { hash } });
    const principal = key && !key.revokedAt ? { accountId: key.accountId, keyId: key.id, dailyPageLimit: key.dailyPageLimit } : false;
    this.cache.set(hash, principal);
    return principal || null;
  }
}
