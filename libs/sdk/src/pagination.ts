/**
 * Lists, Stripe style: `await client.keys.list()` is the first page; `for await (const key of
 * client.keys.list())` walks every page, asking for the next with `starting_after` = the last item's id
 * while the page says `has_more: true`. A page without `has_more` (today's list endpoints return every
 * item at once) is the only page.
 */
import { ExsError } from './errors.js';
import type { ListPage, ListParams } from './types.js';

export class ListPromise<T extends { id: string }> implements PromiseLike<ListPage<T>>, AsyncIterable<T> {
  private first?: Promise<ListPage<T>>;

  constructor(
    private readonly fetchPage: (params: ListParams) => Promise<ListPage<T>>,
    private readonly params: ListParams = {},
  ) {}

  /** The first page (fetched once, when first awaited or iterated). */
  private firstPage(): Promise<ListPage<T>> {
    return (this.first ??= this.fetchPage(this.params));
  }

  then<A = ListPage<T>, B = never>(
    onfulfilled?: ((page: ListPage<T>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page = await this.firstPage();
    for (;;) {
      yield* page.data;
      const last = page.data.at(-1);
      if (page.has_more !== true || !last) return;
      const cursor = last.id;
      page = await this.fetchPage({ ...this.params, starting_after: cursor });
      // A server that ignored the cursor would hand back the same page forever.
      if (page.data.at(-1)?.id === cursor) {
        throw new ExsError({ status: 0, code: 'pagination_stalled', message: 'the next page ended where the previous one did', request_id: null });
      }
    }
  }

  /** Every item of every page, stopping after `max` items (default 10,000) so a huge list cannot exhaust memory. */
  async toArray(max = 10_000): Promise<T[]> {
    const out: T[] = [];
    if (max <= 0) return out;
    for await (const item of this) {
      out.push(item);
      if (out.length >= max) break;
    }
    return out;
  }
}
