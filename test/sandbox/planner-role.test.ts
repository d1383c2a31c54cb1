import { describe, expect, it } from 'vitest';
import type { NoteableKind } from '../../src/sandbox/model.js';
import { useSandboxIds } from '../helpers/cli.js';

/**
 * The Planner role (15) as GitLab decides it: no rung between Guest and Reporter, but a role of its
 * own (ProjectPolicy's `planner`, `team_access_level == PLANNER`), holding planning rights a
 * numeric `>= Reporter` leaves out (doc/user/permissions.md, the Planner column). Xena (the
 * `external` token) is made a Planner of a public project or group; being external, she reads it
 * and nothing more by herself.
 */
describe('sandbox: the Planner role', () => {
  const { sandbox, call, ids } = useSandboxIds({ seed: 12 });
  const storefront = () => ids.project('acme/web/storefront');

  /** Makes Xena a member of the project or group with `level`: a write, so the next case starts anew. */
  const makeXena = async (where: 'projects' | 'groups', id: number, level: number) => {
    const made = await call('POST', `/${where}/${id}/members`, {
      body: { user_id: ids.user('xena'), access_level: level },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  };

  /** Marks a seeded issue or epic confidential (the sandbox serves them read-only), after one read makes them. */
  const makeConfidential = async (kind: NoteableKind, parentId: number, iid: number) => {
    const list = kind === 'epic' ? `/groups/${parentId}/epics` : `/projects/${parentId}/issues`;
    expect((await call('GET', list)).status).toBe(200);
    const noteable = [...sandbox.store.noteables.values()].find(
      (n) => n.kind === kind && n.parentId === parentId && n.iid === iid,
    );
    expect(noteable).toBeDefined();
    if (noteable) noteable.confidential = true;
  };

  type NoteJson = { id: number; confidential: boolean };

  it('a Planner reads the internal notes of an issue: read_internal_note is planner_or_reporter_access', async () => {
    await makeXena('projects', storefront(), 15);
    const notes = await call('GET', `/projects/${storefront()}/issues/1/notes`, { as: 'external' });
    expect(notes.status).toBe(200);
    expect((notes.body as NoteJson[]).filter((n) => n.confidential)).toHaveLength(1);
  });

  it('a Guest reads no internal note of an issue (read_internal_note is not guest_access)', async () => {
    await makeXena('projects', storefront(), 10);
    const notes = await call('GET', `/projects/${storefront()}/issues/1/notes`, { as: 'external' });
    expect(notes.status).toBe(200);
    expect((notes.body as NoteJson[]).filter((n) => n.confidential)).toEqual([]);
  });

  it('a Planner’s internal note on an issue is kept internal: mark_note_as_internal is planner_or_reporter_access', async () => {
    await makeXena('projects', storefront(), 15);
    const made = await call('POST', `/projects/${storefront()}/issues/2/notes`, {
      as: 'external',
      body: { body: 'planning only', confidential: true },
    });
    expect(made).toMatchObject({ status: 201, body: { confidential: true } });
  });

  it('a Planner reads a confidential issue: read_confidential_issues is the Planner’s', async () => {
    await makeXena('projects', storefront(), 15);
    await makeConfidential('issue', storefront(), 2);
    const issues = await call('GET', `/projects/${storefront()}/issues`, { as: 'external' });
    expect((issues.body as Array<{ iid: number }>).map((i) => i.iid).sort()).toEqual([1, 2, 3]);
    expect((await call('GET', `/projects/${storefront()}/issues/2/notes`, { as: 'external' })).status).toBe(200);
  });

  it('a Guest does not see a confidential issue it did not write (404 Issue)', async () => {
    await makeXena('projects', storefront(), 10);
    await makeConfidential('issue', storefront(), 2);
    const issues = await call('GET', `/projects/${storefront()}/issues`, { as: 'external' });
    expect((issues.body as Array<{ iid: number }>).map((i) => i.iid).sort()).toEqual([1, 3]);
    expect((await call('GET', `/projects/${storefront()}/issues/2/notes`, { as: 'external' })).body).toEqual({
      message: '404 Issue Not Found',
    });
  });

  it('a Planner reads the approval rules of a public project: create_merge_request_in is guest_access & download_code', async () => {
    await makeXena('projects', storefront(), 15);
    expect((await call('GET', `/projects/${storefront()}/approval_rules`, { as: 'external' })).status).toBe(200);
  });

  it('a Planner of a private project may not read its approval rules (403: a Planner there has no download_code)', async () => {
    const terraform = ids.project('acme/platform/infra/terraform');
    await makeXena('projects', terraform, 15);
    expect((await call('GET', `/projects/${terraform}/approval_rules`, { as: 'external' })).status).toBe(403);
  });

  it('a Planner lists the pipeline schedules where pipelines are public: read_pipeline_schedule is public_builds & guest_access', async () => {
    await makeXena('projects', storefront(), 15);
    expect((await call('GET', `/projects/${storefront()}/pipeline_schedules`, { as: 'external' })).status).toBe(200);
  });

  it('a Planner may not list the pipeline schedules where pipelines are not public (403: reporter_access is not the Planner’s)', async () => {
    await makeXena('projects', storefront(), 15);
    const closed = await call('PUT', `/projects/${storefront()}`, { body: { public_builds: false } });
    expect(closed.status).toBe(200);
    expect((await call('GET', `/projects/${storefront()}/pipeline_schedules`, { as: 'external' })).status).toBe(403);
  });

  it('a group Planner reads a confidential epic: EpicPolicy lets planner_or_reporter_access read it', async () => {
    const acme = ids.group('acme');
    await makeXena('groups', acme, 15);
    await makeConfidential('epic', acme, 1);
    const epics = await call('GET', `/groups/${acme}/epics`, { as: 'external' });
    expect(epics.body).toEqual([expect.objectContaining({ id: acme, iid: 1 })]);
  });
});
