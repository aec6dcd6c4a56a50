// Operator commands against a running stack (or any deployment, given its configuration):
//   npm run admin -- create-account --email <address> [--plan free|default|raised] [--grant-usd <n>]
//   npm run admin -- credit --account <acct_...> --usd <amount> --reference <unique id>
// Prints JSON. Configuration comes from the environment, or from the local stack's .run/env/gateway.env.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { call, createLogger, grpcClientToken, grpcService } from '@exs/platform';
import type { ClientGrpc } from '@nestjs/microservices';
import type { billingV1 } from '@exs/contracts';
import { gatewayCore } from '../gateway.module.js';
import { loadGatewayConfig } from '../config.js';
import { AccountExistsError, AccountsService } from '../accounts/accounts.service.js';

const USAGE = `usage:
  admin create-account --email <address> [--plan free|default|raised] [--grant-usd <amount>]
  admin credit --account <account id> --usd <amount> --reference <unique reference>`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const usdToMicros = (value: string): bigint => {
  if (!/^\d+(\.\d{1,6})?$/.test(value)) fail(`not an amount in USD: ${value}`);
  const [whole, frac = ''] = value.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
};

const stackEnv = join(import.meta.dirname, '../../../../.run/env/gateway.env');
if (!process.env.DATABASE_URL && existsSync(stackEnv)) process.loadEnvFile(stackEnv);

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { email: { type: 'string' }, plan: { type: 'string' }, 'grant-usd': { type: 'string' }, account: { type: 'string' }, usd: { type: 'string' }, reference: { type: 'string' } },
  strict: true,
});

const config = loadGatewayConfig();
const core = gatewayCore(config, createLogger('admin', 'warn'));

@Module({ imports: core.imports, providers: core.providers })
class AdminModule {}

const app = await NestFactory.createApplicationContext(AdminModule, { logger: false });
try {
  if (command === 'create-account') {
    if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) fail('create-account needs --email <address>');
    const plan = values.plan ?? 'free';
    if (plan !== 'free' && plan !== 'default' && plan !== 'raised') fail('--plan is free, default or raised');
    try {
      const created = await app.get(AccountsService).create(values.email, {
        plan,
        grantMicros: values['grant-usd'] !== undefined ? usdToMicros(values['grant-usd']) : undefined,
      });
      process.stdout.write(`${JSON.stringify({ account_id: created.accountId, api_key: created.apiKey.secret, key_id: created.apiKey.key.id }, null, 2)}\n`);
    } catch (err) {
      if (err instanceof AccountExistsError) fail(`an account with e-mail ${err.message} already exists`);
      throw err;
    }
  } else if (command === 'credit') {
    if (!values.account || !values.usd || !values.reference) fail('credit needs --account, --usd and --reference');
    const billing = grpcService<billingV1.BillingServiceClient>(app.get<ClientGrpc>(grpcClientToken('billing')), 'billing');
    const { wallet } = await call(billing.credit({ accountId: values.account, amountMicros: String(usdToMicros(values.usd)), reference: values.reference }));
    process.stdout.write(`${JSON.stringify({ account_id: wallet!.accountId, available_micros: wallet!.availableMicros, plan: wallet!.plan }, null, 2)}\n`);
  } else {
    fail(USAGE);
  }
} finally {
  await app.close();
}
