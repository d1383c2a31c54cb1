import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/text-width.js';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab plan: the diff on a terminal, the change lines for programs, the saved plan, the checks before any request. */
const world = useDesiredWorlds();

/** `${env:DEPLOY_TOKEN}`, as the file and the plan write it. */
const TEMPLATE = '$' + '{env:DEPLOY_TOKEN}';

const POLICY = `version: 1
projects:
  acme/web/storefront:
    settings:
      merge_method: ff
      description: The public web shop
    push_rule:
      max_file_size: 10
    hooks:
      - url: https://hooks.example.com/deploy
        token: \${env:DEPLOY_TOKEN}
        push_events: false
        tag_push_events: true
    shares:
      enforce: true
      items: []
`;

describe('collab plan', () => {
  it('prints the diff on a terminal, coloured, with the request count; exit 8 when there are changes', async () => {
    const { collab, file, call, idOf } = await world();
    const path = file(POLICY);
    expect(
      (
        await call('POST', '/projects/acme%2Fweb%2Fstorefront/share', {
          json: { group_id: await idOf('groups', 'initech'), group_access: 30 },
        })
      ).status,
    ).toBe(201);
    const env = { DEPLOY_TOKEN: 'deploy-secret-42' };
    const plain = await collab(['plan', '-f', path], { env, tty: true });
    expect(plain.exitCode).toBe(8);
    expect(plain.stdout).toBe(
      [
        '~ project acme/web/storefront',
        '    ~ merge_method: merge -> ff',
        '    + push_rule.max_file_size: 10',
        '    + hook https://hooks.example.com/deploy {"token":"' +
          TEMPLATE +
          '","push_events":false,"tag_push_events":true}',
        '    - share initech (destructive)',
        '',
        'section    add  change  remove',
        'settings     0       1       0',
        'push_rule    1       0       0',
        'hooks        1       0       0',
        'shares       0       0       1',
        '',
      ].join('\n'),
    );
    expect(plain.stderr).toBe(
      '4 changes on 1 target (2 to add, 1 to change, 1 to remove); 3 requests read 1 target (3.00 a target)\n',
    );
    const coloured = await collab(['plan', '-f', path], { env: { ...env, FORCE_COLOR: '1' }, tty: true });
    expect(coloured.stdout).toContain('\u001b[33m~\u001b[39m \u001b[1mproject acme/web/storefront\u001b[22m\n');
    expect(coloured.stdout).toContain('    \u001b[32m+\u001b[39m push_rule.max_file_size: 10\n');
    expect(coloured.stdout).toContain('    \u001b[31m-\u001b[39m share initech\u001b[31m (destructive)\u001b[39m\n');
    expect(plain.stdout + plain.stderr + coloured.stdout).not.toContain('deploy-secret-42');
  });

  it('a zero-width character in a name or a value is shown as its escape, not hidden beside the name without it', async () => {
    const { collab, file } = await world();
    const path = file(
      [
        'version: 1',
        'projects:',
        '  acme/web/storefront:',
        '    settings:',
        '      description: "shop\\u200b"',
        '    labels:',
        '      enforce: true',
        '      items:',
        '        - { name: "checkout\\u200b", color: "#f0ad4e" }',
        '',
      ].join('\n'),
    );
    const plan = await collab(['plan', '-f', path], { tty: true, env: { COLLAB_FORCE_TTY: '120' } });
    expect(plan.exitCode, plan.stderr).toBe(8);
    const lines = plan.stdout.replace(/\x1b\[\d+m/g, '').split('\n');
    expect(lines).toContain('    ~ description: The public web shop -> "shop\\u200b"');
    expect(lines).toContain('    + label "checkout\\u200b" {"name":"checkout\\u200b","color":"#f0ad4e"}');
    expect(lines).toContain('    - label checkout (destructive)');
  });

  it('-o ndjson: one change a line {target, kind, section, key, from, to, action}', async () => {
    const { collab, file } = await world();
    const path = file(POLICY);
    const result = await collab(['plan', '-f', path, '-o', 'ndjson'], { env: { DEPLOY_TOKEN: 'deploy-secret-42' } });
    expect(result.exitCode).toBe(8);
    expect(result.lines()).toEqual([
      {
        target: 'acme/web/storefront',
        kind: 'project',
        section: 'settings',
        key: 'merge_method',
        from: 'merge',
        to: 'ff',
        action: 'update',
      },
      {
        target: 'acme/web/storefront',
        kind: 'project',
        section: 'push_rule',
        key: 'max_file_size',
        from: null,
        to: 10,
        action: 'create',
      },
      {
        target: 'acme/web/storefront',
        kind: 'project',
        section: 'hooks',
        key: 'https://hooks.example.com/deploy',
        from: null,
        to: { url: 'https://hooks.example.com/deploy', token: TEMPLATE, push_events: false, tag_push_events: true },
        action: 'create',
      },
    ]);
  });

  it('topics listed in another order than the service keeps them plan no change', async () => {
    const { collab, file } = await world();
    const topics = (list: string) =>
      ['version: 1', 'projects:', '  acme/web/storefront:', '    settings:', `      topics: [${list}]`, ''].join('\n');
    expect((await collab(['apply', '-f', file(topics('web, shop')), '--yes'])).exitCode).toBe(0);
    const reordered = await collab(['plan', '-f', file(topics('shop, web'), 'reordered.yaml')]);
    expect([reordered.exitCode, reordered.stdout]).toEqual([0, expect.not.stringContaining('topics')]);
  });

  it('-o ndjson prints nothing and exits 0 when nothing differs', async () => {
    const { collab, file } = await world();
    const same = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: merge\n',
      'same.yaml',
    );
    const none = await collab(['plan', '-f', same, '-o', 'ndjson']);
    expect(none).toMatchObject({
      exitCode: 0,
      stdout: '',
      stderr: 'no changes; 1 request read 1 target (1.00 a target)\n',
    });
  });

  it('--out saves the plan with host, digest and the live values each change was computed from, and never a secret', async () => {
    const { collab, file, dir, sandbox, idOf } = await world();
    const path = file(POLICY);
    const out = join(dir, 'plan.json');
    const result = await collab(['plan', '-f', path, '--out', out], { env: { DEPLOY_TOKEN: 'deploy-secret-42' } });
    expect(result.exitCode).toBe(8);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('deploy-secret-42');
    const plan = JSON.parse(text);
    expect(plan).toMatchObject({
      format: 'collab-plan',
      version: 2,
      host: sandbox.url,
      file: { path, digest: expect.stringMatching(/^[0-9a-f]{64}$/) },
      reads: 3,
      targets: 1,
    });
    const id = await idOf('projects', 'acme/web/storefront');
    expect(plan.changes[0]).toMatchObject({
      id: 'project:acme/web/storefront settings merge_method',
      address: { kind: 'project', path: 'acme/web/storefront', section: 'settings', key: 'merge_method' },
      action: 'update',
      before: 'merge',
      after: 'ff',
      live: { merge_method: 'merge' },
      destructive: false,
      request: { op: 'update', kind: 'project', ref: id, body: { merge_method: 'ff' }, batch: 'update' },
      sends: `PUT /projects/${id}`,
    });
    expect(plan.changes[2].request.body.token).toBe(TEMPLATE);
  });

  // A key at the wrong level: where it belongs, at the key's line and column.
  it.each([
    [
      'a setting beside settings:',
      'version: 1\nprojects:\n  acme/web/storefront:\n    description: the shop\n',
      '4:5: unknown key description in projects["acme/web/storefront"]; it is a setting: put it under settings:',
    ],
    [
      'enforce: beside hooks:',
      'version: 1\nprojects:\n  acme/web/storefront:\n    enforce: true\n    hooks:\n      - url: https://hooks.example.com/deploy\n',
      '4:5: unknown key enforce in projects["acme/web/storefront"]; it belongs in a list section: write hooks: as {enforce: true, items: [...]}',
    ],
    [
      'items: in a hook',
      'version: 1\nprojects:\n  acme/web/storefront:\n    hooks:\n      - url: https://hooks.example.com/deploy\n        items: []\n',
      `6:9: unknown key items in projects["acme/web/storefront"].hooks[0]; it is the list's, not an item's: write hooks: as {enforce: true, items: [...]}`,
    ],
  ])('%s is refused before any request, saying where it belongs, exit 2', async (_case, text, problem) => {
    const { collab, file, sandbox } = await world();
    const path = file(text);
    sandbox.resetStats();
    const result = await collab(['plan', '-f', path]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `${path}:${problem}\nerror: a problem in ${path}; nothing was sent\nhint: fix the file (\`collab apply --schema\` prints its JSON Schema, for editors)\n`,
    );
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a missing -f file says no such file, with the hint to give one, exit 2 before any request', async () => {
    const { collab, dir, sandbox } = await world();
    const missing = join(dir, 'absent.yaml');
    sandbox.resetStats();
    const result = await collab(['plan', '-f', missing]);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${missing}: no such file\nhint: give the desired-state file with -f <file> (default collab.yaml)\n`,
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a directory as -f says it is a directory, with a hint, exit 2 before any request', async () => {
    const { collab, dir, sandbox } = await world();
    sandbox.resetStats();
    const result = await collab(['plan', '-f', dir]);
    expect([result.exitCode, result.stderr]).toEqual([
      2,
      `error: cannot read ${dir}: it is a directory\nhint: give the path of a file in it\n`,
    ]);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('checks the whole file before any request: every problem with its line and column, exit 2', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_methd: ff\n    hooks:\n      - url: https://x.example.com\n        token: plain-text-token\n    archived: "yes"\n',
    );
    sandbox.resetStats();
    const result = await collab(['plan', '-f', path]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `${path}:5:7: unknown key merge_methd in projects["acme/web/storefront"].settings; did you mean merge_method?\n`,
    );
    const verbose = await collab(['plan', '-f', path, '--verbose']);
    expect(verbose.stderr).toContain(
      `${path}:5:7: unknown key merge_methd in projects["acme/web/storefront"].settings; did you mean merge_method? (allowed: name, path, `,
    );
    expect(result.stderr).toContain(
      `${path}:8:16: a hook token is a secret: give it as \${env:NAME} or \${file:path}, never in the file\n`,
    );
    expect(result.stderr).toContain(
      `${path}:9:15: projects["acme/web/storefront"].archived: expected true or false, got "yes"\n`,
    );
    const unset = await collab([
      'plan',
      '-f',
      file(
        'version: 1\nprojects:\n  a/b:\n    variables:\n      - key: COMPARED\n        value: $' +
          '{env:NOT_SET_HERE}\n',
        'unset.yaml',
      ),
    ]);
    expect(unset.exitCode).toBe(2);
    expect(unset.stderr).toContain('unset.yaml:6:16: environment variable NOT_SET_HERE is not set');
    expect(sandbox.requestLog).toEqual([]);
  });

  /** A change's lines in a plan on a terminal (the one line starting `prefix`, then those under it), without their indentation. */
  const changeLines = (stdout: string, prefix: string): string[] => {
    const lines = stdout.split('\n');
    const first = lines.findIndex((line) => line.startsWith(prefix));
    const rest = lines.slice(first + 1);
    const end = rest.findIndex((line) => !line.startsWith('      '));
    return [(lines[first] as string).slice(6), ...rest.slice(0, end).map((line) => line.slice(6))];
  };
  const fits = (stdout: string, columns: number) => stdout.split('\n').filter((line) => displayWidth(line) > columns);

  it('a 2,000-character description from the file shows whole at a 60-column terminal, wrapped between words', async () => {
    const { collab, file } = await world();
    const long = Array.from({ length: 400 }, (_, i) => `w${String(i).padStart(3, '0')}`).join(' ');
    expect(long).toHaveLength(1_999);
    const path = file(`version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      description: ${long}\n`);
    const plan = await collab(['plan', '-f', path], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
    expect(plan.exitCode).toBe(8);
    expect(fits(plan.stdout, 60)).toEqual([]);
    expect(plan.stdout).not.toContain('…');
    const lines = changeLines(plan.stdout, '    ~ description:');
    expect(lines).toHaveLength(38);
    expect(lines.join(' ')).toBe(`description: The public web shop -> ${long}`);
  });

  it('a target whose path is longer than a 60-column terminal shows whole, wrapped at its slashes', async () => {
    const { collab, file } = await world();
    const path = `acme/web/${'nested-'.repeat(12)}storefront-one`;
    const yaml = file(`version: 1\nprojects:\n  ${path}:\n    create: true\n    settings:\n      description: new\n`);
    const plan = await collab(['plan', '-f', yaml], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(fits(plan.stdout, 60)).toEqual([]);
    const lines = plan.stdout.split('\n');
    const end = lines.findIndex((line) => line.startsWith('    +'));
    expect(lines[0]?.startsWith('+ project acme/web/')).toBe(true);
    expect(lines.slice(1, end).every((line) => line.startsWith('  '))).toBe(true);
    expect(
      lines
        .slice(0, end)
        .map((line) => line.slice(2))
        .join(''),
    ).toBe(`project ${path}`);
  });

  it('a variable holding a long list of usernames shows whole at 60 columns, broken after its commas', async () => {
    const { collab, file } = await world();
    const users = Array.from({ length: 120 }, (_, i) => `user${i}`).join(',');
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    variables:\n      - key: USERS\n        value: ${users}\n`,
    );
    const plan = await collab(['plan', '-f', path], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
    expect(plan.exitCode).toBe(8);
    expect(fits(plan.stdout, 60)).toEqual([]);
    const lines = changeLines(plan.stdout, '    + variable USERS');
    // The members that fit go on the change's first line, the long value after it.
    expect(lines[0]).toBe('variable USERS {"key":"USERS","environment_scope":"*",');
    expect(lines.every((line) => line.endsWith(',') || line === lines.at(-1))).toBe(true);
    const json = lines.join('').slice('variable USERS '.length);
    expect(JSON.parse(json)).toEqual({ key: 'USERS', environment_scope: '*', value: users });
  });

  it('a huge description read from the service is cut on a terminal, saying how much and where it is whole', async () => {
    const { collab, file, call } = await world();
    const live = `${'live '.repeat(2_000)}end`;
    const put = await call('PUT', '/projects/acme%2Fweb%2Fstorefront', { json: { description: live } });
    expect(put.status).toBe(200);
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      description: short and new\n',
    );
    const plan = await collab(['plan', '-f', path], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
    expect(plan.exitCode).toBe(8);
    expect(fits(plan.stdout, 60)).toEqual([]);
    const lines = changeLines(plan.stdout, '    ~ description:');
    // 4,000 cells of it (3,999 and `…`), then what the file says, whole; 10,003 - 3,999 left out.
    expect(lines.slice(0, -2).join(' ')).toBe(`description: ${live.slice(0, 3_999)}… -> short and new`);
    expect(lines.slice(-2).join(' ')).toBe(
      "(the service's value goes on for 6,004 more characters after …; collab plan -o json shows it whole)",
    );
    const json = await collab(['plan', '-f', path, '-o', 'json'], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
    expect(json.json<{ changes: Array<{ before: string }> }>().changes[0]?.before).toBe(live);
    // In a pipe the change is one line, whole.
    const piped = await collab(['plan', '-f', path]);
    expect(piped.stdout).toContain(`    ~ description: ${live} -> short and new\n`);
  });

  it('on a terminal a long change wraps under its text, the whole value shown; -o markdown is for plan alone', async () => {
    const { collab, file, sandbox } = await world();
    const long = 'The public web shop, with a description far longer than a narrow terminal';
    const path = file(`version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      description: ${long}\n`);
    const narrow = await collab(['plan', '-f', path], { tty: true, env: { COLLAB_FORCE_TTY: '50' } });
    expect(narrow.exitCode).toBe(8);
    expect(narrow.stdout).toBe(
      [
        '~ project acme/web/storefront',
        '    ~ description: The public web shop -> The',
        '      public web shop, with a description far',
        '      longer than a narrow terminal',
        '',
        'section   add  change  remove',
        'settings    0       1       0',
        '',
      ].join('\n'),
    );
    const json = await collab(['plan', '-f', path, '-o', 'json'], { tty: true, env: { COLLAB_FORCE_TTY: '50' } });
    expect(json.json<{ changes: Array<{ after: string }> }>().changes[0]?.after).toBe(long);
    sandbox.resetStats();
    const refused = await collab(['projects', 'list', '-o', 'markdown']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      'error: -o markdown is a document of a plan: list does not write one\nhint: use -o table, json, ndjson or csv\n',
    );
    expect(sandbox.requestLog).toEqual([]);
  });
});
