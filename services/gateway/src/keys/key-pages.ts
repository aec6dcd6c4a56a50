import { PrismaClient, type ApiKey, type Prisma } from '../generated/prisma/client.js';
import { ApiError } from '../edge/api-error.js';
import type { ListParams } from '../edge/list-page.js';

/**
 * The account's API keys a page at a time, newest first. The order is (created_at desc, id desc): the id
 * breaks ties between keys made in the same millisecond, so paging never skips or repeats one.
 */
export class KeyPages {
  constructor(private readonly db: PrismaClient) {}

  async page(accountId: string, params: ListParams): Promise<{ data: ApiKey[]; hasMore: boolean }> {
    let where: Prisma.ApiKeyWhereInput = { accountId };
    const cursorId = params.startingAfter ?? params.endingBefore;
    if (cursorId !== undefined) {
      // Scoped to the account: another account's key is as unknown as a made-up id.
      const cursor = await this.db.apiKey.findFirst({ where: { id: cursorId, accountId }, select: { id: true, createdAt: true } });
      if (!cursor) throw new ApiError('not_found');
      const cmp = params.startingAfter !== undefined ? 'lt' : 'gt';
      where = { accountId, OR: [{ createdAt: { [cmp]: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { [cmp]: cursor.id } }] };
    }
    // ending_before walks towards newer keys: read ascending from the cursor, then turn the page around.
    const direction = params.endingBefore !== undefined ? 'asc' : 'desc';
    const rows = await this.db.apiKey.findMany({ where, orderBy: [{ createdAt: direction }, { id: direction }], take: params.limit + 1 });
    const data = rows.slice(0, params.limit);
    if (params.endingBefore !== undefined) data.reverse();
    return { data, hasMore: rows.length > params.limit };
  }
}
