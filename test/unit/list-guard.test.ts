import { describe, expect, it } from 'vitest';
import { splitJsonArrayBytes } from '../../src/http/json-array.js';
import { ListGuard } from '../../src/http/list-guard.js';

/** A page as the paginator hands it to the guard: the body and its items' bounds. */
function page(items: string[]) {
  const body = Buffer.from(`[${items.join(',')}]`);
  const bounds = splitJsonArrayBytes(body) as number[];
  return { body, bounds, count: items.length };
}

const byId = () => new ListGuard({ maxRecords: 50_000, key: 'id', param: 'id_after' });

describe('ListGuard ids', () => {
  it('drops the leading items of a page whose ids the listing passed, compact or not', () => {
    const guard = byId();
    expect(guard.admit(page(['{"id":5,"name":"a"}', '{"id":9}']), 'page 1', 0)).toBe(0);
    // 8 is written with spaces, 9 after another member: both read by parsing the item; 10 from its bytes.
    expect(guard.admit(page(['{ "id": 8 }', '{"name":"b","id":9}', '{"id":10,"x":[1]}']), 'page 2', 2)).toBe(2);
  });

  it('reads an id that is not a plain integer as JSON.parse does', () => {
    const guard = byId();
    // -3, 2.5e1 and 1e2: a sign, an exponent; then 25 < 100 so the page is ordered.
    expect(guard.admit(page(['{"id":-3}', '{"id":2.5e1}', '{"id":1e2}']), 'page 1', 0)).toBe(0);
    // 99 is not past 100 (from 1e2, not 1): it is dropped.
    expect(guard.admit(page(['{"id":99}', '{"id":101}']), 'page 2', 3)).toBe(1);
  });

  it('compares ids past 2^53 as JSON.parse rounds them, not digit by digit', () => {
    const guard = byId();
    // Both parse to 9007199254740992: the page's last id is not past its first, yet equal ids pass.
    expect(guard.admit(page(['{"id":9007199254740992}', '{"id":9007199254740993}']), 'page 1', 0)).toBe(0);
    // 9007199254740993 rounds down to the last id: not past it, so dropped.
    expect(guard.admit(page(['{"id":9007199254740993}', '{"id":9007199254740994}']), 'page 2', 2)).toBe(1);
  });

  it('stops when a page is not ordered by id, reading the ids from the bytes', () => {
    const guard = byId();
    expect(() => guard.admit(page(['{"id":7}', '{"id":3}']), 'page 1', 0)).toThrow(
      'the listing stopped after 0 items, each written once: page 1 is not ordered by id',
    );
  });
});
