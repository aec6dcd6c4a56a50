import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { PrismaPg } from '@prisma/adapter-pg';
import { prismaPgAdapter } from './prisma-adapter.js';

interface PrismaClientLike { $disconnect(): Promise<void> }
type PrismaClientClass<T extends PrismaClientLike> = new (options: { adapter: PrismaPg }) => T;

const PRISMA_CLIENT = Symbol('PRISMA_CLIENT');

/**
 * Provides a service's generated Prisma client (injectable by its class) on the pg driver adapter,
 * globally within the app, and disconnects it at shutdown.
 */
@Module({})
export class PrismaModule implements OnApplicationShutdown {
  constructor(@Inject(PRISMA_CLIENT) private readonly client: PrismaClientLike) {}

  static forRoot<T extends PrismaClientLike>(Client: PrismaClientClass<T>, databaseUrl: string): DynamicModule {
    return {
      module: PrismaModule,
      global: true,
      providers: [
        { provide: Client, useFactory: () => new Client({ adapter: prismaPgAdapter(databaseUrl) }) },
        { provide: PRISMA_CLIENT, useExisting: Client },
      ],
      exports: [Client],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.$disconnect();
  }
}
