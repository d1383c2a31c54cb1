import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runMain, tempConfigDir } from '../helpers/cli.js';

/**
 * What a view prints when the service (an older or stripped-down one, or a proxy) answers a
 * single resource with optional fields missing or null: empty values, never "undefined", "null"
 * or a crash; and a single read answered with something other than one object is refused.
 * A raw node:http server answers every request with the body a test sets.
 */

let server: Server;
let origin: string;
let body = '{"id":1}';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs collab against the raw server answering `answer`; `tty` makes stdout a terminal (the label/value summary). */
async function against(answer: unknown, args: string[], tty = true): Promise<CliResult> {
  body = typeof answer === 'string' ? answer : JSON.stringify(answer);
  seen.length = 0;
  const dir = tempConfigDir();
  return runMain(
    args,
    {
      PATH: process.env.PATH,
      HOME: dir,
      COLLAB_CONFIG_DIR: dir,
      COLLAB_HOST: origin,
      COLLAB_TOKEN: 'glpat-raw-server-token',
    },
    { tty },
  );
}

/** Exit 0, the summary printed, nothing on stdout or stderr that betrays a missing field. */
function expectClean(result: CliResult): void {
  expect(result.stderr).not.toMatch(/TypeError|Cannot read|this is a bug|^error:/m);
  expect(result.exitCode).toBe(0);
  expect(result.stdout).not.toMatch(/undefined|\bnull\b|NaN|\[object Object\]/);
}

/** The value printed beside a label of the summary. */
function shownFor(result: CliResult, label: string): string | undefined {
  const line = result.stdout.split('\n').find((l) => l.startsWith(`${label}  `));
  return line?.slice(label.length).trim();
}

const VIEWS: Array<[string, string[], string]> = [
  ['projects view', ['projects', 'view', '7'], 'GET /api/v4/projects/7'],
  ['groups view', ['groups', 'view', 'acme'], 'GET /api/v4/groups/acme?with_projects=false'],
  [
    'groups view --with-projects',
    ['groups', 'view', 'acme', '--with-projects'],
    'GET /api/v4/groups/acme?with_projects=true',
  ],
  [
    'notes view (issue)',
    ['notes', 'view', '5', '--project', '7', '--issue', '1'],
    'GET /api/v4/projects/7/issues/1/notes/5',
  ],
  ['notes view (epic)', ['notes', 'view', '5', '--group', 'g', '--epic', '1'], 'GET /api/v4/groups/g/epics/1/notes/5'],
  ['hooks view (project)', ['hooks', 'view', '3', '--project', '7'], 'GET /api/v4/projects/7/hooks/3'],
  ['hooks view (group)', ['hooks', 'view', '3', '--group', 'g'], 'GET /api/v4/groups/g/hooks/3'],
  ['push-rule view (project)', ['push-rule', 'view', '--project', '7'], 'GET /api/v4/projects/7/push_rule'],
  ['push-rule view (group)', ['push-rule', 'view', '--group', 'g'], 'GET /api/v4/groups/g/push_rule'],
];

describe('a view of an object with only an id', () => {
  it.each(VIEWS)('%s prints a summary with empty values', async (_name, args, request) => {
    const result = await against({ id: 1 }, args);
    expectClean(result);
    expect(seen[0]).toBe(request);
    expect(shownFor(result, 'ID')).toBe('1');
  });

  it.each(VIEWS)('%s --json prints the object as it came', async (_name, args) => {
    const result = await against({ id: 1 }, [...args, '--json'], false);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 1 });
  });

  it('share list of a project or group with no shared_with_groups lists nothing', async () => {
    for (const owner of [
      ['--project', '7'],
      ['--group', 'g'],
    ]) {
      const result = await against({ id: 1 }, ['share', 'list', ...owner, '--json'], false);
      expect(result.exitCode).toBe(0);
      expect(result.json()).toEqual([]);
    }
  });
});

