import { createReadStream, existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { execa } from 'execa';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Every command that writes a file the user names (src/util/unwritable.ts): a path it cannot
 * write is exit 2 with the reason and what to do, before any request, so that an export of
 * every group or a download is not made to be lost at the end.
 */
const work = mkdtempSync(join(tmpdir(), 'collab-writers-'));
const policy = join(work, 'collab.yaml');
writeFileSync(policy, 'version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n');

const WRITERS: ReadonlyArray<{ name: string; argv: (file: string) => string[]; inPlace?: boolean }> = [
  { name: 'export --out', argv: (file) => ['export', 'acme/web', '--out', file], inPlace: true },
  { name: 'plan --out', argv: (file) => ['plan', '-f', policy, '--out', file], inPlace: true },
  { name: 'groups avatar --file', argv: (file) => ['groups', 'avatar', 'acme', '--file', file] },
  { name: 'projects snapshot --file', argv: (file) => ['projects', 'snapshot', 'acme/web/storefront', '--file', file] },
];

describe('a file to write that cannot be written', () => {
  const { collab, sandbox } = useSandbox({ seed: 30 });

  for (const writer of WRITERS) {
    it(`${writer.name} in a directory that does not exist: exit 2, the reason and the fix, nothing sent`, async () => {
      const file = join(work, 'missing', 'out.file');
      sandbox.resetStats();
      const result = await collab(writer.argv(file));
      expect([result.exitCode, result.stderr, sandbox.requestLog]).toEqual([
        2,
        `error: cannot write ${file}: its directory does not exist\nhint: create the directory first, or give a path in one that exists\n`,
        [],
      ]);
    });

    // /dev/full takes the open and refuses every write (ENOSPC): the write fails after the work.
    // Only for the writers that write in place: were a download's rule for special files broken,
    // a rename over /dev/full would take the device away (the FIFO cases below check that rule).
    if (writer.inPlace)
      it(`${writer.name} to a full device: exit 1 once the work was read, the reason and the fix`, async (ctx) => {
        ctx.skip(!existsSync('/dev/full'), 'this system has no /dev/full');
        const result = await collab(writer.argv('/dev/full'));
        expect([result.exitCode, result.stderr.split('\n').filter((line) => /^(error|hint):/.test(line))]).toEqual([
          1,
          [
            'error: cannot write /dev/full: no space left on the device',
            'hint: free some space, or give a path on another device',
          ],
        ]);
      });

    it(`${writer.name} naming a directory: exit 2, it is a directory, nothing sent`, async () => {
      sandbox.resetStats();
      const result = await collab(writer.argv(work));
      expect([result.exitCode, result.stderr, sandbox.requestLog]).toEqual([
        2,
        `error: cannot write ${work}: it is a directory\nhint: give the path of a file in it\n`,
        [],
      ]);
    });
  }
});

/**
 * A device or a FIFO named as the file (a pipe's end, /dev/null) is written into: never replaced
 * by a file renamed over it, nor removed when the download fails (as root, either takes it away).
 */
describe.skipIf(process.platform === 'win32')('a download into a FIFO', () => {
  const { collab, call } = useSandbox({ seed: 30 });

  async function intoFifo(argv: (file: string) => string[]) {
    const dir = mkdtempSync(join(tmpdir(), 'collab-fifo-'));
    const fifo = join(dir, 'out');
    await execa('mkfifo', [fifo]);
    const chunks: Buffer[] = [];
    const reader = new Promise<void>((resolve) => {
      const stream = createReadStream(fifo);
      stream.on('data', (chunk) => chunks.push(chunk as Buffer));
      stream.on('close', () => resolve());
      stream.on('end', () => resolve());
    });
    const result = await collab(argv(fifo));
    await reader;
    return { result, bytes: Buffer.concat(chunks), stillFifo: statSync(fifo).isFIFO(), entries: readdirSync(dir) };
  }

  it('groups avatar writes the image through the FIFO and leaves it a FIFO, nothing beside it', async () => {
    const image = Buffer.from('\x89PNG\r\n\x1a\n avatar through a pipe', 'binary');
    const form = new FormData();
    form.append('avatar', new Blob([image], { type: 'image/png' }), 'web.png');
    expect((await call('PUT', '/groups/acme%2Fweb', { form })).status).toBe(200);
    const { result, bytes, stillFifo, entries } = await intoFifo((fifo) => [
      'groups',
      'avatar',
      'acme/web',
      '--file',
      fifo,
    ]);
    expect([result.exitCode, bytes.equals(image), stillFifo, entries]).toEqual([0, true, true, ['out']]);
  });

  it('projects snapshot writes the archive through the FIFO and leaves it a FIFO', async () => {
    const { result, bytes, stillFifo } = await intoFifo((fifo) => [
      'projects',
      'snapshot',
      'acme/web/storefront',
      '--file',
      fifo,
    ]);
    expect([result.exitCode, bytes.length > 0, stillFifo]).toEqual([0, true, true]);
  });
});
