import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { splitJsonArrayBytes } from '../../src/http/json-array.js';
import { Page } from '../../src/http/paginate.js';
import { streamIO } from '../../src/io.js';
import type { OutputFormat } from '../../src/output/format.js';
import { ListWriter } from '../../src/output/writer.js';
import { TextSink } from '../../src/util/text-sink.js';

/**
 * json and ndjson write a page's items as views of its body; once stdout has taken the bytes the
 * writer gives the body back to the paginator's pool, which reads the next page into it. Here the
 * pool is a stand-in that overwrites each body it is given back, as the next page's read would.
 */
function pageOf(items: readonly object[], given: Buffer[]): Page {
  const body = Buffer.from(JSON.stringify(items));
  const bounds = splitJsonArrayBytes(body) as number[];
  const page = new Page(body, bounds, items.length, 1, undefined);
  page.pool = {
    give: (buffer: Buffer) => {
      given.push(buffer);
      buffer.fill(0x78);
    },
  } as unknown as Page['pool'];
  return page;
}

const PAGES = [
  [
    { id: 1, path: 'acme/web' },
    { id: 2, path: 'acme/api' },
  ],
  [{ id: 3, path: 'acme/docs' }],
];

async function writeAll(
  stdout: NodeJS.WritableStream & { copiesWrites?: boolean },
  format: OutputFormat,
  given: Buffer[],
): Promise<void> {
  const io = streamIO({ stdout: stdout as never, stderr: new PassThrough(), stdin: new PassThrough() }, {});
  const writer = new ListWriter(io, { format }, [{ header: 'ID', path: 'id' }], true);
  for (const items of PAGES) await writer.writePage(pageOf(items, given));
  await writer.end();
}

describe('a page written as it came', () => {
  for (const format of ['json', 'ndjson'] as const) {
    it(`${format}: goes back to the pool once stdout has copied it, and what was written stays whole`, async () => {
      const given: Buffer[] = [];
      const stdout = new TextSink();
      await writeAll(stdout, format, given);
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(given).toHaveLength(PAGES.length);
      const items = PAGES.flat();
      if (format === 'json') expect(JSON.parse(stdout.text())).toEqual(items);
      else
        expect(
          stdout
            .text()
            .trimEnd()
            .split('\n')
            .map((line) => JSON.parse(line)),
        ).toEqual(items);
    });

    it(`${format}: is never given back to a stream that may still hold its bytes (a PassThrough)`, async () => {
      const given: Buffer[] = [];
      const stdout = new PassThrough();
      const chunks: Buffer[] = [];
      stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      await writeAll(stdout, format, given);
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(given).toEqual([]);
      expect(Buffer.concat(chunks).toString()).toContain('acme/docs');
    });
  }
});