describe('a view of an object whose optional fields are null or partial', () => {
  const everyFieldNull = Object.fromEntries(
    [
      'name',
      'path',
      'path_with_namespace',
      'full_path',
      'description',
      'visibility',
      'default_branch',
      'web_url',
      'star_count',
      'forks_count',
      'topics',
      'created_at',
      'last_activity_at',
      'namespace',
      'parent_id',
      'marked_for_deletion_on',
      'shared_with_groups',
      'author',
      'url',
      'push_events_branch_filter',
      'enable_ssl_verification',
      'title',
      'file_name',
      'updated_at',
      'expires_at',
      'archived',
      'confidential',
      'system',
      'projects',
      'shared_projects',
    ].map((key) => [key, null]),
  );

  it.each(VIEWS)('%s with every field null', async (_name, args) => {
    const result = await against({ id: 1, ...everyFieldNull }, args);
    expectClean(result);
    expect(shownFor(result, 'ID')).toBe('1');
  });

  it('groups view of a subgroup without full_path names the parent by id, not a crash', async () => {
    const result = await against({ id: 1, parent_id: 5 }, ['groups', 'view', 'acme']);
    expectClean(result);
    expect(shownFor(result, 'Parent')).toBe('(id 5)');
  });

  it('groups view of a group marked for deletion without full_path points restore at its id', async () => {
    const result = await against({ id: 1, marked_for_deletion_on: '2026-12-01' }, ['groups', 'view', 'acme']);
    expectClean(result);
    expect(shownFor(result, 'Marked for deletion')).toBe(
      'on 2026-12-01, to be removed on 2026-12-08 (undo with `collab groups restore 1`)',
    );
  });

  it('groups view shows partial and null shares by what they have', async () => {
    const result = await against(
      {
        id: 1,
        shared_with_groups: [null, { group_id: 3 }, { group_full_path: 'ops', group_access_level: 30 }],
        projects: [null, { id: 9 }],
      },
      ['groups', 'view', 'acme', '--with-projects'],
    );
    expectClean(result);
    expect(shownFor(result, 'Shared with groups')).toBe('group 3, ops (developer)');
    expect(shownFor(result, 'Projects')).toBe('project 9');
  });

  it('projects view shows custom attributes with missing parts as empty', async () => {
    const result = await against({ id: 1, custom_attributes: [null, {}, { key: 'team', value: 'ops' }] }, [
      'projects',
      'view',
      '7',
    ]);
    expectClean(result);
    expect(shownFor(result, 'Custom attributes')).toBe('=, team=ops');
  });

  it('share list leaves out entries that are not objects', async () => {
    const result = await against(
      { id: 1, shared_with_groups: [null, { group_id: 3 }] },
      ['share', 'list', '--group', 'g', '--json'],
      false,
    );
    expect(result.exitCode).toBe(0);
    expect(result.json()).toEqual([{ group_id: 3 }]);
  });

  it('notes view of a note without author or dates prints them empty', async () => {
    const result = await against({ id: 1, body: 'hello' }, ['notes', 'view', '5', '--project', '7', '--issue', '1']);
    expectClean(result);
    expect(shownFor(result, 'Body')).toBe('hello');
    expect(shownFor(result, 'Author')).toBe('');
  });
});

describe('single reads refuse anything but one object', () => {
  const list = [{ id: 1 }, { id: 2 }];
  const cases: Array<[string, string[], string]> = [
    ['hooks view', ['hooks', 'view', '3', '--project', '7'], '/projects/7/hooks/3'],
    ['notes view', ['notes', 'view', '5', '--project', '7', '--issue', '1'], '/projects/7/issues/1/notes/5'],
    ['push-rule view (project)', ['push-rule', 'view', '--project', '7'], '/projects/7/push_rule'],
    ['push-rule view (group)', ['push-rule', 'view', '--group', 'g'], '/groups/g/push_rule'],
    ['share list (project)', ['share', 'list', '--project', '7'], '/projects/7'],
    ['share list (group)', ['share', 'list', '--group', 'g'], '/groups/g?with_projects=false'],
    ['groups view', ['groups', 'view', 'acme'], '/groups/acme?with_projects=false'],
  ];

  it.each(cases)('%s answered with a list: exit 1, naming the URL', async (_name, args, path) => {
    const result = await against(list, [...args, '--json'], false);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: malformed response from GET ${origin}/api/v4${path}: a JSON array where ${args[0] === 'push-rule' && args[3] === '7' ? 'a JSON object or null' : 'a JSON object'} was expected\n`,
    );
  });

  it('a project without a push rule (200 null) is still "no push rule"', async () => {
    const json = await against('null', ['push-rule', 'view', '--project', '7', '--json'], false);
    expect(json.exitCode).toBe(0);
    expect(json.stdout).toBe('null\n');
    const people = await against('null', ['push-rule', 'view', '--project', '7']);
    expect(people.exitCode).toBe(0);
    expect(people.stdout).toBe('');
    expect(people.stderr).toBe('no push rule on project 7\n');
  });

  it('a group push rule answered with null is malformed (a group without one answers 404)', async () => {
    const result = await against('null', ['push-rule', 'view', '--group', 'g']);
    expect(result.exitCode).toBe(1);
    // On the terminal the line wraps where the port's length puts it: read it back as one.
    expect(result.stderr.replace(/\n {2}/g, ' ')).toBe(
      `error: malformed response from GET ${origin}/api/v4/groups/g/push_rule: a null where a JSON object was expected\n`,
    );
  });
});
