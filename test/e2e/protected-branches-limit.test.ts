import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * GitLab's list of a project's protected branches holds at most 100, whatever the page
 * (ProtectedBranchesFinder's LIMIT, app/finders/protected_branches_finder.rb @71786ddc): the
 * sandbox answers so, `protected-branches list` says the list may not be whole, and a plan asks
 * for a branch the file names by name rather than planning to protect it again.
 */
const world = useDesiredWorlds();
const STOREFRONT = `/projects/${encodeURIComponent('acme/web/storefront')}`;

/** A world whose storefront has 120 protected branches, rel-001 to rel-120, oldest first. */
async function crowded() {
  const made = await world();
  const existing = (await made.getJson(`${STOREFRONT}/protected_branches?per_page=100`)).length;
  for (let i = 1; i <= 120 - existing; i++) {
    const name = `rel-${String(i).padStart(3, '0')}`;
    const answer = await made.call('POST', `${STOREFRONT}/protected_branches`, { json: { name } });
    expect(answer.status).toBe(201);
  }
  return made;
}

describe('protected branches beyond the 100 GitLab lists', () => {
  it('the sandbox lists the first 100, page 2 empty, search among those 100; a GET by name finds any', async () => {
    const { getJson, call } = await crowded();
    expect(await getJson(`${STOREFRONT}/protected_branches?per_page=100`)).toHaveLength(100);
    expect(await getJson(`${STOREFRONT}/protected_branches?per_page=100&page=2`)).toEqual([]);
    const last = (await getJson(`${STOREFRONT}/protected_branches?per_page=100`)).at(-1).name;
    const beyond = 'rel-118';
    expect(last < beyond).toBe(true);
    expect(await getJson(`${STOREFRONT}/protected_branches?search=${beyond}`)).toEqual([]);
    expect((await call('GET', `${STOREFRONT}/protected_branches/${beyond}`)).status).toBe(200);
  });

  it('`protected-branches list --all` shows 100 and says on stderr that there may be more', async () => {
    const { collab } = await crowded();
    const listed = await collab([
      'protected-branches',
      'list',
      '--project',
      'acme/web/storefront',
      '--all',
      '-o',
      'ndjson',
    ]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout.trimEnd().split('\n')).toHaveLength(100);
    expect(listed.stderr).toMatch(
      /^warning: acme\/web\/storefront may have more protected branches: GitLab lists at most 100/m,
    );
  });

  it('a plan changes a branch beyond the list, found by name, instead of protecting it again', async () => {
    const { collab, file, sandbox, writes } = await crowded();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    protected_branches:\n      - { name: rel-118, allow_force_push: true }\n',
    );
    const plan = await collab(['plan', '-f', path, '--no-graphql']);
    expect(plan.exitCode, plan.stderr).toBe(8);
    expect(plan.stdout).toContain('~ protected branch rel-118 {"allow_force_push":false} -> {"allow_force_push":true}');
    sandbox.resetStats();
    const applied = await collab(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      `PATCH /api/v4/projects/1/protected_branches/rel-118`,
    ]);
  });

  it('enforce on a project at the 100 is refused before any write: the others cannot be seen to remove them', async () => {
    const { collab, file, sandbox, writes } = await crowded();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    protected_branches:\n      enforce: true\n      items: [{ name: main }]\n',
    );
    sandbox.resetStats();
    const plan = await collab(['plan', '-f', path]);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(
      /^warning: GraphQL holds more than 100 branch rules of a project, a page's worth: reading protected_branches by REST$/m,
    );
    expect(plan.stderr).toMatch(
      /^error: protected_branches: project acme\/web\/storefront has at least 100 protected branches, as many as GitLab lists: enforce cannot see the others/m,
    );
    expect(writes()).toEqual([]);
  });
});
