import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/sandbox/model.js';
import { BIN, tempConfigDir, useSandbox } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';
import { until } from '../helpers/processes.js';
import type { Answer } from '../helpers/sandbox-api.js';

interface ProjectJson {
  id: number;
  path_with_namespace: string;
  import_status: string;
  import_error: string | null;
  visibility: string;
  forked_from_project?: { id: number; path_with_namespace: string };
}

/** A project as the service shows it, and the ID of the project it is a fork of (null for none). */
function serviceViews(get: (path: string) => Promise<Answer>) {
  const view = async (path: string) =>
    (await get(`/projects/${encodeURIComponent(path)}`)).body as { id: number; forked_from_project?: { id: number } };
  return { view, upstream: async (path: string) => (await view(path)).forked_from_project?.id ?? null };
}

describe('collab projects fork', () => {
  // --wait's polls and the forks' copies on a virtual clock: jumped over, not waited.
  const { collab, sandbox, call, get } = useSandbox({ seed: 30, forkDuration: 60_000, clock: virtualClock() });
  const { view, upstream } = serviceViews(get);
  /** olivia's fork of a project, made through the API as a test's own set-up. */
  const forkAsOwner = async (path: string) => {
    expect((await call('POST', `/projects/${encodeURIComponent(path)}/fork`, { as: 'owner' })).status).toBe(201);
  };
  const project = (path: string): Project => {
    const found = sandbox.store.findProject(path);
    if (!found) throw new Error(`no project ${path} in the sandbox`);
    return found;
  };
  /** How many forks the service lists for a project. */
  const forkCount = async (path: string) =>
    ((await get(`/projects/${encodeURIComponent(path)}/forks`)).body as unknown[]).length;

  it('forks into the caller namespace and prints the new project with its import status, without waiting', async () => {
    const result = await collab(['projects', 'fork', 'acme/web/storefront', '--json'], { as: 'owner' });
    expect(result.stderr).toContain('check it with: collab projects view olivia/storefront');
    expect(result.exitCode).toBe(0);
    const fork = result.json<ProjectJson>();
    expect(fork.path_with_namespace).toBe('olivia/storefront');
    expect(fork.import_status).toBe('scheduled');
    expect(fork.forked_from_project?.id).toBe(project('acme/web/storefront').id);
    expect(await upstream('olivia/storefront')).toBe((await view('acme/web/storefront')).id);
  });

  it('shows the import status in the summary on a terminal', async () => {
    const result = await collab(['projects', 'fork', 'acme/web/design-system'], { as: 'owner', tty: true });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Import status\s+scheduled/);
    expect(result.stdout).toMatch(/Forked from\s+acme\/web\/design-system/);
  });

  it('refuses a second fork into the same place with the service message (409, exit 5)', async () => {
    await forkAsOwner('acme/web/storefront');
    const result = await collab(['projects', 'fork', 'acme/web/storefront'], { as: 'owner' });
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toContain('error: 409 name has already been taken; path has already been taken');
    expect(result.stderr).toContain('hint: the target namespace has a project with that name or path');
    expect(await forkCount('acme/web/storefront')).toBe(1);
  });

  it('waits for a fork into a namespace given by path, and prints it finished', async () => {
    const result = await collab(
      [
        'projects',
        'fork',
        'acme/platform/api',
        '--namespace',
        'globex',
        '--path',
        'api-copy',
        '--name',
        'API copy',
        '--wait',
        '--json',
      ],
      { as: 'owner' },
    );
    expect(result.exitCode).toBe(0);
    const fork = result.json<ProjectJson>();
    expect(fork.path_with_namespace).toBe('globex/api-copy');
    expect(fork.import_status).toBe('finished');
    // A public group cannot hold more than the internal source allows.
    expect(fork.visibility).toBe('internal');
    const stored = project('globex/api-copy');
    expect(stored.name).toBe('API copy');
    expect(stored.import.status).toBe('finished');
    expect(stored.forked_from_id).toBe(project('acme/platform/api').id);
  });

  it('shows each import status change on stderr when it is not a terminal', async () => {
    const result = await collab(['projects', 'fork', 'globex/handbook', '--path', 'handbook-2', '--wait'], {
      as: 'owner',
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('olivia/handbook-2: finished');
    expect(result.stdout).toMatch(/Import status\tfinished/);
  });

  it('sends namespace_id for a numeric --namespace and namespace_path for a path, never the deprecated namespace', async () => {
    const globex = sandbox.store.findGroup('globex')?.id as number;
    const forks = await forkCount('acme/web/storefront');
    const byId = await collab(['projects', 'fork', 'acme/web/storefront', '--namespace', String(globex), '--dry-run']);
    expect(byId.exitCode).toBe(0);
    expect(JSON.parse(byId.stdout.slice(byId.stdout.indexOf('{')))).toEqual({ namespace_id: globex });
    const byPath = await collab([
      'projects',
      'fork',
      'acme/web/storefront',
      '--namespace',
      'globex/research',
      '--visibility',
      'private',
      '--mr-default-target-self',
      '--dry-run',
    ]);
    expect(JSON.parse(byPath.stdout.slice(byPath.stdout.indexOf('{')))).toEqual({
      namespace_path: 'globex/research',
      visibility: 'private',
      mr_default_target_self: true,
    });
    expect(byPath.stderr).toContain('dry run: nothing was sent');
    expect(await forkCount('acme/web/storefront')).toBe(forks);
  });

  it('exits 6 with the service import_error when the fork fails', async () => {
    const result = await collab(['projects', 'fork', 'acme/legacy-monolith', '--wait'], { as: 'owner' });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain(
      'error: the fork olivia/legacy-monolith failed: Fork failed: the source repository could not be copied',
    );
    expect(result.stdout).toBe('');
    expect(project('olivia/legacy-monolith').import.status).toBe('failed');
  });

  it('answers 404 for a project the caller cannot see (exit 4), creating nothing', async () => {
    const before = sandbox.store.projects.size;
    const result = await collab(['projects', 'fork', 'initech/tps-reports'], { as: 'developer' });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('404 Project Not Found');
    expect(sandbox.store.projects.size).toBe(before);
  });

  it('answers 404 for a namespace the caller cannot create projects in (exit 4)', async () => {
    const result = await collab(['projects', 'fork', 'acme/web/storefront', '--namespace', 'globex'], {
      as: 'developer',
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('404 Target Namespace Not Found');
    expect(result.stderr).toContain('hint: --namespace globex does not exist or you cannot create projects in it');
    expect(sandbox.store.findProject('globex/storefront')).toBeUndefined();
  });

  it('refuses bad input before sending anything (exit 2)', async () => {
    const before = sandbox.store.projects.size;
    const timeoutAlone = await collab(['projects', 'fork', 'acme/web/storefront', '--timeout', '5m']);
    expect(timeoutAlone.exitCode).toBe(2);
    expect(timeoutAlone.stderr).toContain('--timeout applies only with --wait');
    const badPath = await collab(['projects', 'fork', 'acme/web/storefront', '--path', 'no spaces']);
    expect(badPath.exitCode).toBe(2);
    expect(badPath.stderr).toContain(
      `--path: invalid project path "no spaces": must be letters, digits, '_', '-' and '.' only`,
    );
    const badTimeout = await collab(['projects', 'fork', 'acme/web/storefront', '--wait', '--timeout', 'soon']);
    expect(badTimeout.exitCode).toBe(2);
    const badVisibility = await collab(['projects', 'fork', 'acme/web/storefront', '--visibility', 'secret']);
    expect(badVisibility.exitCode).toBe(2);
    expect(sandbox.store.projects.size).toBe(before);
  });

  it('lists the forks of a project, with filters', async () => {
    await forkAsOwner('acme/web/storefront');
    const all = await collab(['projects', 'forks', 'acme/web/storefront', '--json']);
    expect(all.exitCode).toBe(0);
    expect(all.json<ProjectJson[]>().map((p) => p.path_with_namespace)).toEqual(['olivia/storefront']);
    const table = await collab(['projects', 'forks', 'acme/web/storefront']);
    expect(table.stdout).toMatch(/^\d+\tolivia\/storefront\tpublic\t0\t/);
    const filtered = await collab(['projects', 'forks', 'acme/web/storefront', '--visibility', 'private', '--json']);
    expect(filtered.json()).toEqual([]);
    const owned = await collab(['projects', 'forks', 'acme/web/storefront', '--owned', '--json'], { as: 'developer' });
    expect(owned.json()).toEqual([]);
    const missing = await collab(['projects', 'forks', 'acme/nope']);
    expect(missing.exitCode).toBe(4);
  });
});

describe('collab projects fork-relation', () => {
  const { collab, sandbox, get, call } = useSandbox({ seed: 30 });
  const { view, upstream } = serviceViews(get);
  /** design-system marked as a fork of handbook through the API, as a test's own set-up. */
  const markFork = async () => {
    const answer = await call(
      'POST',
      `/projects/${(await view('acme/web/design-system')).id}/fork/${(await view('globex/handbook')).id}`,
    );
    expect(answer.status).toBe(201);
  };

  it('marks a project as a fork of another (owner), and refuses a second relation with 409', async () => {
    const added = await collab(['projects', 'fork-relation', 'add', 'acme/web/design-system', 'globex/handbook'], {
      as: 'owner',
    });
    expect(added.exitCode).toBe(0);
    expect(added.stderr).toContain('acme/web/design-system is now a fork of globex/handbook');
    expect(await upstream('acme/web/design-system')).toBe((await view('globex/handbook')).id);

    const again = await collab(
      ['projects', 'fork-relation', 'add', 'acme/web/design-system', 'globex/research/atlas'],
      { as: 'owner' },
    );
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toContain('error: 409 Project already forked');
    expect(again.stderr).toContain(
      'hint: remove its current relation first: `collab projects fork-relation remove acme/web/design-system`',
    );
    expect(await upstream('acme/web/design-system')).toBe((await view('globex/handbook')).id);
  });

  it('prints the project with -o json', async () => {
    const added = await collab([
      'projects',
      'fork-relation',
      'add',
      'acme/platform/api',
      String((await view('globex/handbook')).id),
      '--json',
    ]);
    expect(added.exitCode).toBe(0);
    expect(added.json<ProjectJson>().forked_from_project?.path_with_namespace).toBe('globex/handbook');
  });

  it('refuses a maintainer (403, exit 3) for add and remove', async () => {
    await markFork();
    const add = await collab(['projects', 'fork-relation', 'add', 'acme/web/storefront', 'globex/handbook'], {
      as: 'maintainer',
    });
    expect(add.exitCode).toBe(3);
    expect(add.stderr).toContain('403 Forbidden');
    expect(await upstream('acme/web/storefront')).toBeNull();
    const remove = await collab(['projects', 'fork-relation', 'remove', 'acme/web/design-system'], {
      as: 'maintainer',
    });
    expect(remove.exitCode).toBe(3);
    expect(await upstream('acme/web/design-system')).not.toBeNull();
  });

  it('answers 404 for an upstream project that does not exist', async () => {
    const result = await collab(['projects', 'fork-relation', 'add', 'acme/web/storefront', 'acme/nope'], {
      as: 'owner',
    });
    expect(result.exitCode).toBe(4);
    expect(await upstream('acme/web/storefront')).toBeNull();
  });

  it('removes the relation, and says so when there is none (304 is success)', async () => {
    await markFork();
    const removed = await collab(['projects', 'fork-relation', 'remove', 'acme/web/design-system'], { as: 'owner' });
    expect(removed.exitCode).toBe(0);
    expect(removed.stderr).toContain('removed the fork relation of acme/web/design-system');
    expect(await upstream('acme/web/design-system')).toBeNull();
    const again = await collab(['projects', 'fork-relation', 'remove', 'acme/web/design-system'], { as: 'owner' });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('acme/web/design-system is not a fork; nothing to remove');
  });

  it('the service lowers a fork’s visibility asked above its source’s, as ForkService does, and refuses nothing', async () => {
    const source = sandbox.store.allProjects().find((p) => p.visibility !== 'public' && p.forked_from_id === null);
    const answer = await call('POST', `/projects/${source?.id}/fork`, {
      json: { name: 'lowered', path: 'lowered', visibility: 'public' },
    });
    expect([answer.status, answer.body.visibility]).toEqual([201, source?.visibility]);
  });

  it('the service answers a project marked as a fork of itself 400 as ForkService words it', async () => {
    const answer = await call('POST', '/projects/acme%2Fweb%2Fstorefront/fork/acme%2Fweb%2Fstorefront');
    expect([answer.status, answer.body]).toEqual([
      400,
      { message: 'Target project cannot be equal to source project' },
    ]);
  });

  it('refuses a project as a fork of itself before sending (exit 2)', async () => {
    const result = await collab(['projects', 'fork-relation', 'add', 'acme/web/storefront', 'ACME/web/storefront']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('a project cannot be marked as a fork of itself');
  });
});

describe('collab projects fork --wait on a slow fork', () => {
  const requests: string[] = [];
  // In this process the 1 s of --timeout is jumped over on a virtual clock; the spawned run below waits in real time (its own process).
  const clock = virtualClock();
  const { collab, sandbox } = useSandbox({
    seed: 30,
    forkDuration: 600_000,
    log: (line) => requests.push(line),
    clock,
  });

  it('gives up after --timeout with exit 7, naming the command to check on it later', async () => {
    const result = await collab(['projects', 'fork', 'acme/web/storefront', '--wait', '--timeout', '1s'], {
      as: 'owner',
    });
    expect(result.exitCode).toBe(7);
    expect(result.stderr).toContain('error: timed out after 1s waiting for the fork olivia/storefront');
    expect(result.stderr).toContain('hint: the fork continues; check it with: collab projects view olivia/storefront');
    const fork = sandbox.store.findProject('olivia/storefront') as Project;
    expect(['scheduled', 'started']).toContain(fork.import.status);
  });

  it('stops waiting on Ctrl-C (exit 130) and leaves the fork running', async () => {
    const config = tempConfigDir();
    const child = execa('node', [BIN, 'projects', 'fork', 'globex/handbook', '--wait'], {
      reject: false,
      env: {
        PATH: process.env.PATH,
        HOME: config,
        COLLAB_CONFIG_DIR: config,
        COLLAB_HOST: sandbox.url,
        COLLAB_TOKEN: sandbox.tokens.owner,
        NO_COLOR: '1',
        CI: 'true',
      },
      extendEnv: false,
    });
    // Interrupt only once the command polls the new fork: it is then waiting on it.
    const polled = () => {
      const fork = sandbox.store.findProject('olivia/handbook');
      return fork !== undefined && requests.some((line) => line.startsWith(`GET /api/v4/projects/${fork.id} 200`));
    };
    await until(polled, 'the command to poll the new fork');
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(String(result.stderr)).toContain(
      'the fork continues; check it with: collab projects view olivia/handbook, or wait again: collab projects view olivia/handbook --wait\n',
    );
    expect(sandbox.store.findProject('olivia/handbook')?.import.status).not.toBe('failed');
    // Waiting again: the service's clock moved past the fork's copy, the wait ends at its first look.
    const realNow = sandbox.store.now;
    sandbox.store.now = () => realNow() + 700_000;
    try {
      const again = await collab(['projects', 'view', 'olivia/handbook', '--wait', '--json'], { as: 'owner' });
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.json<{ import_status: string }>().import_status).toBe('finished');
    } finally {
      sandbox.store.now = realNow;
    }
  });
});
