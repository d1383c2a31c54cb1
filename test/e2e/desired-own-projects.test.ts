import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** A group's `projects:`, its export and its plan reach the projects whose namespace is that group or below it; one shared into it is another group's. */
const world = useDesiredWorlds();

describe("collab.yaml and collab export: a group's own projects", () => {
  it('a globex project shared into acme is neither planned, counted nor exported under acme; listed by path it is a target', async () => {
    const { collab, file, call, idOf, served } = await world();
    const handbook = await idOf('projects', 'globex/handbook');
    const acme = await idOf('groups', 'acme');
    expect(
      (await call('POST', `/projects/${handbook}/share`, { json: { group_id: acme, group_access: 30 } })).status,
    ).toBe(201);
    // The service lists the shared project among acme's (with_shared is on unless turned off).
    const listedUnder = (await served.projectsUnder('acme')).map((p) => String(p.path_with_namespace));
    expect(listedUnder).toContain('globex/handbook');
    const own = listedUnder.filter((path) => path.startsWith('acme/')).length;

    const grouped = file('version: 1\ngroups:\n  acme:\n    projects:\n      settings:\n        merge_method: ff\n');
    const plan = await collab(['plan', '-f', grouped, '-o', 'ndjson']);
    expect(plan.exitCode).toBe(8);
    const targets = new Set(plan.lines<{ target: string }>().map((change) => change.target));
    expect(targets.has('globex/handbook')).toBe(false);
    expect(targets.size).toBe(own);
    // acme itself is a target too.
    expect(plan.stderr).toContain(` read ${own + 1} targets`);

    const exported = await collab(['export', 'acme']);
    expect(exported.exitCode).toBe(0);
    expect(exported.stdout).not.toContain('handbook');

    const byPath = file(
      'version: 1\ngroups:\n  acme:\n    projects:\n      settings:\n        merge_method: ff\nprojects:\n  globex/handbook:\n    settings:\n      merge_method: ff\n',
      'by-path.yaml',
    );
    const listed = await collab(['plan', '-f', byPath, '-o', 'ndjson']);
    expect(listed.lines<{ target: string }>().filter((change) => change.target === 'globex/handbook')).toHaveLength(1);
    expect(listed.stderr).toContain(` read ${own + 2} targets`);
  });
});
