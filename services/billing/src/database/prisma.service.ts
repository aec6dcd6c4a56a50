import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(databaseUrl: string) {
    super({ adapter: prismaPgAdapter(databaseUrl) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
