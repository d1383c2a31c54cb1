import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { editText } from '../../src/commands/notes/body.js';
import { useSandbox } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';

type NoteJson = {
  id: number;
  body: string;
  system: boolean;
  confidential: boolean;
  created_at: string;
  updated_at: string;
  author: { username: string };
  noteable_type: string;
};

const PROJECT = 'acme/web/storefront';

describe('collab notes', () => {
  const { collab, sandbox, get, getJson, idOf } = useSandbox({ seed: 12 });
  /** The IDs of the storefront and of acme, as the API shows them (a snippet's and an epic's notes are found by ID). */
  const ids = { project: 0, acme: 0 };
  beforeEach(async () => {
    ids.project = await idOf('projects', PROJECT);
    ids.acme = await idOf('groups', 'acme');
  });
  const projectId = () => ids.project;
  const acmeId = () => ids.acme;

  const ISSUES = '/projects/acme%2Fweb%2Fstorefront/issues';
  /** Each kind of noteable: its flags, where the service lists its notes, and how many the seed gives it. */
  const KINDS = [
    {
      kind: 'issue',
      flags: () => ['--project', PROJECT, '--issue', '1'],
      notes: () => `${ISSUES}/1/notes`,
      type: 'Issue',
      seeded: 4,
    },
    {
      kind: 'merge request',
      flags: () => ['--project', PROJECT, '--merge-request', '1'],
      notes: () => '/projects/acme%2Fweb%2Fstorefront/merge_requests/1/notes',
      type: 'MergeRequest',
      seeded: 3,
    },
    {
      kind: 'snippet',
      flags: () => ['--project', String(projectId()), '--snippet', String(projectId())],
      notes: () => `/projects/${projectId()}/snippets/${projectId()}/notes`,
      type: 'Snippet',
      seeded: 1,
    },
    {
      kind: 'epic',
      flags: () => ['--group', 'acme', '--epic', String(acmeId())],
      notes: () => `/groups/acme/epics/${acmeId()}/notes`,
      type: 'Epic',
      seeded: 2,
    },
  ] as const;

  /** The noteable's notes as the service lists them to an administrator (all of them, on one page). */
  const served = (notes: string): Promise<NoteJson[]> => getJson(`${notes}?per_page=100`);
  /** One note as the service shows it: its JSON, or undefined on 404. */
  const servedNote = async (notes: string, id: number): Promise<NoteJson | undefined> => {
    const answer = await get(`${notes}/${id}`);
    expect([200, 404]).toContain(answer.status);
    return answer.status === 200 ? answer.body : undefined;
  };
  const newestFirst = <T extends { id: number; created_at: string }>(notes: T[]) =>
    [...notes].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));

  describe('list', () => {
    for (const { kind, flags, notes: at, type, seeded } of KINDS) {
      it(`lists the notes of a ${kind}, newest first, system notes included`, async () => {
        const result = await collab(['notes', 'list', ...flags(), '--json']);
        expect(result.stderr).toBe('');
        expect(result.exitCode).toBe(0);
        const notes = result.json<NoteJson[]>();
        expect(notes).toHaveLength(seeded);
        expect(notes.map((n) => n.id)).toEqual(newestFirst(await served(at())).map((n) => n.id));
        expect(new Set(notes.map((n) => n.noteable_type))).toEqual(new Set([type]));
      });
    }

    it('prints id, author, created, system, confidential and the body on one line in a pipe, as the service sent them', async () => {
      const result = await collab(['notes', 'list', '--project', PROJECT, '--issue', '1', '--sort', 'asc']);
      expect(result.exitCode).toBe(0);
      const first = newestFirst(await served(`${ISSUES}/1/notes`)).reverse()[0] as NoteJson;
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toBe(
        `${first.id}\tdana\t${first.created_at}\tfalse\tfalse\t${first.body.replace(/[\t\r\n]+/g, ' ')}`,
      );
      expect(lines.map((line) => line.split('\t')[3])).toEqual(['false', 'true', 'false', 'false']);
      expect(lines.map((line) => line.split('\t')[4])).toEqual(['false', 'false', 'false', 'true']);
    });

    it('wraps whole bodies on a terminal, in the same columns', async () => {
      const result = await collab(['notes', 'list', '--project', PROJECT, '--issue', '1'], { tty: true });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/│ ID\s+│ AUTHOR\s+│ CREATED\s+│ SYSTEM\s+│ CONFIDENTIAL\s+│ BODY\s+│/);
      // The second paragraph of the first note starts a line of its own on the terminal.
      expect(result.stdout).toMatch(/│ Steps: open the cart/);
      expect(result.stdout).toMatch(/│ (yes|no) +│ (yes|no) +│/);
    });

    it('at 80 columns, where not every column fits beside short bodies: SYSTEM left out, CREATED kept', async () => {
      // Notes made here get IDs of ten digits, as a real service's are; one confidential, so that
      // CONFIDENTIAL is not the same on every row.
      for (const body of ['LGTM, merging', 'Thanks for the quick fix!'])
        expect((await collab(['notes', 'create', '--project', PROJECT, '--issue', '2', '--body', body])).exitCode).toBe(
          0,
        );
      const internal = [
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '2',
        '--body',
        'Ticket 4411',
        '--confidential',
      ];
      expect((await collab(internal)).exitCode).toBe(0);
      const result = await collab(['notes', 'list', '--project', PROJECT, '--issue', '2'], {
        tty: true,
        env: { COLLAB_FORCE_TTY: '80' },
      });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/│\s+ID │ AUTHOR\s+│ CREATED\s+│ CONFIDENTIAL\s+│ BODY\s+│/);
      expect(result.stderr).toMatch(/^SYSTEM left out to fit 80 columns/);
    });

    it('sorts and orders: --sort asc|desc, --order-by created_at|updated_at', async () => {
      const ids = async (...extra: string[]) =>
        (await collab(['notes', 'list', '--project', PROJECT, '--issue', '1', '--json', ...extra]))
          .json<NoteJson[]>()
          .map((n) => n.id);
      const ascending = await ids('--sort', 'asc');
      expect(await ids('--sort', 'desc')).toEqual([...ascending].reverse());
      expect(await ids('--order-by', 'created_at', '--sort', 'asc')).toEqual(ascending);
      // The first note was edited after the others were written.
      expect(await ids('--order-by', 'updated_at', '--sort', 'asc')).toEqual([...ascending.slice(1), ascending[0]]);
      const bad = await collab(['notes', 'list', '--project', PROJECT, '--issue', '1', '--sort', 'up']);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/invalid value "up" for --sort: expected one of asc, desc/);
    });

    it('filters system notes with --system and --no-system, keeping --limit matching notes', async () => {
      const system = (
        await collab(['notes', 'list', '--project', PROJECT, '--merge-request', '1', '--system', '--json'])
      ).json<NoteJson[]>();
      expect(system.map((n) => [n.system, n.body.split('\n')[0]])).toEqual([[true, 'added 1 commit']]);
      const people = (
        await collab(['notes', 'list', '--project', PROJECT, '--merge-request', '1', '--no-system', '--json'])
      ).json<NoteJson[]>();
      expect(people).toHaveLength(2);
      expect(people.every((n) => !n.system)).toBe(true);
      const limited = (
        await collab([
          'notes',
          'list',
          '--project',
          PROJECT,
          '--issue',
          '1',
          '--no-system',
          '--limit',
          '2',
          '--per-page',
          '1',
          '--json',
        ])
      ).json<NoteJson[]>();
      expect(limited).toHaveLength(2);
      expect(limited.every((n) => !n.system)).toBe(true);
      const help = await collab(['notes', 'list', '--help']);
      expect(help.stdout).toMatch(/--system\s+only system notes.*Filtered by\s+collab after\s+fetching/s);
    });

    it('hides confidential notes from those below reporter', async () => {
      const outsider = (
        await collab(['notes', 'list', '--project', PROJECT, '--issue', '1', '--json'], { as: 'external' })
      ).json<NoteJson[]>();
      const reporter = (
        await collab(['notes', 'list', '--project', PROJECT, '--issue', '1', '--json'], { as: 'reporter' })
      ).json<NoteJson[]>();
      expect(reporter.some((n) => n.confidential)).toBe(true);
      expect(outsider.some((n) => n.confidential)).toBe(false);
      expect(outsider).toHaveLength(reporter.length - 1);
    });

    it("maps a missing issue to exit 4 with the service message, hinting at the issue's number in its project", async () => {
      const result = await collab(['notes', 'list', '--project', PROJECT, '--issue', '99']);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toBe(
        'error: 404 Issue Not Found (GET /projects/acme%2Fweb%2Fstorefront/issues/99/notes?per_page=20&page=1)\n' +
          "hint: give the issue's number in its project (the #N of its URL, its IID), not its global ID, and check the project\n",
      );
    });

    it("hints at a merge request's number in its project when it is missing", async () => {
      const result = await collab(['notes', 'list', '--project', PROJECT, '--merge-request', '99']);
      expect(result.exitCode).toBe(4);
      expect(result.stderr.split('\n')[1]).toBe(
        "hint: give the merge request's number in its project (the !N of its URL, its IID), not its global ID, and check the project",
      );
    });
  });

  describe('view', () => {
    for (const { kind, flags, notes: at } of KINDS) {
      it(`shows one note of a ${kind}`, async () => {
        const note = (await served(at()))[0] as NoteJson;
        const json = await collab(['notes', 'view', String(note.id), ...flags(), '--json']);
        expect(json.exitCode).toBe(0);
        expect(json.json<NoteJson>()).toMatchObject({ id: note.id, body: note.body, system: note.system });
        const table = await collab(['notes', 'view', String(note.id), ...flags()]);
        expect(table.stdout).toContain(`ID\t${note.id}\n`);
        expect(table.stdout).toMatch(/^Author\t\w+$/m);
        const terminal = await collab(['notes', 'view', String(note.id), ...flags()], { tty: true });
        expect(terminal.stdout).toMatch(/^Author +\w+ \(.+\)$/m);
        expect(table.stdout).toContain(`Body\t${note.body.replace(/\n+/g, ' ')}\n`);
      });
    }

    it('says which note is missing (exit 4) and refuses a bad note ID before sending', async () => {
      const missing = await collab(['notes', 'view', '12345', '--project', PROJECT, '--issue', '1']);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr).toMatch(/^error: 404 Note Not Found/);
      expect(missing.stderr.split('\n')[1]).toBe(
        `hint: issue #1 of project ${PROJECT} has no note 12345: \`collab notes list --project ${PROJECT} --issue 1\` lists them`,
      );
      const requests = sandbox.stats.requests;
      const bad = await collab(['notes', 'view', 'abc', '--project', PROJECT, '--issue', '1']);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/invalid value "abc" for <note-id>/);
      expect(sandbox.stats.requests).toBe(requests);
    });
  });

  describe('create, update, delete', () => {
    for (const { kind, flags, notes: at } of KINDS) {
      it(`creates, changes and deletes a note on a ${kind}`, async () => {
        const body = `Note on the ${kind}: ${Math.random().toString(36).slice(2)}`;
        const created = await collab(['notes', 'create', ...flags(), '--body', body, '--json'], { as: 'maintainer' });
        expect(created.exitCode).toBe(0);
        const note = created.json<NoteJson>();
        expect(created.stderr).toMatch(new RegExp(`^created note ${note.id} on ${kind} `));
        expect(await servedNote(at(), note.id)).toMatchObject({ body, system: false, author: { username: 'max' } });
        expect((await served(at())).filter((n) => n.body === body)).toHaveLength(1);

        const updated = await collab(['notes', 'update', String(note.id), ...flags(), '--body', `${body} (edited)`], {
          as: 'maintainer',
        });
        expect(updated.exitCode).toBe(0);
        expect(updated.stderr).toMatch(/^updated note \d+ on /);
        expect(updated.stdout).toContain(`Body\t${body} (edited)\n`);
        expect((await servedNote(at(), note.id))?.body).toBe(`${body} (edited)`);

        const deleted = await collab(['notes', 'delete', String(note.id), ...flags()], { as: 'maintainer' });
        expect(deleted.exitCode).toBe(0);
        expect(deleted.stdout).toBe('');
        expect(deleted.stderr).toMatch(new RegExp(`^deleted note ${note.id} from `));
        expect(await servedNote(at(), note.id)).toBeUndefined();
      });
    }

    it('reads the body from standard input with --body-file -, and from a file', async () => {
      const fromStdin = await collab(
        ['notes', 'create', '--project', PROJECT, '--issue', '2', '--body-file', '-', '--json'],
        { input: 'Written in a pipe\n\nSecond paragraph.\n' },
      );
      expect(fromStdin.exitCode).toBe(0);
      expect((await servedNote(`${ISSUES}/2/notes`, fromStdin.json<NoteJson>().id))?.body).toBe(
        'Written in a pipe\n\nSecond paragraph.',
      );
      const dir = mkdtempSync(join(tmpdir(), 'collab-notes-'));
      writeFileSync(join(dir, 'note.md'), 'From a file\n');
      const fromFile = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '2',
        '--body-file',
        join(dir, 'note.md'),
        '--json',
      ]);
      expect((await servedNote(`${ISSUES}/2/notes`, fromFile.json<NoteJson>().id))?.body).toBe('From a file');
      const requests = sandbox.stats.requests;
      const missing = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '2',
        '--body-file',
        join(dir, 'nope.md'),
      ]);
      expect([missing.exitCode, missing.stderr]).toEqual([
        2,
        `error: cannot read ${join(dir, 'nope.md')} (given to --body-file): no such file\nhint: check the path: a relative one is read from the current directory\n`,
      ]);
      expect(sandbox.stats.requests).toBe(requests);
    });

    it('--body-file of a directory says it is a directory, with a hint, exit 2 and nothing sent', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'collab-notes-'));
      const requests = sandbox.stats.requests;
      const result = await collab(['notes', 'create', '--project', PROJECT, '--issue', '2', '--body-file', dir]);
      expect([result.exitCode, result.stderr]).toEqual([
        2,
        `error: cannot read ${dir} (given to --body-file): it is a directory\nhint: give the path of a file in it\n`,
      ]);
      expect(sandbox.stats.requests).toBe(requests);
    });

    it('refuses a body over 1,000,000 characters before sending, saying its length', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'collab-notes-'));
      writeFileSync(join(dir, 'long.md'), 'x'.repeat(1_000_001));
      const before = (await served(`${ISSUES}/2/notes`)).length;
      const requests = sandbox.stats.requests;
      const result = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '2',
        '--body-file',
        join(dir, 'long.md'),
      ]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(
        /^error: the note body is 1,000,001 characters; the service accepts at most 1,000,000\n/,
      );
      expect(sandbox.stats.requests).toBe(requests);
      expect(await served(`${ISSUES}/2/notes`)).toHaveLength(before);
      // Exactly at the limit (and counted in characters: emoji are one each) it is sent.
      writeFileSync(join(dir, 'limit.md'), `${'😀'.repeat(500_000)}${'y'.repeat(500_000)}`);
      const atLimit = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '2',
        '--body-file',
        join(dir, 'limit.md'),
        '-q',
      ]);
      expect(atLimit.exitCode).toBe(0);
      const update = await collab([
        'notes',
        'update',
        '1',
        '--project',
        PROJECT,
        '--issue',
        '2',
        '--body-file',
        join(dir, 'long.md'),
      ]);
      expect(update.exitCode).toBe(2);
      expect(update.stderr).toContain('1,000,001 characters');
    });

    it('an editor that takes its file away says no such file, with a hint, exit 2 and nothing sent', async () => {
      const requests = sandbox.stats.requests;
      // `rm <file>` exits 0 as an editor that saved elsewhere would: there is no note to read.
      const result = await collab(['notes', 'create', '--project', PROJECT, '--issue', '2'], {
        stdinTTY: true,
        tty: true,
        env: { VISUAL: 'rm' },
      });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(
        /^error: cannot read the note the editor "rm" saved in \S+\/collab-note-\w+\/NOTE\.md: no such file\nhint: save the note in the file the editor opens; nothing was sent\n$/,
      );
      expect(sandbox.stats.requests).toBe(requests);
    });

    it('refuses an empty body and a missing body (no terminal for an editor) before sending', async () => {
      const requests = sandbox.stats.requests;
      const empty = await collab(['notes', 'create', '--project', PROJECT, '--issue', '2', '--body', '  ']);
      expect(empty.exitCode).toBe(2);
      expect(empty.stderr).toMatch(/^error: the note body is empty; nothing was sent/);
      const missing = await collab(['notes', 'create', '--project', PROJECT, '--issue', '2']);
      expect(missing.exitCode).toBe(2);
      expect(missing.stderr).toBe(
        'error: missing the note body\nhint: pass --body <text>, --body-file <path>, or --body-file - to read standard input\n',
      );
      const both = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '2',
        '--body',
        'a',
        '--body-file',
        '-',
      ]);
      expect(both.exitCode).toBe(2);
      expect(both.stderr).toMatch(/--body and --body-file cannot be used together/);
      const nothing = await collab(['notes', 'update', '1', '--project', PROJECT, '--merge-request', '2']);
      expect(nothing.exitCode).toBe(2);
      expect(nothing.stderr).toBe(
        'error: nothing to change\nhint: give --body or --body-file; --body-file - reads standard input\n',
      );
      expect(sandbox.stats.requests).toBe(requests);
    });

    it('prints the snippet-like answer to an award-emoji-only body as what it is, not as a note', async () => {
      for (const { flags, notes: at } of KINDS) {
        const before = (await served(at())).length;
        const result = await collab(['notes', 'create', ...flags(), '--body', ':+1:']);
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toMatch(
          /^the body was taken as an award emoji: \+1 was toggled on .+; no note was created\n$/,
        );
        expect(result.stdout).toMatch(
          /^ID\t\d+\nTitle\t.+\nFile\t.*\nAuthor\t.+\nCreated\t.+\nUpdated\t.+\nExpires\t\n/,
        );
        expect(result.stdout).not.toContain('Body');
        expect(await served(at())).toHaveLength(before);
      }
      const json = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--snippet',
        String(projectId()),
        '--body',
        '👍',
        '--json',
      ]);
      expect(json.json()).toMatchObject({ id: projectId(), file_name: expect.any(String), expires_at: null });
    });

    it("says never on a terminal for the snippet-like answer's expiry when the service says none", async () => {
      const args = ['notes', 'create', '--project', PROJECT, '--snippet', String(projectId()), '--body', ':+1:'];
      const result = await collab(args, { tty: true });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/\nExpires +never\n/);
    });

    it('toggles confidential on issue notes, and refuses it for other notes before sending', async () => {
      const created = await collab(
        [
          'notes',
          'create',
          '--project',
          PROJECT,
          '--issue',
          '3',
          '--body',
          'internal only',
          '--confidential',
          '--json',
        ],
        { as: 'reporter' },
      );
      expect(created.exitCode).toBe(0);
      const id = created.json<NoteJson>().id;
      expect((await servedNote(`${ISSUES}/3/notes`, id))?.confidential).toBe(true);
      const open = await collab(
        ['notes', 'update', String(id), '--project', PROJECT, '--issue', '3', '--no-confidential', '--json'],
        { as: 'reporter' },
      );
      expect(open.json<NoteJson>()).toMatchObject({ confidential: false, body: 'internal only' });
      expect((await servedNote(`${ISSUES}/3/notes`, id))?.confidential).toBe(false);
      await collab(['notes', 'update', String(id), '--project', PROJECT, '--issue', '3', '--confidential'], {
        as: 'reporter',
      });
      expect((await servedNote(`${ISSUES}/3/notes`, id))?.confidential).toBe(true);

      const requests = sandbox.stats.requests;
      const onMergeRequest = await collab([
        'notes',
        'update',
        String(id),
        '--project',
        PROJECT,
        '--merge-request',
        '3',
        '--no-confidential',
      ]);
      expect(onMergeRequest.exitCode).toBe(2);
      expect(onMergeRequest.stderr).toMatch(/^error: --no-confidential applies to issue notes only/);
      const onSnippet = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--snippet',
        '1',
        '--body',
        'x',
        '--confidential',
      ]);
      expect(onSnippet.exitCode).toBe(2);
      expect(sandbox.stats.requests).toBe(requests);
    });

    it('warns when the service drops --confidential for a caller below reporter', async () => {
      const result = await collab(
        [
          'notes',
          'create',
          '--project',
          PROJECT,
          '--issue',
          '3',
          '--body',
          'trying to hide',
          '--confidential',
          '--json',
        ],
        { as: 'external' },
      );
      expect(result.exitCode).toBe(0);
      expect(result.json<NoteJson>().confidential).toBe(false);
      expect(result.stderr).toContain('warning: the note was created visible to everyone');
    });

    it('refuses --created-at for a developer (403, exit 3) and backdates for an owner', async () => {
      const before = (await served(`${ISSUES}/3/notes`)).length;
      const developer = await collab(
        [
          'notes',
          'create',
          '--project',
          PROJECT,
          '--issue',
          '3',
          '--body',
          'backdated',
          '--created-at',
          '2020-06-01T12:00:00Z',
        ],
        { as: 'developer' },
      );
      expect(developer.exitCode).toBe(3);
      expect(developer.stderr).toMatch(
        /^error: 403 Forbidden - created_at can be set only by administrators and project owners \(POST \/projects\/acme%2Fweb%2Fstorefront\/issues\/3\/notes\)\n/,
      );
      expect(await served(`${ISSUES}/3/notes`)).toHaveLength(before);
      const owner = await collab(
        [
          'notes',
          'create',
          '--project',
          PROJECT,
          '--issue',
          '3',
          '--body',
          'backdated',
          '--created-at',
          '2020-06-01T12:00:00Z',
          '--json',
        ],
        { as: 'owner' },
      );
      expect(owner.exitCode).toBe(0);
      expect(owner.json<NoteJson>().created_at).toBe('2020-06-01T12:00:00.000Z');
      const bad = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '3',
        '--body',
        'x',
        '--created-at',
        'last week',
      ]);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/^error: invalid value "last week" for --created-at: expected an ISO 8601 date-time/);
    });

    it("refuses a developer's change to someone else's note (exit 3)", async () => {
      const seeded = (await served(`${ISSUES}/2/notes`)).find((n) => !n.system) as NoteJson;
      const edit = await collab(
        ['notes', 'update', String(seeded.id), '--project', PROJECT, '--issue', '2', '--body', 'mine now'],
        { as: 'developer' },
      );
      expect(edit.exitCode).toBe(3);
      expect(edit.stderr).toMatch(/^error: 403 Forbidden/);
      expect((await servedNote(`${ISSUES}/2/notes`, seeded.id))?.body).toBe(seeded.body);
    });

    // As every other delete (hooks, labels, badges...): what is already gone is done, --strict makes it exit 4.
    it('counts a note already gone as done: exit 0, said on stderr', async () => {
      const gone = await collab(['notes', 'delete', '999', '--project', PROJECT, '--issue', '2']);
      expect(gone).toMatchObject({
        exitCode: 0,
        stdout: '',
        stderr: `note 999 was already gone from issue #2 of project ${PROJECT}; nothing to do\n`,
      });
    });

    it('exits 4 on a note already gone with --strict', async () => {
      const gone = await collab(['notes', 'delete', '999', '--project', PROJECT, '--issue', '2', '--strict']);
      expect(gone.exitCode).toBe(4);
      expect(gone.stderr).toMatch(new RegExp(`^error: note 999 does not exist on issue #2 of project ${PROJECT}\n`));
    });

    it("fails on a missing issue (exit 4) with the service's message, not as a note already gone", async () => {
      const missing = await collab(['notes', 'delete', '999', '--project', PROJECT, '--issue', '99']);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr).toMatch(/^error: 404 Issue Not Found \(GET /);
      expect(missing.stderr).not.toMatch(/nothing to do/);
    });

    it('takes --diff-sha for merge request notes only', async () => {
      const sha = 'a'.repeat(40);
      const requests = sandbox.stats.requests;
      const onIssue = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '1',
        '--body',
        'x',
        '--diff-sha',
        sha,
      ]);
      expect(onIssue.exitCode).toBe(2);
      expect(onIssue.stderr).toMatch(
        /^error: --diff-sha applies to merge request notes only\nhint: .*--merge-request <iid>/,
      );
      const short = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--merge-request',
        '1',
        '--body',
        'x',
        '--diff-sha',
        'abc123',
      ]);
      expect(short.exitCode).toBe(2);
      expect(short.stderr).toMatch(/expected the full commit SHA/);
      expect(sandbox.stats.requests).toBe(requests);
      const dry = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--merge-request',
        '1',
        '--body',
        'LGTM',
        '--diff-sha',
        sha,
        '--dry-run',
      ]);
      expect(JSON.parse(dry.stdout.slice(dry.stdout.indexOf('\n') + 1))).toEqual({
        body: 'LGTM',
        merge_request_diff_sha: sha,
      });
      const sent = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--merge-request',
        '1',
        '--body',
        'LGTM at this SHA',
        '--diff-sha',
        sha,
      ]);
      expect(sent.exitCode).toBe(0);
    });
  });

  describe('--dry-run', () => {
    it('prints method, URL and JSON body for create, update and delete, and sends nothing', async () => {
      const notes = (await served(`${ISSUES}/1/notes`)).length;
      const requests = sandbox.stats.requests;
      const create = await collab([
        'notes',
        'create',
        '--project',
        PROJECT,
        '--issue',
        '1',
        '--body',
        'hello',
        '--confidential',
        '--created-at',
        '2021-01-01T00:00:00Z',
        '--dry-run',
      ]);
      expect(create.exitCode).toBe(0);
      expect(create.stdout).toBe(
        `POST ${sandbox.url}/api/v4/projects/acme%2Fweb%2Fstorefront/issues/1/notes\n${JSON.stringify({ body: 'hello', confidential: true, created_at: '2021-01-01T00:00:00Z' }, null, 2)}\n`,
      );
      expect(create.stderr).toBe('dry run: nothing was sent\n');
      const update = await collab([
        'notes',
        'update',
        '42',
        '--group',
        'acme',
        '--epic',
        String(acmeId()),
        '--body',
        'new text',
        '--dry-run',
      ]);
      expect(update.stdout).toBe(
        `PUT ${sandbox.url}/api/v4/groups/acme/epics/${acmeId()}/notes/42\n{\n  "body": "new text"\n}\n`,
      );
      const remove = await collab(['notes', 'delete', '42', '--project', '1', '--snippet', '1', '--dry-run']);
      expect(remove.stdout).toBe(`DELETE ${sandbox.url}/api/v4/projects/1/snippets/1/notes/42\n`);
      expect(sandbox.stats.requests).toBe(requests);
      expect(await served(`${ISSUES}/1/notes`)).toHaveLength(notes);
    });
  });

  describe('over many projects (--project -)', () => {
    it('creates the same note on issue 1 of each project read from standard input, the body read once', async () => {
      const projects: Array<{ id: number }> = await getJson('/projects?per_page=2&order_by=id&sort=asc');
      expect(projects).toHaveLength(2);
      const body = `Bulk note ${Math.random().toString(36).slice(2)}`;
      const file = join(mkdtempSync(join(tmpdir(), 'collab-notes-')), 'body.md');
      writeFileSync(file, `${body}\n`);
      const input = projects.map((p) => p.id).join('\n');
      const result = await collab(
        ['notes', 'create', '--project', '-', '--issue', '1', '--body-file', file, '-o', 'ndjson'],
        { input },
      );
      expect(result.stderr).not.toMatch(/error/);
      expect(result.exitCode).toBe(0);
      for (const project of projects) {
        expect((await served(`/projects/${project.id}/issues/1/notes`)).filter((n) => n.body === body)).toHaveLength(1);
      }
      const listed = await collab(['notes', 'list', '--project', '-', '--issue', '1', '--json'], { input });
      expect(listed.exitCode).toBe(0);
      expect(listed.stdout.split(body).length - 1).toBe(2);
    });
  });

  describe('the target', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--project', PROJECT], /^error: missing --issue, --merge-request or --snippet for --project\n/],
      [
        ['--project', PROJECT, '--issue', '1', '--merge-request', '1'],
        /^error: --issue and --merge-request cannot be used together/,
      ],
      [
        ['--project', PROJECT, '--issue', '1', '--snippet', '1', '--merge-request', '2'],
        /^error: --issue, --merge-request and --snippet cannot be used together/,
      ],
      [['--project', PROJECT, '--epic', '1'], /^error: --epic belongs to a group: use --group <g> --epic <id>/],
      [['--group', 'acme'], /^error: missing --epic <id> for --group\n/],
      [['--group', 'acme', '--issue', '1'], /^error: --issue belongs to a project, not to --group\n/],
      [
        ['--group', 'acme', '--project', PROJECT, '--epic', '1'],
        /^error: --project and --group cannot be used together\n/,
      ],
      [['--issue', '1'], /^error: --issue needs --project\n/],
      [['--epic', '1'], /^error: --epic needs --group\n/],
      [[], /^error: which notes\? missing the issue, merge request, snippet or epic\n/],
      [
        ['--project', PROJECT, '--issue', '0'],
        /^error: invalid value "0" for --issue: expected a whole number from 1\n/,
      ],
      [
        ['--project', '../etc', '--issue', '1'],
        /^error: invalid value "\.\.\/etc" for --project: expected a project ID or full path/,
      ],
    ];
    for (const [flags, message] of cases) {
      it(`refuses ${flags.join(' ') || 'no target'} before sending, naming the valid combinations`, async () => {
        const requests = sandbox.stats.requests;
        const result = await collab(['notes', 'list', ...flags]);
        expect(result.exitCode).toBe(2);
        expect(result.stderr).toMatch(message);
        if (!/invalid value/.test(message.source)) {
          expect(result.stderr).toContain(
            'hint: give --project <p> with one of --issue <iid>, --merge-request <iid> or --snippet <id>; or --group <g> with --epic <id>\n',
          );
        }
        expect(sandbox.stats.requests).toBe(requests);
      });
    }
  });
});

