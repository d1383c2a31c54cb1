import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/client.js';
import { paginate } from '../../src/http/paginate.js';
import { useSandbox } from '../helpers/cli.js';

describe('paginate with released pages (bodies read into reused buffers)', () => {
  const { sandbox } = useSandbox({ seed: 250 });

  it('gives every item once, in order, across id windows, each page released as soon as read', async () => {
    const client = new HttpClient({ baseUrl: sandbox.url, token: sandbox.tokens.admin });
    const ids: number[] = [];
    let pages = 0;
    /** The memory each page's body lies in (an item's bytes are a view of it). */
    const buffers = new Set<ArrayBufferLike>();
    // Windows of 60 records (3 pages of 20): the next window starts after the last id of the
    // previous one, which must be taken before that page's buffer goes back to the pool.
    const list = paginate(client, {
      path: '/projects',
      query: { order_by: 'id', sort: 'asc' },
      perPage: 20,
      concurrency: 3,
      offsetWindow: { maxRecords: 60, key: 'id', param: 'id_after' },
    });
    for await (const page of list) {
      for (const text of page.items) ids.push((JSON.parse(text) as { id: number }).id);
      buffers.add(page.itemBytes(0).buffer);
      page.release();
      pages++;
    }
    await client.close();
    const expected = sandbox.store
      .allProjects()
      .map((p) => p.id)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(200);
    expect(ids).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 20));
    // The bodies went into the buffers of released pages: no more than the pages held at once
    // (3 in flight and two more fetched ahead) and the pool's two spare, for 13 pages.
    expect(buffers.size).toBeLessThanOrEqual(3 + 2 + 2);
  });
});
