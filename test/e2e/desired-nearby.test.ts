import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../helpers/clock.js';
import { useDesiredWorlds } from '../helpers/desired.js';
import { useHostileServer } from '../helpers/hostile-server.js';

/** A path in collab.yaml that does not exist names the nearest that does, for one list request per group asked about. */
const world = useDesiredWorlds();
const hostile = useHostileServer();

const settings = '    settings:\n      description: x\n';
const yaml = (groups: readonly string[], projects: readonly string[]) =>
  [
    'version: 1',
    'groups:',
    ...groups.map((g) => `  ${g}:\n${settings}`),
    'projects:',
    ...projects.map((p) => `  ${p}:\n${settings}`),
  ]
    .join('\n')
    .replace('groups:\nprojects:', 'projects:');

const reads = (log: ReadonlyArray<{ method: string; path: string; status: number }>) =>
  log.map((r) => `${r.method} ${r.path.replace(/^\/api\/v4/, '')} ${r.status}`).sort();

describe('collab plan and apply: did you mean, for a path that does not exist', () => {
  const mistyped = (file: (text: string) => string) =>
    file(yaml([], ['acme/web/storefrnt', 'acme/web/desgin-system', 'acme/web/qqqqqqqq']));

  it("plan of mistyped projects names each one's nearest, from one list of the group", async () => {
    const { collab, file, sandbox, writes } = await world();
    const path = mistyped(file);
    const planned = await collab(['plan', '-f', path]);
    expect(planned.exitCode).toBe(4);
    expect(planned.stdout).toBe('');
    expect(planned.stderr).toBe(
      [
        `${path}: project acme/web/desgin-system does not exist (did you mean acme/web/design-system? if not, add create: true to make it)`,
        `${path}: project acme/web/qqqqqqqq does not exist (add create: true to make it)`,
        `${path}: project acme/web/storefrnt does not exist (did you mean acme/web/storefront? if not, add create: true to make it)`,
        `error: 3 paths in ${path} name nothing on the service; nothing was sent`,
        'hint: fix or remove them, or pass --allow-missing to plan the rest',
        '',
      ].join('\n'),
    );
    expect(reads(sandbox.requestLog)).toEqual([
      'GET /groups/acme%2Fweb/projects?simple=true&per_page=100 200',
      'GET /projects/acme%2Fweb%2Fdesgin-system 404',
      'GET /projects/acme%2Fweb%2Fqqqqqqqq 404',
      'GET /projects/acme%2Fweb%2Fstorefrnt 404',
    ]);
    expect(writes()).toEqual([]);
  });

  it('apply of a mistyped project exits 4 naming its nearest, nothing written', async () => {
    const { collab, file, writes } = await world();
    const path = mistyped(file);
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode).toBe(4);
    expect(applied.stderr).toContain('did you mean acme/web/storefront? if not, add create: true to make it');
    expect(writes()).toEqual([]);
  });

  it('plan --allow-missing of a mistyped project warns with its nearest', async () => {
    const { collab, file, writes } = await world();
    const path = mistyped(file);
    const allowed = await collab(['plan', '-f', path, '--allow-missing']);
    expect(allowed.exitCode).toBe(0);
    expect(allowed.stderr).toContain(
      'warning: project acme/web/storefrnt does not exist (did you mean acme/web/storefront? if not, add create: true to make it)\n',
    );
    expect(writes()).toEqual([]);
  });

  it('a mistyped group and a project below it: the nearest subgroup; a top-level group: none', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(yaml(['acme/platfrom', 'acmee'], ['acme/platfrom/api']));
    const planned = await collab(['plan', '-f', path]);
    expect(planned.exitCode).toBe(4);
    expect(planned.stderr.split('\n').slice(0, 3)).toEqual([
      `${path}: group acme/platfrom does not exist (did you mean acme/platform? if not, add create: true to make it)`,
      `${path}: group acmee does not exist (add create: true to make it)`,
      `${path}: project acme/platfrom/api does not exist (did you mean acme/platform/api? if not, add create: true to make it)`,
    ]);
    // acme/platfrom is known missing (read as a group of the file): both ask acme's subgroups, once.
    expect(reads(sandbox.requestLog)).toEqual([
      'GET /groups/acme%2Fplatfrom?with_projects=false 404',
      'GET /groups/acme/subgroups?per_page=100 200',
      'GET /groups/acmee?with_projects=false 404',
      'GET /projects/acme%2Fplatfrom%2Fapi 404',
    ]);
  });

  it('a project below a mistyped group not in the file: each group answering 404 asks the one above', async () => {
    const { collab, file, sandbox } = await world();
    sandbox.resetStats();
    const deep = file(yaml([], ['acme/platfrom/infra/terraform']));
    const result = await collab(['plan', '-f', deep]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(
      `project acme/platfrom/infra/terraform does not exist (did you mean acme/platform/infra/terraform? if not, add create: true to make it)`,
    );
    expect(reads(sandbox.requestLog)).toEqual([
      'GET /groups/acme%2Fplatfrom%2Finfra/projects?simple=true&per_page=100 404',
      'GET /groups/acme%2Fplatfrom/subgroups?per_page=100 404',
      'GET /groups/acme/subgroups?per_page=100 200',
      'GET /projects/acme%2Fplatfrom%2Finfra%2Fterraform 404',
    ]);
  });

  it('a group the plan listed whole (a projects: level) gives the names with no request of its own', async () => {
    const { collab, file, sandbox } = await world();
    const path = file(
      'version: 1\ngroups:\n  acme:\n    projects:\n      settings:\n        description: x\nprojects:\n  acme/web/storefrnt:\n    settings:\n      description: x\n',
    );
    const planned = await collab(['plan', '-f', path]);
    expect(planned.exitCode).toBe(4);
    expect(planned.stderr).toContain(
      'project acme/web/storefrnt does not exist (did you mean acme/web/storefront? if not, add create: true to make it)',
    );
    const lists = sandbox.requestLog.map((r) => r.path).filter((p) => /\/(projects|subgroups)\?/.test(p));
    expect(lists).toEqual([expect.stringMatching(/^\/api\/v4\/groups\/acme\/projects\?.*include_subgroups=true/)]);
  });

  it('gives no suggestion when the list fails (403, or 503 after its retries): exit 4, the plain message', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'collab-nearby-')), 'collab.yaml');
    writeFileSync(path, yaml([], ['acme/web/storefrnt']));
    hostile.answer(/^GET \/projects\//, { status: 404, body: { message: '404 Project Not Found' } });
    for (const status of [403, 503]) {
      let lists = 0;
      hostile.answer(/^GET \/groups\/acme%2Fweb\/projects\?/, () => {
        lists++;
        return { status, body: { message: `${status}` } };
      });
      const clock = virtualClock();
      const result = await hostile.collab(['plan', '-f', path], { clock });
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toBe(
        `error: ${path}: project acme/web/storefrnt does not exist (add create: true to make it); nothing was sent\nhint: fix or remove it, or pass --allow-missing to plan the rest\n`,
      );
      // A 403 is final; a 503 was sent again, its waits on the run's clock.
      expect(lists > 1).toBe(status === 503);
    }
  });
});
