import { displayWidth } from '../../src/output/text-width.js';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

interface GroupJson {
  id: number;
  full_path: string;
  name: string;
  visibility: string;
  parent_id: number | null;
  statistics?: Record<string, number>;
  custom_attributes?: Array<{ key: string; value: string }>;
  depth?: number;
  parent?: string | null;
}

/** collab groups list / subgroups / descendants / projects / provisioned-users against the sandbox. */
describe('collab groups: lists', () => {
  const { collab, sandbox, call, getJson, idOf } = useSandbox({ seed: 30 });
  const id = (path: string) => idOf('groups', path);
  /** Every group as the service answers GET /groups, by full path: what the lists should show. */
  const served = async () =>
    new Map<string, GroupJson & { description: string }>(
      (await getJson('/groups?per_page=100')).map((g: GroupJson) => [g.full_path, g]),
    );
  const paths = (items: GroupJson[]) => items.map((g) => g.full_path);
  /** The seeded groups ordered by name, as the service lists them by default. */
  const byName = ['acme', 'globex', 'acme/platform/infra', 'initech', 'acme/platform', 'globex/research', 'acme/web'];

  describe('list', () => {
    it('lists every group for an administrator, ordered by name, as tab-separated rows in a pipe', async () => {
      const result = await collab(['groups', 'list']);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      const groups = await served();
      expect([...groups.keys()].sort()).toEqual([...byName].sort());
      const expected = byName
        .map((path) => {
          const g = groups.get(path)!;
          return `${g.id}\t${path}\t${g.name}\t${g.visibility}\t${g.description}\n`;
        })
        .join('');
      expect(result.stdout).toBe(expected);
    });

    it('on a terminal, sorts the rows by full path (over pages); --order-by keeps the service order', async () => {
      const rowPaths = (stdout: string) => [...stdout.matchAll(/│ *\d+ *│ ([\w/-]+) /g)].map((m) => m[1]);
      const tree = ['acme', 'acme/platform', 'acme/platform/infra', 'acme/web', 'globex', 'globex/research', 'initech'];
      const shown = await collab(['groups', 'list', '--per-page', '3'], { tty: true });
      expect(shown.exitCode).toBe(0);
      expect(rowPaths(shown.stdout)).toEqual(tree);
      const ordered = await collab(['groups', 'list', '--order-by', 'name'], { tty: true });
      expect(rowPaths(ordered.stdout)).toEqual(byName);
      // Programs get the service's order.
      expect(paths((await collab(['groups', 'list', '--json'])).json<GroupJson[]>())).toEqual(byName);
    });

    it('prints every output format', async () => {
      const json = await collab(['groups', 'list', '--json']);
      expect(json.exitCode).toBe(0);
      const items = json.json<GroupJson[]>();
      expect(paths(items)).toEqual(byName);
      expect(items[0]).toMatchObject({
        id: await id('acme'),
        name: 'Acme',
        visibility: 'public',
        parent_id: null,
        web_url: `${sandbox.url}/groups/acme`,
      });

      const ndjson = await collab(['groups', 'list', '-o', 'ndjson']);
      expect(ndjson.lines<GroupJson>().map((g) => g.full_path)).toEqual(byName);

      const csv = await collab(['groups', 'list', '-o', 'csv', '--fields', 'id,full_path']);
      const groups = await served();
      expect(csv.stdout).toBe(
        `id,full_path\r\n${byName.map((path) => `${groups.get(path)?.id},${path}\r\n`).join('')}`,
      );

      const table = await collab(['groups', 'list', '--limit', '2'], { tty: true });
      expect(table.exitCode).toBe(0);
      expect(table.stdout).toMatch(/^┌/);
      expect(table.stdout).toContain('FULL PATH');
      expect(table.stdout).toMatch(/│ acme +│ Acme +│ public/);
      expect(table.stdout).not.toContain('acme/platform/infra');

      const fields = await collab(['groups', 'list', '--json', '--fields', 'full_path,parent_id', '--limit', '1']);
      expect(fields.json()).toEqual([{ full_path: 'acme', parent_id: null }]);
    });

    it('sends each filter the way the service reads it', async () => {
      const skipped = await collab([
        'groups',
        'list',
        '--skip-groups',
        `${await id('acme')},${await id('globex')}`,
        '--json',
        '--verbose',
      ]);
      expect(skipped.exitCode).toBe(0);
      expect(skipped.stderr).toContain(`skip_groups[]=${await id('acme')}&skip_groups[]=${await id('globex')}`);
      expect(paths(skipped.json())).toEqual(byName.filter((p) => p !== 'acme' && p !== 'globex'));

      const custom = await collab([
        'groups',
        'list',
        '--custom-attribute',
        'team=globex',
        '--with-custom-attributes',
        '--statistics',
        '--json',
        '--verbose',
      ]);
      expect(custom.stderr).toContain('custom_attributes[team]=globex');
      const globex = custom.json<GroupJson[]>();
      expect(paths(globex)).toEqual(['globex', 'globex/research']);
      expect(globex[0]?.custom_attributes).toEqual([{ key: 'team', value: 'globex' }]);
      expect(globex[0]?.statistics).toMatchObject({ storage_size: 0, repository_size: 0 });

      const top = await collab(['groups', 'list', '--top-level-only', '--order-by', 'id', '--sort', 'desc', '--json']);
      expect(paths(top.json())).toEqual(['initech', 'globex', 'acme']);

      const search = await collab(['groups', 'list', '--search', 'research', '--order-by', 'similarity', '--json']);
      expect(paths(search.json())).toEqual(['globex/research']);
      // /groups searches full paths too: every group below acme matches "acme".
      const searchFull = await collab(['groups', 'list', '--search', 'acme', '--order-by', 'path', '--json']);
      expect(paths(searchFull.json())).toEqual(['acme', 'acme/platform/infra', 'acme/platform', 'acme/web']);
    });

    it('shows a member only their groups unless --all-available, and honours --owned and --min-access-level', async () => {
      const mine = await collab(['groups', 'list', '--json'], { as: 'developer' });
      expect(paths(mine.json())).toEqual(['acme', 'acme/platform/infra', 'acme/platform', 'acme/web']);
      const all = await collab(['groups', 'list', '--all-available', '--json'], { as: 'developer' });
      // Internal and public groups are visible to every signed-in user; initech is private.
      expect(paths(all.json())).toEqual(byName.filter((p) => p !== 'initech'));
      // Statistics are for administrators: the service leaves them out for others.
      const stats = await collab(['groups', 'list', '--statistics', '--json', '--limit', '1'], { as: 'developer' });
      expect(stats.json<GroupJson[]>()[0]).not.toHaveProperty('statistics');

      const owned = await collab(['groups', 'list', '--owned', '--top-level-only', '--json'], { as: 'owner' });
      expect(paths(owned.json())).toEqual(['acme', 'globex']);
      const maintained = await collab(['groups', 'list', '--min-access-level', 'maintainer', '--json'], {
        as: 'maintainer',
      });
      expect(paths(maintained.json())).toEqual(['acme', 'acme/platform/infra', 'acme/platform', 'acme/web']);
      const none = await collab(['groups', 'list', '--min-access-level', '40', '--json'], { as: 'developer' });
      expect(none.json()).toEqual([]);
    });

    it('refuses bad filters before sending anything', async () => {
      const before = sandbox.stats.requests;
      const level = await collab(['groups', 'list', '--min-access-level', 'boss']);
      expect(level.exitCode).toBe(2);
      expect(level.stderr).toMatch(/--min-access-level: invalid access level "boss": must be a role: guest \(10\)/);
      const skip = await collab(['groups', 'list', '--skip-groups', '1,x']);
      expect(skip.exitCode).toBe(2);
      const similarity = await collab(['groups', 'list', '--order-by', 'similarity']);
      expect(similarity.exitCode).toBe(2);
      expect(similarity.stderr).toBe(
        'error: --order-by similarity needs --search\nhint: similarity ranks matches of the search text; without one, order by name\n',
      );
      const custom = await collab(['groups', 'list', '--custom-attribute', 'novalue']);
      expect(custom.exitCode).toBe(2);
      expect(sandbox.stats.requests).toBe(before);
    });

    it('pages: --limit, --per-page with --all, --page', async () => {
      const limited = await collab(['groups', 'list', '--limit', '3', '--json']);
      expect(paths(limited.json())).toEqual(byName.slice(0, 3));
      const all = await collab(['groups', 'list', '--all', '--per-page', '2', '--json']);
      expect(paths(all.json())).toEqual(byName);
      const second = await collab(['groups', 'list', '--per-page', '3', '--page', '2', '--limit', '3', '--json']);
      expect(paths(second.json())).toEqual(byName.slice(3, 6));
    });
  });

  describe('--tree', () => {
    it('draws the hierarchy with box characters on a terminal', async () => {
      const result = await collab(['groups', 'list', '--tree', '--per-page', '2'], { tty: true });
      expect(result.exitCode).toBe(0);
      const groups = await served();
      const g = (path: string) => groups.get(path)!;
      const line = (prefix: string, label: string, path: string) =>
        `${prefix}${label}  ${g(path).name} · ${g(path).visibility} · #${g(path).id}\n`;
      // Every page is fetched (2 groups per page here), then drawn.
      expect(result.stdout).toBe(
        line('', 'acme', 'acme') +
          line('├── ', 'platform', 'acme/platform') +
          line('│   └── ', 'infra', 'acme/platform/infra') +
          line('└── ', 'web', 'acme/web') +
          line('', 'globex', 'globex') +
          line('└── ', 'research', 'globex/research') +
          line('', 'initech', 'initech'),
      );
    });

    it('no group matching on a terminal: says no results on stderr, as a table does', async () => {
      const result = await collab(['groups', 'list', '--tree', '--search', 'no-such-group'], { tty: true });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('no results\n');
    });

    it('on 60 columns a long name is cut to fit the line, the path whole, the visibility and ID kept', async () => {
      const name = 'A group with a rather long name, too long for the line of the tree';
      const made = await collab(['groups', 'create', '--name', name, '--path', 'long-named', '--parent', 'acme/web']);
      expect(made.exitCode, made.stderr).toBe(0);
      const result = await collab(['groups', 'list', '--tree'], { tty: true, env: { COLLAB_FORCE_TTY: '60' } });
      expect(result.exitCode).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(60);
      const id = (await served()).get('acme/web/long-named')?.id;
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^    └── long-named  A group with .*… · private · #${id}$`)),
      );
    });

    it('indents by depth in a pipe', async () => {
      const result = await collab(['groups', 'descendants', 'acme', '--tree', '--fields', 'id']);
      expect(result.stdout).toBe(
        `acme/platform\t${await id('acme/platform')}\n  infra\t${await id('acme/platform/infra')}\nacme/web\t${await id('acme/web')}\n`,
      );
    });

    it('adds depth and parent to each item in JSON, ndjson and csv', async () => {
      const json = await collab(['groups', 'list', '--tree', '--json']);
      const items = json.json<GroupJson[]>();
      expect(items.map((g) => [g.full_path, g.depth, g.parent])).toEqual([
        ['acme', 0, null],
        ['acme/platform', 1, 'acme'],
        ['acme/platform/infra', 2, 'acme/platform'],
        ['acme/web', 1, 'acme'],
        ['globex', 0, null],
        ['globex/research', 1, 'globex'],
        ['initech', 0, null],
      ]);
      expect(items[1]).toMatchObject({ id: await id('acme/platform'), parent_id: await id('acme'), name: 'Platform' });

      const below = await collab(['groups', 'descendants', 'acme', '--tree', '-o', 'ndjson']);
      expect(below.lines<GroupJson>().map((g) => [g.full_path, g.depth, g.parent])).toEqual([
        ['acme/platform', 0, 'acme'],
        ['acme/platform/infra', 1, 'acme/platform'],
        ['acme/web', 0, 'acme'],
      ]);

      const csv = await collab([
        'groups',
        'descendants',
        'acme',
        '--tree',
        '-o',
        'csv',
        '--fields',
        'full_path,depth,parent',
      ]);
      expect(csv.stdout).toBe(
        'full_path,depth,parent\r\nacme/platform,0,acme\r\nacme/platform/infra,1,acme/platform\r\nacme/web,0,acme\r\n',
      );
    });
  });

  describe('subgroups and descendants', () => {
    it('lists direct subgroups, and every descendant', async () => {
      const subgroups = await collab(['groups', 'subgroups', 'acme', '--json']);
      expect(subgroups.exitCode).toBe(0);
      expect(paths(subgroups.json())).toEqual(['acme/platform', 'acme/web']);
      const byId = await collab(['groups', 'descendants', String(await id('acme')), '--order-by', 'id', '--json']);
      expect(paths(byId.json())).toEqual(['acme/platform', 'acme/platform/infra', 'acme/web']);
    });

    it('lists the subgroups of each group read from standard input (-), each with its own group', async () => {
      const result = await collab(['groups', 'subgroups', '-', '--json'], { input: 'acme\nacme/platform\n' });
      expect(result.exitCode).toBe(0);
      const lines = result.stdout.trim().split('\n');
      expect(lines.some((line) => line.includes('acme/web'))).toBe(true);
      expect(lines.some((line) => line.includes('acme/platform/infra'))).toBe(true);
    });

    it('searches short paths and names only', async () => {
      const short = await collab(['groups', 'descendants', 'acme', '--search', 'infra', '--json']);
      expect(paths(short.json())).toEqual(['acme/platform/infra']);
      const full = await collab(['groups', 'descendants', 'acme', '--search', 'acme', '--json']);
      expect(full.json()).toEqual([]);
    });

    it('takes the same filters (--skip-groups, --min-access-level) and refuses --top-level-only and similarity', async () => {
      const skipped = await collab([
        'groups',
        'descendants',
        'acme',
        '--skip-groups',
        String(await id('acme/web')),
        '--json',
      ]);
      expect(paths(skipped.json())).toEqual(['acme/platform/infra', 'acme/platform']);
      const before = sandbox.stats.requests;
      const top = await collab(['groups', 'subgroups', 'acme', '--top-level-only']);
      expect(top.exitCode).toBe(2);
      const similarity = await collab(['groups', 'subgroups', 'acme', '--search', 'a', '--order-by', 'similarity']);
      expect(similarity.exitCode).toBe(2);
      expect(similarity.stderr).toMatch(
        /^error: invalid value "similarity" for --order-by: expected one of name, path, id\n/,
      );
      expect(sandbox.stats.requests).toBe(before);
    });

    it('answers 404 for a missing group, and for a private group the caller cannot see', async () => {
      const missing = await collab(['groups', 'subgroups', 'acme/nope']);
      expect(missing.exitCode).toBe(4);
      expect(missing.stderr).toBe(
        'error: 404 Group Not Found (GET /groups/acme/nope/subgroups?per_page=20&page=1)\nhint: no group with that path or ID, or not one this token can see: check it (`collab groups list --search <name>`)\n',
      );
      const hidden = await collab(['groups', 'descendants', 'initech'], { as: 'developer' });
      expect(hidden.exitCode).toBe(4);
      const badRef = await collab(['groups', 'subgroups', 'acme/../x']);
      expect(badRef.exitCode).toBe(2);
    });
  });

  describe('projects', () => {
    it('lists the group projects, with subgroups and shared projects as asked', async () => {
      const acmeId = await id('acme');
      expect(
        (await call('POST', '/projects/globex%2Fhandbook/share', { json: { group_id: acmeId, group_access: 30 } }))
          .status,
      ).toBe(201);
      // The projects in those namespaces, from the list of every project (another endpoint than the command's).
      const everyProject: Array<{ path_with_namespace: string; namespace: { id: number } }> =
        await getJson('/projects?per_page=100');
      const inNamespace = (namespaces: number[]) =>
        everyProject.filter((p) => namespaces.includes(p.namespace.id)).map((p) => p.path_with_namespace);

      const own = await collab(['groups', 'projects', 'acme', '--all', '--json']);
      expect(own.exitCode).toBe(0);
      const ownPaths = own.json<Array<{ path_with_namespace: string; namespace: { id: number } }>>();
      // Shared projects come along by default, and keep their own namespace.
      expect(ownPaths.map((p) => p.path_with_namespace).sort()).toEqual(
        [...inNamespace([acmeId]), 'globex/handbook'].sort(),
      );
      expect(ownPaths.find((p) => p.path_with_namespace === 'globex/handbook')?.namespace.id).toBe(await id('globex'));

      const noShared = await collab([
        'groups',
        'projects',
        'acme',
        '--all',
        '--no-with-shared',
        '--include-subgroups',
        '--json',
        '--verbose',
      ]);
      expect(noShared.stderr).toContain('with_shared=false&include_subgroups=true');
      const below = [acmeId, await id('acme/platform'), await id('acme/platform/infra'), await id('acme/web')];
      expect(
        noShared
          .json<Array<{ path_with_namespace: string }>>()
          .map((p) => p.path_with_namespace)
          .sort(),
      ).toEqual(inNamespace(below).sort());

      const shared = await collab(['groups', 'projects', 'acme', '--shared', '--json']);
      expect(shared.json<Array<{ path_with_namespace: string }>>().map((p) => p.path_with_namespace)).toEqual([
        'globex/handbook',
      ]);
    });

    it('filters and orders', async () => {
      const ordered = await collab([
        'groups',
        'projects',
        'acme',
        '--include-subgroups',
        '--visibility',
        'public',
        '--order-by',
        'name',
        '--sort',
        'asc',
        '--all',
        '--json',
      ]);
      const names = ordered.json<Array<{ name: string; visibility: string }>>();
      expect(names).toHaveLength(5);
      expect(names.every((p) => p.visibility === 'public')).toBe(true);
      expect(names.map((p) => p.name)).toEqual([...names.map((p) => p.name)].sort((a, b) => a.localeCompare(b)));

      const simple = await collab(['groups', 'projects', 'acme/web', '--search', 'storefront', '--simple', '--json']);
      const [storefront] = simple.json<Array<Record<string, unknown>>>();
      expect(storefront).toMatchObject({ path_with_namespace: 'acme/web/storefront' });
      expect(storefront).not.toHaveProperty('visibility');

      expect((await call('POST', '/projects/acme%2Fweb%2Fstorefront/archive')).status).toBe(201);
      const archived = await collab(['groups', 'projects', 'acme/web', '--archived', '--json']);
      expect(archived.json<Array<{ path_with_namespace: string }>>().map((p) => p.path_with_namespace)).toEqual([
        'acme/web/storefront',
      ]);
      const active = await collab(['groups', 'projects', 'acme/web', '--no-archived', '--all', '--json']);
      expect(active.json<Array<{ path_with_namespace: string }>>().map((p) => p.path_with_namespace)).not.toContain(
        'acme/web/storefront',
      );
      expect((await call('POST', '/projects/acme%2Fweb%2Fstorefront/unarchive')).status).toBe(201);

      expect((await call('POST', '/projects/acme%2Fweb%2Fstorefront/star', { as: 'developer' })).status).toBe(201);
      const starred = await collab(['groups', 'projects', 'acme', '--include-subgroups', '--starred', '--json'], {
        as: 'developer',
      });
      expect(starred.json<Array<{ path_with_namespace: string }>>().map((p) => p.path_with_namespace)).toEqual([
        'acme/web/storefront',
      ]);
      expect((await call('POST', '/projects/acme%2Fweb%2Fstorefront/unstar', { as: 'developer' })).status).toBe(201);

      // Without --search, similarity orders by name; with it, best matches first and --sort is ignored.
      const similar = await collab(['groups', 'projects', 'acme/web', '--order-by', 'similarity', '--all', '--json']);
      const similarNames = similar.json<Array<{ name: string }>>().map((p) => p.name);
      expect(similarNames).toEqual([...similarNames].sort((a, b) => a.localeCompare(b)));
      const searched = await collab([
        'groups',
        'projects',
        'acme',
        '--include-subgroups',
        '--search',
        'api',
        '--order-by',
        'similarity',
        '--sort',
        'asc',
        '--json',
      ]);
      expect(searched.stderr).toBe(
        'warning: --sort is ignored with --order-by similarity: the best matches come first\n',
      );
      expect(searched.json<Array<{ name: string }>>()[0]?.name).toBe('api');

      const reports = await collab(['groups', 'projects', 'acme', '--with-security-reports', '--json']);
      expect(reports.json()).toEqual([]);
      const maintained = await collab(['groups', 'projects', 'acme', '--min-access-level', 'maintainer', '--json'], {
        as: 'developer',
      });
      expect(maintained.json()).toEqual([]);
    });

    it('refuses filters that --shared does not take, before sending', async () => {
      const before = sandbox.stats.requests;
      const withSubgroups = await collab(['groups', 'projects', 'acme', '--shared', '--include-subgroups']);
      expect(withSubgroups.exitCode).toBe(2);
      expect(withSubgroups.stderr).toBe(
        'error: --include-subgroups cannot be combined with --shared\nhint: the list of projects shared with a group does not take that filter\n',
      );
      const noShared = await collab(['groups', 'projects', 'acme', '--shared', '--no-with-shared']);
      expect(noShared.stderr).toMatch(/^error: --no-with-shared cannot be combined with --shared/);
      const similarity = await collab([
        'groups',
        'projects',
        'acme',
        '--shared',
        '--search',
        'x',
        '--order-by',
        'similarity',
      ]);
      expect(similarity.exitCode).toBe(2);
      expect(sandbox.stats.requests).toBe(before);
    });

    it('answers 404 for a group the caller cannot see', async () => {
      const result = await collab(['groups', 'projects', 'initech'], { as: 'reporter' });
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(/^error: 404 Group Not Found/);
    });
  });

  describe('provisioned-users', () => {
    it('lists the users the group provisioned (not those of subgroups), with filters', async () => {
      const all = await collab(['groups', 'provisioned-users', 'acme', '--json'], { as: 'maintainer' });
      expect(all.exitCode).toBe(0);
      const users = all.json<Array<{ username: string; state: string; email: string }>>();
      expect(users.map((u) => u.username)).toEqual(['pia.provisioned', 'quinn.provisioned']);
      expect(users[0]).toMatchObject({
        state: 'active',
        email: 'pia.provisioned@acme.example.com',
        identities: [],
        two_factor_enabled: false,
      });

      const table = await collab(['groups', 'provisioned-users', 'acme', '--blocked']);
      expect(table.stdout).toMatch(
        /^\d+\tquinn\.provisioned\tQuinn Provisioned\tblocked\tquinn\.provisioned@acme\.example\.com\t2024-06-15T10:00:00\.000Z\n$/,
      );
      const search = await collab([
        'groups',
        'provisioned-users',
        'acme',
        '--search',
        'PIA',
        '--active',
        '--created-after',
        '2023-01-01',
        '--created-before',
        '2024-01-01T00:00:00Z',
        '--json',
      ]);
      expect(search.json<Array<{ username: string }>>().map((u) => u.username)).toEqual(['pia.provisioned']);
      const byName = await collab(['groups', 'provisioned-users', 'acme', '--username', 'quinn.provisioned', '--json']);
      expect(byName.json<Array<{ username: string }>>().map((u) => u.username)).toEqual(['quinn.provisioned']);
      const sub = await collab(['groups', 'provisioned-users', 'acme/platform', '--json']);
      expect(sub.json<Array<{ username: string }>>().map((u) => u.username)).toEqual(['sam.platform']);
    });

    it('needs the Maintainer role; bad filters are refused before sending', async () => {
      const developer = await collab(['groups', 'provisioned-users', 'acme'], { as: 'developer' });
      expect(developer.exitCode).toBe(3);
      expect(developer.stderr).toMatch(/^error: 403 Forbidden/);
      const before = sandbox.stats.requests;
      const both = await collab(['groups', 'provisioned-users', 'acme', '--active', '--blocked']);
      expect(both.exitCode).toBe(2);
      const date = await collab(['groups', 'provisioned-users', 'acme', '--created-after', 'last week']);
      expect(date.exitCode).toBe(2);
      expect(sandbox.stats.requests).toBe(before);
    });
  });
});
