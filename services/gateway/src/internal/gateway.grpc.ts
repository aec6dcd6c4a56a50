import { Controller } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { gatewayV1 } from '@exs/contracts';
import type { ApiKey } from '../generated/prisma/client.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { ApiKeysService } from '../accounts/api-keys.service.js';
import { MAX_DAILY_PAGE_LIMIT } from '../keys/key-params.js';

const grpcError = (code: status, message: string) => new RpcException({ code, message });

const EMAIL = /^[^@\s]{1,200}@[^@\s]{1,200}$/;
const NAME_MAX = 100;

function toMessage(key: ApiKey): gatewayV1.ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAtMs: String(key.createdAt.getTime()),
    revokedAtMs: String(key.revokedAt?.getTime() ?? 0),
    dailyPageLimit: key.dailyPageLimit ?? 0,
  };
}

/** The dashboard's view of the accounts and keys the gateway owns (proto/exs/gateway/v1). */
@Controller()
@gatewayV1.GatewayServiceControllerMethods()
export class GatewayGrpcController implements gatewayV1.GatewayServiceController {
  constructor(private readonly accounts: AccountsService, private readonly keys: ApiKeysService) {}

  async ensureAccount(req: gatewayV1.EnsureAccountRequest): Promise<gatewayV1.EnsureAccountResponse> {
    if (!EMAIL.test(req.email)) throw grpcError(status.INVALID_ARGUMENT, 'email is malformed');
    return { accountId: await this.accounts.ensure(req.email) };
  }

  async listApiKeys(req: gatewayV1.ListApiKeysRequest): Promise<gatewayV1.ListApiKeysResponse> {
    return { keys: (await this.keys.list(req.accountId)).map(toMessage) };
  }

  async createApiKey(req: gatewayV1.CreateApiKeyRequest): Promise<gatewayV1.CreateApiKeyResponse> {
    if (req.name.length > NAME_MAX) throw grpcError(status.INVALID_ARGUMENT, `name is longer than ${NAME_MAX} characters`);
    if (req.dailyPageLimit < 0 || req.dailyPageLimit > MAX_DAILY_PAGE_LIMIT) throw grpcError(status.INVALID_ARGUMENT, `daily_page_limit must be 0 to ${MAX_DAILY_PAGE_LIMIT}`);
    if (!(await this.accounts.exists(req.accountId))) throw grpcError(status.NOT_FOUND, 'account not found');
    const created = await this.keys.create(req.accountId, req.name, req.dailyPageLimit || null);
    return { key: toMessage(created.key), secret: created.secret };
  }

  async updateApiKey(req: gatewayV1.UpdateApiKeyRequest): Promise<gatewayV1.UpdateApiKeyResponse> {
    if (req.name.length > NAME_MAX) throw grpcError(status.INVALID_ARGUMENT, `name is longer than ${NAME_MAX} characters`);
    if (req.dailyPageLimit < 0 || req.dailyPageLimit > MAX_DAILY_PAGE_LIMIT) throw grpcError(status.INVALID_ARGUMENT, `daily_page_limit must be 0 to ${MAX_DAILY_PAGE_LIMIT}`);
    // Scoped to the account in the same statement as the id: another account's key is NOT_FOUND.
    const key = await this.keys.update(req.accountId, req.keyId, { name: req.name, dailyPageLimit: req.dailyPageLimit || null });
    if (!key) throw grpcError(status.NOT_FOUND, 'key not found');
    return { key: toMessage(key) };
  }

  async revokeApiKey(req: gatewayV1.RevokeApiKeyRequest): Promise<gatewayV1.RevokeApiKeyResponse> {
    const key = await this.keys.revoke(req.accountId, req.keyId);
    if (!key) throw grpcError(status.NOT_FOUND, 'key not found');
    return { key: toMessage(key) };
  }
}