describe('collab notes create when answers are lost', () => {
  // A third of requests fail (500/502/503 or a dropped connection), before or after the service acts.
  // The retries' backoff (full jitter, up to seconds) on a virtual clock: jumped over, not slept.
  const { collab, sandbox } = useSandbox({ seed: 12, failRate: 0.3, faultSeed: 7, clock: virtualClock() });

  it('never creates a note twice: a lost answer is recovered by looking for the note', async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => `unreliable network note ${i}`);
    let recovered = 0;
    for (const body of bodies) {
      const result = await collab(
        ['notes', 'create', '--project', PROJECT, '--issue', '1', '--body', body, '--json', '--verbose'],
        { as: 'developer' },
      );
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.json<NoteJson>().body).toBe(body);
      if (/had taken effect; not sending it again/.test(result.stderr)) recovered++;
    }
    // Read back through collab, which retries a failed read: this sandbox fails raw calls too.
    const listed = await collab(
      ['notes', 'list', '--project', PROJECT, '--issue', '1', '--per-page', '100', '--json'],
      { as: 'developer' },
    );
    expect(listed.exitCode, listed.stderr).toBe(0);
    const served = listed.json<NoteJson[]>().map((n) => n.body);
    for (const body of bodies) expect(served.filter((b) => b === body)).toHaveLength(1);
    expect(sandbox.stats.faults).toBe(8);
    // With this fault seed at least one answer is lost after the note was made.
    expect(recovered).toBe(2);
  }, 120_000);
});

