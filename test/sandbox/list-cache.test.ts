import { describe, expect, it } from 'vitest';
import { canReadProject } from '../../src/sandbox/access.js';
import { useSandbox } from '../helpers/cli.js';

/**
 * GET /projects keeps the store's list of projects and its orders by id and created_at between
 * requests (so that a page of 100,000 projects costs what a page costs; bench/README.md, case 6).
 * These tests hold it to the answers a fresh filter and sort would give, before and after changes.
 */

const { sandbox, get, call } = useSandbox({ seed: 300 });

async function ids(path: string, role: 'admin' | 'developer' = 'admin'): Promise<number[]> {
  const answer = await get(path, role);
  expect(answer.status).toBe(200);
  return (answer.body as Array<{ id: number }>).map((p) => p.id);
}

async function everyPage(query: string, role: 'admin' | 'developer' = 'admin'): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const items = await ids(`/projects?${query}&per_page=100&page=${page}`, role);
    out.push(...items);
    if (items.length < 100) return out;
  }
}

/**
 * The default order as the service defines it: created_at descending, ties by id descending. The
 * oracle is a fresh sort of the store's projects: the kept list under test sits between the two.
 */
function byCreatedDesc(): number[] {
  return [...sandbox.store.allProjects()]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id))
    .map((p) => p.id);
}

describe('GET /projects with the kept list and orders', () => {
  it('answers the default order (created_at desc) and the id orders as a fresh sort would', async () => {
    expect(await everyPage('order_by=created_at')).toEqual(byCreatedDesc());
    const ascending = sandbox.store.allProjects().map((p) => p.id);
    expect(await everyPage('order_by=id&sort=asc')).toEqual(ascending);
    expect(await everyPage('order_by=id&sort=desc')).toEqual([...ascending].reverse());
    // Asking twice gives the same answer (the kept order is not changed in place).
    expect(await everyPage('order_by=id&sort=desc')).toEqual([...ascending].reverse());
    expect(await everyPage('order_by=id&sort=asc')).toEqual(ascending);
  });

  it('cuts id windows exactly: id_after and id_before are exclusive, whatever the sort', async () => {
    expect(await ids('/projects?order_by=id&sort=asc&id_after=150&per_page=3')).toEqual([151, 152, 153]);
    expect(await ids('/projects?order_by=id&sort=desc&id_before=150&per_page=3')).toEqual([149, 148, 147]);
    expect(await ids('/projects?order_by=id&sort=asc&id_after=150&id_before=153&per_page=10')).toEqual([151, 152]);
    expect(await ids('/projects?order_by=id&sort=desc&id_after=150&id_before=156&per_page=10')).toEqual([
      155, 154, 153, 152, 151,
    ]);
    // Pages of a window count from the window's start.
    expect(await ids('/projects?order_by=id&sort=desc&id_after=150&id_before=156&per_page=2&page=2')).toEqual([
      153, 152,
    ]);
    expect(await ids('/projects?order_by=id&sort=asc&id_after=150&id_before=156&per_page=2&page=3')).toEqual([155]);
    expect(await ids('/projects?order_by=id&sort=asc&id_after=150&id_before=156&per_page=2&page=4')).toEqual([]);
    expect(await ids('/projects?order_by=id&id_before=1')).toEqual([]);
    expect(await ids('/projects?order_by=id&sort=asc&id_after=1000000')).toEqual([]);
  });

  it('gives a user without administrator rights the same order, less what they cannot read', async () => {
    const developer = await everyPage('order_by=created_at', 'developer');
    // A fresh filter of the store's projects by the one rule of who reads what (access.ts).
    const dana = sandbox.store.users.get(sandbox.store.usersByToken.get(sandbox.tokens.developer)?.id ?? -1);
    const readable = new Set(
      sandbox.store
        .allProjects()
        .filter((p) => canReadProject(sandbox.store, dana, p))
        .map((p) => p.id),
    );
    expect(developer).toEqual(byCreatedDesc().filter((id) => readable.has(id)));
    expect(developer.length).toBeLessThan(sandbox.store.allProjects().length);
  });

  it('sees a project created or deleted since the last list', async () => {
    // The deletion's job runs by the sandbox's clock: stopped here, so that it is done only when settled.
    const now = Date.now();
    sandbox.store.now = () => now;
    const before = await everyPage('order_by=id&sort=desc');
    const created = await call('POST', '/projects', { json: { name: 'kept-list-check' } });
    expect(created.status).toBe(201);
    const project = created.body as { id: number };
    expect(await ids('/projects?order_by=id&per_page=1')).toEqual([project.id]);
    expect(await ids('/projects?per_page=1')).toEqual([project.id]);
    expect(await everyPage('order_by=id&sort=desc')).toEqual([project.id, ...before]);

    // A personal project is deleted without delay (no delayed deletion outside groups), by a
    // background job: it is listed until the job is done.
    const removed = await call('DELETE', `/projects/${project.id}`);
    expect(removed.status).toBe(202);
    expect(await everyPage('order_by=id&sort=desc')).toEqual([project.id, ...before]);
    sandbox.store.deletions.settle(now + sandbox.store.deletions.durationMs);
    expect(await everyPage('order_by=id&sort=desc')).toEqual(before);
    expect(await everyPage('order_by=created_at')).toEqual(byCreatedDesc());
  });
});
