import { describe, expect, it } from 'vitest';
import { capturedIO } from '../helpers/captured-io.js';
import { splitJsonArrayBytes } from '../../src/http/json-array.js';
import { Page } from '../../src/http/paginate.js';
import { getPath, pickPaths } from '../../src/output/fields.js';
import type { Column, OutputFormat } from '../../src/output/format.js';
import { csvCell, ListWriter, writeResource } from '../../src/output/writer.js';
import { USER_COLUMNS, USER_DETAIL } from '../../src/commands/users/fields.js';

const fakeIO = (tty: boolean) => capturedIO({ tty });

const COLUMNS: Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'PATH', path: 'path_with_namespace' },
  { header: 'OWNER', path: 'namespace.full_path' },
];

const FIRST = { id: 1, path_with_namespace: 'acme/web', namespace: { full_path: 'acme' }, extra: 'kept' };
const SECOND = { id: 2, path_with_namespace: 'acme/api,"v2"', namespace: { full_path: 'acme' }, unknown_field: [1, 2] };
const ITEMS: unknown[] = [FIRST, SECOND];

async function render(format: OutputFormat, tty: boolean, fields?: string[], pages: unknown[][] = [ITEMS]) {
  const { io, out } = fakeIO(tty);
  const writer = new ListWriter(io, { format, fields }, COLUMNS, pages.length > 1);
  for (const page of pages) await writer.write(page);
  await writer.end();
  return out();
}

describe('list output', () => {
  it('pipes tab-separated rows with no header, borders or colour', async () => {
    expect(await render('table', false)).toBe('1\tacme/web\tacme\n2\tacme/api,"v2"\tacme\n');
  });

  it('draws a bordered table with a header on a terminal, same columns and content', async () => {
    const text = await render('table', true, undefined, [[FIRST], [SECOND]]);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^┌/);
    expect(lines[1]).toMatch(/ID\s+│ PATH\s+│ OWNER/);
    expect(text).toContain('acme/web');
    expect(text).toContain('acme/api,"v2"');
    // One table across pages: a single top border and a single bottom border.
    expect(lines.filter((l) => l.startsWith('┌'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('└'))).toHaveLength(1);
    expect(lines[lines.length - 1]).toMatch(/^└/);
  });

  it('writes json as one array that passes unknown fields through', async () => {
    const parsed = JSON.parse(await render('json', false));
    expect(parsed).toEqual(ITEMS);
  });

  it('writes an empty json list as []', async () => {
    expect(JSON.parse(await render('json', false, undefined, []))).toEqual([]);
  });

  it('writes ndjson, one object a line', async () => {
    const lines = (await render('ndjson', false)).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(ITEMS);
  });

  it('writes csv with a header and RFC 4180 quoting: every field of the items, nested values as JSON text', async () => {
    expect(await render('csv', false)).toBe(
      'id,path_with_namespace,namespace,extra,unknown_field\r\n1,acme/web,"{""full_path"":""acme""}",kept,\r\n2,"acme/api,""v2""","{""full_path"":""acme""}",,"[1,2]"\r\n',
    );
  });

  it('writes csv pages of many writes each (lines longer than one write) with every line whole and in order', async () => {
    const { io, out } = fakeIO(false);
    const writer = new ListWriter(io, { format: 'csv' }, COLUMNS, true);
    const row = (id: number) => ({ id, note: `${id}`.repeat(900) });
    for (const ids of [[1, 2], [3, 4, 5, 6, 7, 8], [9]]) {
      const body = Buffer.from(JSON.stringify(ids.map(row)));
      await writer.writePage(new Page(body, splitJsonArrayBytes(body) as number[], ids.length, 1, undefined));
    }
    await writer.end();
    const lines = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => `${id},${`${id}`.repeat(900)}\r\n`);
    expect(out()).toBe(`id,note\r\n${lines.join('')}`);
  });

  it('warns once of a csv field that first appears on a later page, and leaves it out', async () => {
    const { io, out } = fakeIO(false);
    const warnings: string[] = [];
    const writer = new ListWriter(io, { format: 'csv', warn: (m) => warnings.push(m) }, COLUMNS, true);
    for (const items of [
      [{ id: 1, ok: true }],
      [{ id: 2, ok: false, late: 'x', later: 'y' }],
      [{ id: 3, late: 'z' }],
    ]) {
      const body = Buffer.from(JSON.stringify(items));
      await writer.writePage(new Page(body, splitJsonArrayBytes(body) as number[], items.length, 1, undefined));
    }
    await writer.end();
    expect(out()).toBe('id,ok\r\n1,true\r\n2,false\r\n3,\r\n');
    expect(warnings).toEqual([
      'csv: the field "late" first appears after the header was written and is left out; name the fields with --fields to keep it',
    ]);
  });

  it('picks dot paths with --fields in every format', async () => {
    expect(JSON.parse(await render('json', false, ['id', 'namespace.full_path']))).toEqual([
      { id: 1, namespace: { full_path: 'acme' } },
      { id: 2, namespace: { full_path: 'acme' } },
    ]);
    expect(await render('table', false, ['id', 'extra'])).toBe('1\tkept\n2\t\n');
    expect(await render('csv', false, ['namespace.full_path'])).toBe('namespace.full_path\r\nacme\r\nacme\r\n');
  });

  it('passes raw JSON items through untouched for ndjson and piped json', async () => {
    const { io, out } = fakeIO(false);
    const writer = new ListWriter(io, { format: 'ndjson' }, COLUMNS);
    await writer.writeRaw(['{"id":1,"x":{"deep":true}}', '{"id":2}']);
    await writer.end();
    expect(out()).toBe('{"id":1,"x":{"deep":true}}\n{"id":2}\n');
  });
});

describe('one resource', () => {
  it('shows label/value lines in a pipe and the whole object as json', async () => {
    const shape = {
      columns: COLUMNS,
      detail: [
        { label: 'Path', path: 'path_with_namespace' },
        { label: 'Owner', path: 'namespace.full_path' },
      ],
    };
    const piped = fakeIO(false);
    await writeResource(piped.io, { format: 'table' }, FIRST, shape);
    expect(piped.out()).toBe('Path\tacme/web\nOwner\tacme\n');
    const json = fakeIO(false);
    await writeResource(json.io, { format: 'json' }, FIRST, shape);
    expect(JSON.parse(json.out())).toEqual(FIRST);
  });

  it("gives a field's format the run's time zone: a user's last sign-in in TZ on a terminal", async () => {
    const terminal = fakeIO(true);
    terminal.io.timeZone = 'Asia/Tokyo';
    const user = { id: 7, username: 'dana', last_sign_in_at: '2026-01-05T13:00:00.000Z' };
    await writeResource(terminal.io, { format: 'table' }, user, { columns: USER_COLUMNS, detail: USER_DETAIL });
    expect(terminal.out()).toMatch(/^Last sign-in +2026-01-05 22:00$/m);
  });
});

describe('fields', () => {
  it('reads and picks dot paths', () => {
    expect(getPath({ a: { b: { c: 3 } } }, 'a.b.c')).toBe(3);
    expect(getPath({ a: null }, 'a.b')).toBeUndefined();
    expect(pickPaths({ a: { b: 1, c: 2 }, d: 4 }, ['a.b', 'd', 'missing'])).toEqual({ a: { b: 1 }, d: 4 });
  });

  it('quotes csv cells only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });
});
