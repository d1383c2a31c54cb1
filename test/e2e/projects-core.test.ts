import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/sandbox/model.js';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';
import { manualClock, virtualClock } from '../helpers/clock.js';

/**
 * `collab projects` list, view, create, update, delete, restore, archive, unarchive, star,
 * unstar and transfer, run against the sandbox: exit codes, output, and the state afterwards as
 * the service shows it (the store only for what no endpoint shows, each said where).
 */

// biome-ignore lint/suspicious/noExplicitAny: printed projects are JSON, read loosely by the assertions
type Item = Record<string, any>;

describe('collab projects (core verbs)', () => {
  const { collab, sandbox, call, get, getJson, idOf } = useSandbox({ seed: 30 });
  /** Whether the service lists dana among a project's starrers. */
  const danaStarred = async (id: number) =>
    ((await get(`/projects/${id}/starrers?per_page=100`)).body as Array<{ user: { username: string } }>).some(
      (s) => s.user.username === 'dana',
    );
  /** A project made through the API, as a test's own set-up (each test starts from the seed). */
  it('names where to find a namespace given to --namespace that does not exist', async () => {
    const result = await collab(['projects', 'create', '--name', 'x', '--namespace', 'acme/nosuch']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(
      'error: namespace acme/nosuch not found (given to --namespace)\n' +
        "hint: a namespace is a group's full path or a username; find a group with `collab groups list --search nosuch`, a user with `collab users list --search nosuch`\n",
    );
  });

  const made = async (name: string, namespace: string) => {
    expect(
      (await call('POST', '/projects', { json: { name, namespace_id: await idOf('groups', namespace) } })).status,
    ).toBe(201);
  };
  /** A project as the service shows it to an administrator. */
  const find = (ref: string | number): Promise<Item> => getJson(`/projects/${encodeURIComponent(ref)}`);
  /** Whether the service knows no such project (404). */
  const missing = async (ref: string) => (await get(`/projects/${encodeURIComponent(ref)}`)).status === 404;
  /** Every project an administrator lists, by id (one page of 100 holds the seed's 30 and a test's own). */
  const everyProject = async (): Promise<Item[]> => {
    const all: Item[] = await getJson('/projects?per_page=100&order_by=id&sort=asc');
    expect(all.length).toBeLessThan(100);
    return all;
  };
  /** A fingerprint of everything a mutation could change: every project as an administrator reads it (paths, settings, archive and deletion marks, avatar, star count). */
  const snapshot = async () => JSON.stringify(await everyProject());
  const requests = () => sandbox.stats.requests;
  const files = tempConfigDir();

  describe('list', () => {
    it('prints id, path, visibility, stars and last activity, newest first, as plain text in a pipe with the service values', async () => {
      const result = await collab(['projects', 'list']);
      expect(result.exitCode).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(20);
      // The seed creates projects in id order: the newest are the highest ids.
      const newest = (await everyProject()).slice(-20).reverse();
      lines.forEach((line, index) => {
        const project = newest[index] as Item;
        expect(line.split('\t')).toEqual([
          String(project.id),
          project.path_with_namespace,
          project.visibility,
          expect.stringMatching(/^\d+$/),
          expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        ]);
      });
      expect(result.stdout).not.toMatch(/[│┌]/);
    });

    it('draws a table with a header on a terminal', async () => {
      const result = await collab(['projects', 'list', '--limit', '3'], { tty: true });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/│ ID +│ PATH +│ VISIBILITY +│ STARS +│ LAST ACTIVITY +│/);
      expect(result.stdout).toMatch(/┌/);
      expect(result.stdout.split('\n').filter((line) => /│ \d+ +│/.test(line))).toHaveLength(3);
    });

    it('prints json, ndjson and csv', async () => {
      const json = await collab(['projects', 'list', '--limit', '5', '--json']);
      const items = json.json<Item[]>();
      expect(items.map((p) => p.id)).toEqual(
        (await everyProject())
          .slice(-5)
          .map((p) => p.id)
          .reverse(),
      );
      // The caller owns the group that holds the project, and is no member of the project itself.
      expect(items[0]?.permissions).toEqual({
        project_access: null,
        group_access: { access_level: 50, notification_level: 3 },
      });
      const ndjson = await collab(['projects', 'list', '--limit', '5', '-o', 'ndjson']);
      expect(ndjson.lines<Item>().map((p) => p.id)).toEqual(items.map((p) => p.id));
      // csv: a column per field of the service's objects, values as sent, nested values as JSON text.
      const csv = await collab(['projects', 'list', '--limit', '2', '-o', 'csv']);
      const rows = csv.stdout.trimEnd().split('\r\n');
      expect(rows[0]?.split(',')).toEqual(Object.keys(items[0] ?? {}));
      expect(rows).toHaveLength(3);
      expect(rows[1]).toContain(`,${items[0]?.last_activity_at},`);
      expect(rows[1]).toContain(`"${JSON.stringify(items[0]?.namespace).replace(/"/g, '""')}"`);
      const fields = await collab([
        'projects',
        'list',
        '--limit',
        '2',
        '--fields',
        'id,namespace.full_path',
        '-o',
        'ndjson',
      ]);
      expect(Object.keys(fields.lines<Item>()[0] ?? {})).toEqual(['id', 'namespace']);
    });

    it('sends every filter as the service names it', async () => {
      const result = await collab(
        [
          'projects',
          'list',
          '--visibility',
          'public',
          '--no-archived',
          '--topic',
          'api,web',
          '--min-access-level',
          'developer',
          '--order-by',
          'name',
          '--sort',
          'asc',
          '--search',
          'atlas',
          '--search-namespaces',
          '--last-activity-after',
          '2021-01-01T00:00:00Z',
          '--id-after',
          '1',
          '--with-issues-enabled',
          '--with-merge-requests-enabled',
          '--with-programming-language',
          'Go',
          '--statistics',
          '--custom-attribute',
          'tier=gold',
          '--custom-attribute',
          'team=x',
        ],
        { as: 'developer' },
      );
      expect(result.exitCode).toBe(0);
      // What the service was asked (a --verbose line is cut as any stderr line: this one is long).
      expect(sandbox.requestLog.map((entry) => entry.path)).toContain(
        `/api/v4/projects?archived=false&id_after=1&last_activity_after=2021-01-01T00%3A00%3A00Z&min_access_level=30&order_by=name&search_namespaces=true&search=atlas&sort=asc&statistics=true&topic=api%2Cweb&visibility=public&with_issues_enabled=true&with_merge_requests_enabled=true&with_programming_language=Go&custom_attributes[tier]=gold&custom_attributes[team]=x&per_page=20&page=1`,
      );
    });

    it('filters as the service does', async () => {
      const publicOnly = await collab(['projects', 'list', '--visibility', 'public', '--all', '--json']);
      const expected = (await everyProject())
        .filter((p) => p.visibility === 'public')
        .map((p) => p.id)
        .sort((a, b) => a - b);
      expect(
        publicOnly
          .json<Item[]>()
          .map((p) => p.id)
          .sort((a, b) => a - b),
      ).toEqual(expected);
      const owned = await collab(['projects', 'list', '--owned', '-o', 'ndjson'], { as: 'developer' });
      expect(owned.lines<Item>()).toHaveLength(3);
      expect(owned.lines<Item>().every((p) => p.namespace.full_path === 'dana')).toBe(true);
      const topics = await collab(['projects', 'list', '--topic', 'api', '--all', '-o', 'ndjson']);
      expect(topics.lines<Item>().every((p) => p.topics.includes('api'))).toBe(true);
      expect(topics.lines<Item>()).toHaveLength((await everyProject()).filter((p) => p.topics.includes('api')).length);
      const simple = await collab(['projects', 'list', '--simple', '--limit', '1', '--json']);
      expect(simple.json<Item[]>()[0]?.visibility).toBeUndefined();
    });

    it("lists a user's projects and a user's starred projects", async () => {
      const own = await collab(['projects', 'list', '--user', 'olivia', '--all', '-o', 'ndjson']);
      expect(own.exitCode).toBe(0);
      expect(own.lines<Item>().map((p) => p.id)).toEqual(
        (await everyProject())
          .filter((p) => p.namespace.full_path === 'olivia')
          .map((p) => p.id)
          .reverse(),
      );
      expect((await collab(['projects', 'star', 'globex/handbook'], { as: 'reporter' })).exitCode).toBe(0);
      const starred = await collab(['projects', 'list', '--starred-by', 'rui', '-o', 'ndjson']);
      expect(starred.lines<Item>().map((p) => p.path_with_namespace)).toEqual(['globex/handbook']);
    });

    it('refuses what the chosen endpoint does not take, sending nothing', async () => {
      const before = requests();
      const topic = await collab(['projects', 'list', '--user', 'olivia', '--topic', 'api']);
      expect(topic.exitCode).toBe(2);
      expect(topic.stderr).toMatch(
        /^error: --topic cannot be used with --user: GET \/users\/:user_id\/projects does not take it\nhint: filters of GET \/users\/:user_id\/projects: --archived, /,
      );
      const idAfter = await collab(['projects', 'list', '--starred-by', 'rui', '--id-after', '3']);
      expect(idAfter.exitCode).toBe(2);
      expect(idAfter.stderr).toContain('--id-after cannot be used with --starred-by');
      const both = await collab(['projects', 'list', '--user', 'olivia', '--starred-by', 'rui']);
      expect(both.exitCode).toBe(2);
      const similarity = await collab(['projects', 'list', '--order-by', 'similarity']);
      expect(similarity.stderr).toContain('--order-by similarity needs --search');
      const level = await collab(['projects', 'list', '--min-access-level', 'boss']);
      expect(level.exitCode).toBe(2);
      expect(level.stderr).toMatch(/boss/);
      expect(requests()).toBe(before);
    });

    it('says 404 for an unknown user', async () => {
      const result = await collab(['projects', 'list', '--user', 'nobody']);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(/^error: 404 User Not Found \(GET \/users\/nobody\/projects/);
    });
  });

  describe('view', () => {
    it('shows a summary on a terminal', async () => {
      const result = await collab(['projects', 'view', 'acme/web/storefront'], { tty: true });
      expect(result.exitCode).toBe(0);
      for (const label of [
        'Name',
        'Path',
        'Visibility',
        'Default branch',
        'Web URL',
        'Clone (SSH)',
        'Stars',
        'Forks',
        'Topics',
        'Archived',
        'Import status',
        'Marked for deletion',
      ]) {
        expect(result.stdout).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')} +\\S`, 'm'));
      }
      expect(result.stdout).toMatch(/^Path +acme\/web\/storefront$/m);
      expect(result.stdout).toMatch(/^Visibility +public$/m);
    });

    it('says (none) on a terminal for a project without topics, and leaves the cell empty in a pipe', async () => {
      const made = await collab(['projects', 'create', '--name', 'no-topics', '--json']);
      expect(made.exitCode, made.stderr).toBe(0);
      const path = made.json<Item>().path_with_namespace as string;
      const shown = await collab(['projects', 'view', path], { tty: true });
      expect(shown.stdout).toMatch(/^Topics +\(none\)$/m);
      const piped = await collab(['projects', 'view', path]);
      expect(piped.stdout).toMatch(/^Topics\t$/m);
    });

    it('on 60 columns a URL too long to stand beside its label goes whole on a line below it', async () => {
      const result = await collab(['projects', 'view', 'acme/web/storefront'], {
        tty: true,
        env: { COLLAB_FORCE_TTY: '60' },
      });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain(`\nWeb URL\n    ${sandbox.url}/acme/web/storefront\n`);
      expect(result.stdout).toContain(`\nClone (HTTP)\n    ${sandbox.url}/acme/web/storefront.git\n`);
      // One that fits beside its label stays there.
      expect(result.stdout).toMatch(/^Clone \(SSH\) +git@\S+:acme\/web\/storefront\.git$/m);
    });

    it('prints label and value separated by a tab in a pipe, and the full object with -o json', async () => {
      const piped = await collab(['projects', 'view', '1']);
      expect(piped.stdout).toMatch(/^Path\tacme\/web\/storefront$/m);
      const json = await collab([
        'projects',
        'view',
        '1',
        '--json',
        '--statistics',
        '--license',
        '--with-custom-attributes',
      ]);
      const project = json.json<Item>();
      expect(project.id).toBe(1);
      // As in the list: an owner of acme, no member of the project itself.
      expect(project.permissions).toEqual({
        project_access: null,
        group_access: { access_level: 50, notification_level: 3 },
      });
      expect(project.license.key).toBe('mit');
      expect(project.statistics.commit_count).toBeTypeOf('number');
      expect(project.custom_attributes).toEqual([{ key: 'tier', value: 'gold' }]);
      // json carries the runners registration token as the service sent it; human views never show it.
      const token = `GR1348941sandbox${(1).toString(16).padStart(8, '0')}`;
      expect(project.runners_token).toBe(token);
      for (const run of [{}, { tty: true }]) {
        const human = await collab(['projects', 'view', '1', '--verbose'], run);
        expect(human.stdout + human.stderr).not.toContain(token);
        const picked = await collab(
          ['projects', 'list', '--limit', '1', '--fields', 'id,runners_token', '--verbose'],
          run,
        );
        expect(picked.stdout + picked.stderr).not.toContain('GR1348941sandbox');
      }
      const detail = await collab(['projects', 'view', '1', '--statistics', '--license']);
      expect(detail.stdout).toMatch(/^License\tMIT License$/m);
      expect(detail.stdout).toMatch(/^Storage\t\d+$/m);
      const terminal = await collab(['projects', 'view', '1', '--statistics'], { tty: true });
      expect(terminal.stdout).toMatch(/^Storage +[\d.]+ (B|KiB|MiB)$/m);
      const csv = await collab(['projects', 'view', '1', '-o', 'csv']);
      expect(csv.stdout).toMatch(/^id,description,name,/);
      expect(csv.stdout.split('\r\n')[0]?.split(',')).toEqual(
        Object.keys(project).filter((key) => !['statistics', 'license', 'custom_attributes'].includes(key)),
      );
    });

    it('shows the fork source and import status of a fork', async () => {
      // Set-up through the store: no endpoint makes a fork whose import failed. (Reaching into the
      // store marks its cached views stale, and has the next test start from a newly seeded one.)
      const source = sandbox.store.findProject('acme/web/storefront') as Project;
      const fork = sandbox.store.findProject('olivia/quiet-atlas-16') as Project;
      fork.import = { status: 'failed', error: 'could not copy', startedAt: 0, durationMs: 0, willFail: true };
      sandbox.store.setForkedFrom(fork, source.id);
      const result = await collab(['projects', 'view', 'olivia/quiet-atlas-16']);
      expect(result.stdout).toMatch(/^Forked from\tacme\/web\/storefront$/m);
      expect(result.stdout).toMatch(/^Import status\tfailed$/m);
      expect(result.stdout).toMatch(/^Import error\tcould not copy$/m);
    });

    it('exits 4 for a project that does not exist or that the caller may not see', async () => {
      const missing = await collab(['projects', 'view', 'grp/nope']);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr).toBe(
        'error: 404 Project Not Found (GET /projects/grp/nope)\nhint: no project with that path or ID, or not one this token can see: check it (`collab projects list --search <name>`)\n',
      );
      const hidden = await collab(['projects', 'view', 'initech/tps-reports'], { as: 'developer' });
      expect(hidden.exitCode).toBe(4);
    });

    it('refuses a malformed reference before sending', async () => {
      const result = await collab(['projects', 'view', '../etc']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/invalid value "..\/etc" for <project>/);
    });
  });

  describe('create', () => {
    it('creates a project with settings from flags, in a namespace given by path', async () => {
      const result = await collab([
        'projects',
        'create',
        '--name',
        'Billing API',
        '--namespace-id',
        'acme/platform',
        '--visibility',
        'internal',
        '--topics',
        'billing,api',
        '--merge-method',
        'ff',
        '--squash-option',
        'default_on',
        '--no-lfs-enabled',
        '--container-expiration-policy',
        'cadence=7d,keep_n=5,enabled=true',
        '--initialize-with-readme',
        '--default-branch',
        'trunk',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toMatch(/^created project acme\/platform\/billing-api \(ID \d+\)$/m);
      expect(result.stdout).toMatch(/^Path\tacme\/platform\/billing-api$/m);
      const project = await find('acme/platform/billing-api');
      expect(project.visibility).toBe('internal');
      expect(project.topics).toEqual(['billing', 'api']);
      expect(project).toMatchObject({
        merge_method: 'ff',
        squash_option: 'default_on',
        lfs_enabled: false,
        default_branch: 'trunk',
      });
      expect(project.container_expiration_policy).toMatchObject({ cadence: '7d', keep_n: 5, enabled: true });
      // Unset stays unset: the service's default is not sent. (From the store: the API shows the
      // default either way, and the request log keeps no bodies.)
      expect('packages_enabled' in (sandbox.store.findProject(project.id) as Project).attrs).toBe(false);
    });

    it('exits 5 with the service message for a taken path, creating nothing', async () => {
      await made('Billing API', 'acme/platform');
      const before = (await everyProject()).length;
      const result = await collab(['projects', 'create', '--name', 'Billing API', '--namespace-id', 'acme/platform']);
      expect(result.exitCode).toBe(5);
      expect(result.stderr).toMatch(/^error: 400 .*path has already been taken/);
      expect(await everyProject()).toHaveLength(before);
    });

    it('a name or path in use says where and which flag to change, as groups create does', async () => {
      await made('Billing API', 'acme/platform');
      const both = await collab(['projects', 'create', '--name', 'Billing API', '--namespace', 'acme/platform']);
      expect(both.stderr).toBe(
        'error: 400 name has already been taken; path has already been taken (POST /projects)\n' +
          'hint: acme/platform has a project of that name and path already: choose another --name\n',
      );
      const path = await collab([
        'projects',
        'create',
        '--name',
        'Billing',
        '--path',
        'billing-api',
        '--namespace',
        'acme/platform',
      ]);
      expect(path.stderr).toBe(
        'error: 400 path has already been taken (POST /projects)\n' +
          'hint: acme/platform has a project of that path already: choose another --path\n',
      );
    });

    it('refuses, before sending, a setting outside the command’s column, naming where it belongs', async () => {
      const before = requests();
      const update = await collab(['projects', 'create', '--name', 'x1', '--ci-default-git-depth', '5']);
      expect(update.exitCode).toBe(2);
      expect(update.stderr).toBe(
        'error: --ci-default-git-depth is not accepted by projects create\nhint: it is accepted by `projects update`\n',
      );
      const forUser = await collab([
        'projects',
        'create',
        '--name',
        'x1',
        '--for-user',
        '2',
        '--template-project-id',
        '5',
        '--use-custom-template',
      ]);
      expect(forUser.exitCode).toBe(2);
      expect(forUser.stderr).toContain(
        '--template-project-id is not accepted by projects create --for-user\nhint: it is accepted by `projects create`',
      );
      const userOnly = await collab(['projects', 'create', '--name', 'x1', '--merge-commit-template', 'x']);
      expect(userOnly.stderr).toContain('hint: it is accepted by `projects create --for-user`, `projects update`');
      const bad = [
        ['--path', '-x'],
        ['--path', 'a..b'],
        ['--name', 'x', '--merge-method', 'squash'],
        ['--name', 'x', '--requirements-access-level', 'public'],
        ['--name', 'x', '--container-expiration-policy', 'cadence=2d'],
        ['--name', 'x', '--mirror'],
        ['--name', 'x', '--default-branch', 'dev'],
        ['--name', 'x', '--import-url', 'ftp://u:hunter22@example.com/x'],
        ['--name', 'x', '--avatar', join(files, 'missing.png')],
        ['--description', 'no name or path'],
      ];
      for (const args of bad) {
        const result = await collab(['projects', 'create', ...args]);
        expect(result.exitCode, args.join(' ')).toBe(2);
        expect(result.stderr, args.join(' ')).toMatch(/^error: /);
        expect(result.stderr).not.toContain('hunter22');
      }
      expect(requests()).toBe(before);
    });

    it('warns about deprecated attributes, naming the replacement', async () => {
      const result = await collab([
        'projects',
        'create',
        '--name',
        'old-school',
        '--issues-enabled',
        '--tag-list',
        'legacy',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(
        'warning: --issues-enabled is deprecated: use --issues-access-level (removal in API v5)',
      );
      expect(result.stderr).toContain('warning: --tag-list is deprecated: use --topics');
      expect((await find('root/old-school')).topics).toEqual(['legacy']);
    });

    it('prints the request with --dry-run, credentials masked, and sends nothing', async () => {
      const before = await snapshot();
      // Credentials never come on argv: the URL with them is read from a file.
      const file = join(files, 'import-url.txt');
      writeFileSync(file, 'https://bob:s3cret@example.com/x.git\n');
      const result = await collab([
        'projects',
        'create',
        '--name',
        'mirror',
        '--import-url-file',
        file,
        '--mirror',
        '--dry-run',
        '--verbose',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(
        `POST ${sandbox.url}/api/v4/projects\n{\n  "name": "mirror",\n  "mirror": true,\n  "import_url": "https://bob:****@example.com/x.git"\n}\n`,
      );
      expect(result.stderr).toContain('dry run: nothing was sent');
      expect(result.stdout + result.stderr).not.toContain('s3cret');
      expect(await snapshot()).toBe(before);
    });

    it('sends multipart/form-data with an avatar', async () => {
      const avatar = join(files, 'logo.png');
      writeFileSync(avatar, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      const result = await collab([
        'projects',
        'create',
        '--name',
        'with-logo',
        '--avatar',
        avatar,
        '--topics',
        'a,b',
        '--no-packages-enabled',
        '--json',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.json<Item>().avatar_url).toMatch(/\/logo\.png$/);
      const project = await find('root/with-logo');
      expect(project.topics).toEqual(['a', 'b']);
      expect(project.packages_enabled).toBe(false);
      // The file's bytes: from the store (no endpoint serves an avatar's data).
      expect((sandbox.store.findProject(project.id) as Project).avatar?.data).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      );
    });

    it('creates for another user with --for-user (administrators only)', async () => {
      const olivia = await idOf('users', 'olivia');
      const refused = await collab(['projects', 'create', '--for-user', String(olivia), '--name', 'gift'], {
        as: 'maintainer',
      });
      expect(refused.exitCode).toBe(3);
      expect(await missing('olivia/gift')).toBe(true);
      const result = await collab([
        'projects',
        'create',
        '--for-user',
        String(olivia),
        '--name',
        'gift',
        '--suggestion-commit-message',
        'Apply',
      ]);
      expect(result.exitCode).toBe(0);
      expect(await find('olivia/gift')).toMatchObject({ creator_id: olivia, suggestion_commit_message: 'Apply' });
      const noName = await collab(['projects', 'create', '--for-user', String(olivia), '--path', 'x']);
      expect(noName.exitCode).toBe(2);
    });
  });

  describe('update', () => {
    it('changes only the settings given', async () => {
      const lfsBefore = (await find('acme/platform/api')).lfs_enabled;
      const result = await collab(
        [
          'projects',
          'update',
          'acme/platform/api',
          '--description',
          'Core API, v2',
          '--no-request-access-enabled',
          '--merge-method',
          'rebase_merge',
          '--ci-default-git-depth',
          '5',
        ],
        { as: 'maintainer' },
      );
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('updated project acme/platform/api\n');
      const project = await find('acme/platform/api');
      expect(project).toMatchObject({
        description: 'Core API, v2',
        request_access_enabled: false,
        merge_method: 'rebase_merge',
        ci_default_git_depth: 5,
      });
      expect(project.lfs_enabled).toBe(lfsBefore);
    });

    it('is a usage error with nothing to change', async () => {
      const result = await collab(['projects', 'update', 'acme/platform/api']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toBe(
        'error: nothing to change\nhint: give at least one of its 73 settings, such as --name or --path; `collab projects update --help` lists them\n',
      );
    });

    it('exits 3 for a developer, changing nothing', async () => {
      const before = await snapshot();
      const result = await collab(['projects', 'update', 'acme/platform/api', '--description', 'hijack'], {
        as: 'developer',
      });
      expect(result.exitCode).toBe(3);
      expect(result.stderr).toMatch(/^error: 403 Forbidden \(PUT \/projects\/acme%2Fplatform%2Fapi\)/);
      expect(await snapshot()).toBe(before);
    });

    it('exits 5 for a taken path or a visibility above the group’s', async () => {
      const taken = await collab(['projects', 'update', 'acme/platform/api', '--path', 'infra']);
      expect(taken.exitCode).toBe(5);
      expect(taken.stderr).toBe(
        'error: 400 path has already been taken (PUT /projects/acme%2Fplatform%2Fapi)\n' +
          'hint: acme/platform has a project of that path already: choose another --path\n',
      );
      const open = await collab(['projects', 'update', 'acme/platform/api', '--visibility', 'public']);
      expect(open.exitCode).toBe(5);
      expect(open.stderr).toMatch(/public is not allowed in an internal group/);
      expect(open.stderr).toContain(
        "hint: a project is at most as visible as its group: choose internal or less, or raise the group's first",
      );
    });

    it('uploads an avatar as multipart', async () => {
      const avatar = join(files, 'face.gif');
      writeFileSync(avatar, 'GIF89a');
      const result = await collab([
        'projects',
        'update',
        'acme/platform/api',
        '--avatar',
        avatar,
        '--fields',
        'id,avatar_url',
        '--json',
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.json<Item>().avatar_url).toMatch(/face\.gif$/);
      expect((await find('acme/platform/api')).avatar_url).toMatch(/\/face\.gif$/);
    });

    it('prints the PUT with --dry-run and sends nothing', async () => {
      const before = await snapshot();
      const result = await collab(['projects', 'update', '2', '--topics', 'x', '--no-lfs-enabled', '--dry-run']);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(
        `PUT ${sandbox.url}/api/v4/projects/2\n{\n  "lfs_enabled": false,\n  "topics": [\n    "x"\n  ]\n}\n`,
      );
      expect(await snapshot()).toBe(before);
    });
  });

  describe('star and unstar', () => {
    it('stars, and says so when the project is already starred (304), exiting 0', async () => {
      const first = await collab(['projects', 'star', 'acme/web/storefront'], { as: 'developer' });
      expect(first.exitCode).toBe(0);
      expect(first.stderr).toMatch(/^starred project acme\/web\/storefront \(\d+ stars?\)\n$/);
      expect(first.stdout).toBe('');
      expect(await danaStarred(1)).toBe(true);
      const again = await collab(['projects', 'star', 'acme/web/storefront', '--json'], { as: 'developer' });
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toBe('project acme/web/storefront is already starred; nothing to do\n');
      expect(again.json<Item>().id).toBe(1);
    });

    it('unstars, and says so when the project is not starred (304), exiting 0', async () => {
      expect((await call('POST', '/projects/1/star', { as: 'developer' })).status).toBe(201);
      const first = await collab(['projects', 'unstar', '1'], { as: 'developer' });
      expect(first.exitCode).toBe(0);
      expect(await danaStarred(1)).toBe(false);
      const again = await collab(['projects', 'unstar', '1'], { as: 'developer' });
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toBe('project acme/web/storefront is not starred; nothing to do\n');
    });

    it('exits 4 for a project the caller cannot see, and sends nothing with --dry-run', async () => {
      expect((await collab(['projects', 'star', 'initech/tps-reports'], { as: 'developer' })).exitCode).toBe(4);
      const before = await snapshot();
      const dry = await collab(['projects', 'star', '1', '--dry-run']);
      expect(dry.stdout).toBe(`POST ${sandbox.url}/api/v4/projects/1/star\n`);
      expect(await snapshot()).toBe(before);
    });
  });

  describe('archive and unarchive', () => {
    it('archives twice without complaint (idempotent: the second says nothing changed, sends no POST) and unarchives', async () => {
      const result = await collab(['projects', 'archive', 'acme/legacy-monolith'], { as: 'owner' });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('archived project acme/legacy-monolith (read-only)\n');
      expect((await find('acme/legacy-monolith')).archived).toBe(true);
      sandbox.resetStats();
      const again = await collab(['projects', 'archive', 'acme/legacy-monolith'], { as: 'owner' });
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toBe('project acme/legacy-monolith is already archived; nothing to do\n');
      expect(sandbox.stats.byStatus['201']).toBeUndefined();
      expect((await find('acme/legacy-monolith')).archived).toBe(true);
      const listed = await collab(['projects', 'list', '--archived', '-o', 'ndjson']);
      expect(listed.lines<Item>().map((p) => p.path_with_namespace)).toEqual(['acme/legacy-monolith']);
      const csv = await collab(['projects', 'unarchive', 'acme/legacy-monolith', '-o', 'csv'], { as: 'owner' });
      expect(csv.exitCode).toBe(0);
      expect(csv.stdout).toMatch(/^id,description,name,.*\r\n4,/);
      expect((await find('acme/legacy-monolith')).archived).toBe(false);
      expect((await collab(['projects', 'unarchive', 'acme/legacy-monolith'], { as: 'owner' })).exitCode).toBe(0);
    });

    it('exits 3 for a maintainer (owners only)', async () => {
      const result = await collab(['projects', 'archive', 'acme/legacy-monolith'], { as: 'maintainer' });
      expect(result.exitCode).toBe(3);
      expect((await find('acme/legacy-monolith')).archived).toBe(false);
    });
  });

  describe('delete and restore', () => {
    it('typed at a terminal with stderr elsewhere, the refusal says stderr is not a terminal', async () => {
      const result = await collab(['projects', 'delete', 'acme/web/design-system'], { stdinTTY: true });
      expect(result.exitCode).toBe(2);
      expect(result.stderr.split('\n')[0]).toBe(
        'error: delete project acme/web/design-system needs confirmation, and standard error is not a terminal',
      );
    });

    it('requires --yes without a terminal, exiting 2 before any request', async () => {
      const before = requests();
      const result = await collab(['projects', 'delete', 'acme/web/design-system']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toBe(
        'error: delete project acme/web/design-system needs confirmation, and standard input is not a terminal\nhint: pass --yes to delete project acme/web/design-system without confirmation\n',
      );
      expect(requests()).toBe(before);
      expect((await find('acme/web/design-system')).marked_for_deletion_on).toBeNull();
    });

    it('prints the DELETE with --dry-run and sends nothing', async () => {
      const before = await snapshot();
      const result = await collab(['projects', 'delete', 'acme/web/design-system', '--dry-run']);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(`DELETE ${sandbox.url}/api/v4/projects/acme%2Fweb%2Fdesign-system\n`);
      expect(await snapshot()).toBe(before);
    });

    it('exits 3 for a maintainer', async () => {
      const result = await collab(['projects', 'delete', 'acme/web/design-system', '--yes'], { as: 'maintainer' });
      expect(result.exitCode).toBe(3);
      expect((await find('acme/web/design-system')).marked_for_deletion_on).toBeNull();
    });

    it('marks a group project for deletion, says when, and restores it', async () => {
      const result = await collab(['projects', 'delete', 'acme/web/design-system', '--yes', '--json'], { as: 'owner' });
      expect(result.exitCode).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await find('acme/web/design-system')).marked_for_deletion_on).toBe(today);
      expect(result.stderr).toContain(`marked project acme/web/design-system for deletion on ${today}`);
      expect(result.json<Item>()).toMatchObject({
        path_with_namespace: 'acme/web/design-system',
        status: 'marked_for_deletion',
        marked_for_deletion_on: today,
      });
      const view = await collab(['projects', 'view', 'acme/web/design-system']);
      expect(view.stdout).toMatch(new RegExp(`^Marked for deletion\\t${today}$`, 'm'));
      const terminal = await collab(['projects', 'view', 'acme/web/design-system'], { tty: true });
      expect(terminal.stdout).toMatch(new RegExp(`^Marked for deletion +on ${today}$`, 'm'));
      const twice = await collab(['projects', 'delete', 'acme/web/design-system', '--yes'], { as: 'owner' });
      expect(twice.exitCode).toBe(5);
      expect(twice.stderr).toContain('is already marked for deletion');
      const restored = await collab(['projects', 'restore', 'acme/web/design-system'], { as: 'owner' });
      expect(restored.exitCode).toBe(0);
      expect(restored.stderr).toContain('restored project acme/web/design-system');
      expect((await find('acme/web/design-system')).marked_for_deletion_on).toBeNull();
      const notMarked = await collab(['projects', 'restore', 'acme/web/design-system'], { as: 'owner' });
      expect(notMarked.exitCode).toBe(5);
      expect(notMarked.stderr).toMatch(/^error: 400 Project has not been marked for deletion/);
    });

    it('deletes a personal project at once', async () => {
      // The deletion's job runs by the sandbox's clock, stopped here: it is done only when settled.
      const now = Date.now();
      sandbox.store.now = () => now;
      const victim = (await everyProject()).find((p) => p.namespace.full_path === 'dana') as Item;
      const fullPath = victim.path_with_namespace;
      const result = await collab(['projects', 'delete', String(victim.id), '--yes', '-o', 'csv'], { as: 'developer' });
      expect(result.exitCode).toBe(0);
      // The service removes it in the background (--delete-duration); it is gone once that is done.
      expect(result.stderr).toBe(`deletion of project ${fullPath} was accepted; it is being removed\n`);
      expect(result.stdout).toBe(
        `id,path_with_namespace,status,marked_for_deletion_on\r\n${victim.id},${fullPath},deletion_accepted,\r\n`,
      );
      // Still there while the job runs (the clock stopped), gone once it is done.
      expect((await get(`/projects/${victim.id}`)).status).toBe(200);
      sandbox.store.deletions.settle(now + sandbox.store.deletions.durationMs);
      expect((await get(`/projects/${victim.id}`)).status).toBe(404);
      const gone = await collab(['projects', 'delete', String(victim.id), '--yes']);
      expect(gone.exitCode).toBe(4);
    });
  });

  describe('transfer', () => {
    it('moves a project to a namespace given by path', async () => {
      expect((await collab(['projects', 'create', '--name', 'mover', '-q'], { as: 'owner' })).exitCode).toBe(0);
      const result = await collab(['projects', 'transfer', 'olivia/mover', '--namespace', 'globex', '--yes'], {
        as: 'owner',
      });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('transferred project olivia/mover to globex: it is now globex/mover\n');
      expect(result.stdout).toMatch(/^Path\tglobex\/mover$/m);
      // The old path is no project's now: it answers 301 to the new one, as the service does after a move.
      const old = await get('/projects/olivia%2Fmover');
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe(`${sandbox.url}/api/v4/projects/globex%2Fmover`);
      expect((await find('globex/mover')).path_with_namespace).toBe('globex/mover');
    });

    it('a transfer whose answer is lost after the move: found moved, exit 0, not sent again', async () => {
      // The service moves the project, then the connection drops before its answer is read.
      let lost = false;
      const dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
        if (lost || opts.method !== 'PUT' || !String(opts.path).endsWith('/transfer')) return dispatch(opts, handler);
        lost = true;
        const dropped = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
        return dispatch(opts, {
          onConnect: (abort: () => void) => handler.onConnect?.(abort),
          onHeaders: () => true,
          onData: () => true,
          onComplete: () => handler.onError?.(dropped),
          onError: (error: Error) => handler.onError?.(error),
        } as Dispatcher.DispatchHandler);
      });
      const ref = 'acme/web/design-system';
      const result = await collab(['projects', 'transfer', ref, '--namespace', 'globex', '--yes'], { dispatcher });
      expect(lost).toBe(true);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Path\tglobex\/design-system$/m);
      const transfers = sandbox.requestLog.filter(
        (entry) => entry.method === 'PUT' && entry.path.endsWith('/transfer'),
      );
      expect(transfers).toHaveLength(1);
      expect((await find('globex/design-system')).path_with_namespace).toBe('globex/design-system');
    });

    it('at a terminal, a namespace that does not exist is said before the path is typed', async () => {
      const result = await collab(['projects', 'transfer', 'acme/web/design-system', '--namespace', 'no/such/group'], {
        tty: true,
        stdinTTY: true,
        input: 'acme/web/design-system\n',
      });
      expect(result.exitCode).toBe(4);
      expect(result.stderr).not.toContain('Type acme/web/design-system');
      expect(result.stderr).toMatch(/^error: namespace no\/such\/group not found \(given to --namespace\)\n/);
      expect((await find('acme/web/design-system')).path_with_namespace).toBe('acme/web/design-system');
    });

    it('exits 5 when the path is taken there, 3 for a non-owner, 4 for an unknown namespace, 2 without --namespace', async () => {
      await made('mover', 'globex');
      expect((await collab(['projects', 'create', '--name', 'mover', '-q'], { as: 'owner' })).exitCode).toBe(0);
      const taken = await collab(['projects', 'transfer', 'olivia/mover', '--namespace', 'globex', '--yes'], {
        as: 'owner',
      });
      expect(taken.exitCode).toBe(5);
      expect(taken.stderr).toMatch(
        /^error: 400 Failed to transfer project: Project with same name or path in target namespace already exists/,
      );
      expect(
        (
          await collab(['projects', 'transfer', 'acme/platform/api', '--namespace', 'globex', '--yes'], {
            as: 'maintainer',
          })
        ).exitCode,
      ).toBe(3);
      expect(
        (
          await collab(['projects', 'transfer', 'olivia/mover', '--namespace', 'no/such/group', '--yes'], {
            as: 'owner',
          })
        ).exitCode,
      ).toBe(4);
      const missing = await collab(['projects', 'transfer', 'olivia/mover']);
      expect(missing.exitCode).toBe(2);
      expect(missing.stderr).toMatch(/^error: required option '--namespace <id\|path>' not specified\n/);
      const before = await snapshot();
      const dry = await collab(['projects', 'transfer', 'olivia/mover', '--namespace', 'acme', '--dry-run']);
      expect(dry.stdout).toBe(
        `PUT ${sandbox.url}/api/v4/projects/olivia%2Fmover/transfer\n{\n  "namespace": "acme"\n}\n`,
      );
      expect(await snapshot()).toBe(before);
    });
  });
});

// The service's offset limit, narrowed as a self-managed instance may (GitLab's default is 50,000:
// the same paths, without seeding 50,000 projects). Past it, --all goes on by id windows.
const WINDOW = 500;
const SEEDED = 1_250;

describe(`collab projects list past an offset limit of ${WINDOW} (${SEEDED} projects)`, () => {
  const { collab, sandbox } = useSandbox({ seed: SEEDED, offsetWindow: WINDOW });

  it('answers 405 past the offset limit in another order, explaining to order by id', async () => {
    const result = await collab(['projects', 'list', '--order-by', 'name', '--per-page', '100', '--page', '6']);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toMatch(/^error: 405 Offset pagination has a maximum allowed offset of 500 /);
    expect(result.stderr).toMatch(
      /\nhint: offset pagination stops at that offset: order by id \(--order-by id, the default with --all\)/,
    );
  });

  it('lists every project once in ascending id order with --all --sort asc', async () => {
    const ascending = await collab([
      'projects',
      'list',
      '--all',
      '--sort',
      'asc',
      '--simple',
      '-o',
      'ndjson',
      '--fields',
      'id',
    ]);
    expect(ascending.exitCode).toBe(0);
    expect(ascending.lines<Item>().map((p) => p.id)).toEqual(Array.from({ length: SEEDED }, (_, i) => i + 1));
  });

  it('asks for no page past the offset limit once the service has refused one', async () => {
    // One page in flight at a time, so that the requests are known: the first window learns the
    // limit from the 405 of page 6; the second ends at page 5 without asking for page 6; the third
    // (250 projects) ends at its short page 3.
    const result = await collab([
      ...['projects', 'list', '--all', '--per-page', '100', '--concurrency', '1'],
      ...['--simple', '-o', 'ndjson', '--fields', 'id'],
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.lines<Item>()).toHaveLength(SEEDED);
    expect(sandbox.stats.byStatus).toEqual({ '200': 5 + 5 + 3, '405': 1 });
  });

  it('prints exactly the last page within the offset limit with --page 5 --per-page 100', async () => {
    const page = await collab([
      'projects',
      'list',
      '--order-by',
      'id',
      '--sort',
      'asc',
      '--per-page',
      '100',
      '--page',
      '5',
      '--simple',
      '-o',
      'ndjson',
    ]);
    expect(page.exitCode).toBe(0);
    expect(page.lines<Item>().map((p) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => 401 + i));
  });

  it('streams every project exactly once with --all, newest first', async () => {
    const result = await collab(['projects', 'list', '--all', '--simple', '-o', 'ndjson', '--fields', 'id']);
    expect(result.exitCode).toBe(0);
    const ids = result.lines<Item>().map((p) => p.id);
    expect(ids).toHaveLength(SEEDED);
    expect(new Set(ids).size).toBe(SEEDED);
    expect(ids).toEqual(Array.from({ length: SEEDED }, (_, i) => SEEDED - i));
  });
});

describe('collab projects create when the answer is lost', () => {
  // With this fault seed the sandbox drops the connection of its first request after acting on it.
  // The retries' backoff (full jitter, up to seconds) on a virtual clock: jumped over, not slept.
  const { collab, sandbox } = useSandbox({ seed: 5, failRate: 0.3, faultSeed: 7, clock: virtualClock() });

  it('finds the project it created instead of sending the request again', async () => {
    const result = await collab(['projects', 'create', '--name', 'recovered', '--verbose']);
    expect(result.exitCode).toBe(0);
    expect(sandbox.stats.faults).toBe(1);
    expect(result.stderr).toMatch(/had taken effect/);
    expect(result.stdout).toMatch(/^Path\troot\/recovered$/m);
    // From the store: this sandbox's API answers with faults too, and a read back would count in them.
    expect([...sandbox.store.projects.values()].filter((p) => p.name === 'recovered')).toHaveLength(1);
    expect(sandbox.stats.byStatus['400']).toBeUndefined();
  });
});

describe('collab projects create with a pull mirror', () => {
  // The mirror's first update is a job on the sandbox's clock, stopped here: still scheduled.
  const { collab, sandbox, getJson } = useSandbox({ seed: 30, clock: manualClock() });

  it('sets up a pull mirror, never showing the credentials', async () => {
    // The URL with its credentials comes on standard input, never argv.
    const result = await collab(
      [
        'projects',
        'create',
        '--name',
        'mirrored',
        '--import-url-file',
        '-',
        '--mirror',
        '--mirror-trigger-builds',
        '--only-mirror-protected-branches',
        '--json',
        '--verbose',
      ],
      { input: 'https://bob:s3cret@example.com/x.git\n' },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('s3cret');
    const mirrored: Item = await getJson(`/projects/${encodeURIComponent('root/mirrored')}`);
    expect(mirrored).toMatchObject({
      mirror: true,
      mirror_trigger_builds: true,
      only_mirror_protected_branches: true,
      import_url: 'https://example.com/x.git',
    });
    // The credentials reached the service: from the store, as the API never shows them.
    expect((sandbox.store.findProject(mirrored.id) as Project).attrs.import_url).toBe(
      'https://bob:s3cret@example.com/x.git',
    );
    expect(result.json<Item>().import_status).toBe('scheduled');
  });
});