describe('the editor for note bodies', () => {
  it('opens the editor on a private temporary file and returns what was saved, without the final newline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-editor-'));
    const script = join(dir, 'fake-editor.mjs');
    // Appends to the file it is given, as a person would, and records the file's mode.
    writeFileSync(
      script,
      "import { appendFileSync, statSync, writeFileSync } from 'node:fs';\nconst file = process.argv[2];\nwriteFileSync(process.env.MODE_OUT, (statSync(file).mode & 0o777).toString(8));\nappendFileSync(file, ' and more from the editor\\n');\n",
    );
    chmodSync(script, 0o755);
    process.env.MODE_OUT = join(dir, 'mode');
    const text = await editText(`node ${script}`, 'current text');
    expect(text).toBe('current text and more from the editor');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(dir, 'mode'), 'utf8')).toBe('600');
    await expect(editText('node -e "process.exit(3)"', '')).rejects.toThrow(
      /the editor "node -e "process.exit\(3\)"" exited with status 3; nothing was sent/,
    );
  });
});

describe('collab notes view against a service that answers the snippet-like shape', () => {
  it('shows the object as given and says it is not a note', async () => {
    const { createServer } = await import('node:http');
    const { runMain, tempConfigDir } = await import('../helpers/cli.js');
    // The reference's single-read example for snippet notes: the snippet, with no body.
    const answer = {
      id: 52,
      title: 'Snippet',
      file_name: 'snippet.rb',
      author: { id: 1, username: 'root', name: 'Administrator' },
      expires_at: null,
      updated_at: '2013-10-02T07:34:20Z',
      created_at: '2013-10-02T07:34:20Z',
    };
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/api/v4/projects/5/snippets/52/notes/11' ? 200 : 404, {
        'content-type': 'application/json',
      });
      res.end(
        JSON.stringify(req.url === '/api/v4/projects/5/snippets/52/notes/11' ? answer : { message: '404 Not Found' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const dir = tempConfigDir();
      const result = await runMain(['notes', 'view', '11', '--project', '5', '--snippet', '52'], {
        PATH: process.env.PATH,
        HOME: dir,
        COLLAB_CONFIG_DIR: dir,
        COLLAB_HOST: `http://127.0.0.1:${port}`,
        COLLAB_TOKEN: 'glpat-test-token',
      });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe(
        'warning: the service answered with a summary of the snippet (no note body); showing it as given\n',
      );
      expect(result.stdout).toBe(
        'ID\t52\nTitle\tSnippet\nFile\tsnippet.rb\nAuthor\troot\nCreated\t2013-10-02T07:34:20Z\nUpdated\t2013-10-02T07:34:20Z\nExpires\t\n',
      );
    } finally {
      server.close();
    }
  });
});
