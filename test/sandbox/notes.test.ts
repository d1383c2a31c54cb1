import { describe, expect, it } from 'vitest';
import { type Sandbox, type SandboxRole, startSandbox } from '../../src/sandbox/index.js';
import { useSandboxIds } from '../helpers/cli.js';
import { callSandbox } from '../helpers/sandbox-api.js';

/** The sandbox's notes and noteables, over HTTP with fetch: the service's semantics, without the CLI. */
describe('sandbox: noteables and notes', () => {
  const { sandbox, call, ids } = useSandboxIds({ seed: 12 });
  const projectId = (path: string) => ids.project(path);
  const groupId = (path: string) => ids.group(path);
  /** How many notes a noteable's list counts (x-total): its seeded notes are made on this first read. */
  const noteCount = async (path: string) => {
    const total = (await call('GET', path)).headers.get('x-total');
    expect(total).toMatch(/^\d+$/);
    return Number(total);
  };
  const storefront = () => projectId('acme/web/storefront');
  type NoteJson = {
    id: number;
    body: string;
    system: boolean;
    confidential: boolean;
    created_at: string;
    updated_at: string;
    author: { username: string };
    noteable_type: string;
  };

  describe('noteables', () => {
    it('gives every project issues and merge requests with iids 1 to 3 and one snippet, read-only and paginated', async () => {
      const id = storefront();
      const issues = await call('GET', `/projects/${id}/issues?sort=asc`, { as: null });
      expect(issues.status).toBe(200);
      expect((issues.body as Array<{ iid: number; project_id: number }>).map((i) => i.iid)).toEqual([1, 2, 3]);
      expect(issues.headers.get('x-total')).toBe('3');
      const mergeRequests = await call('GET', `/projects/${id}/merge_requests?per_page=2`);
      expect((mergeRequests.body as Array<{ iid: number; sha: string }>).map((m) => m.iid)).toEqual([3, 2]);
      expect((mergeRequests.body as Array<{ sha: string }>)[0]?.sha).toMatch(/^[0-9a-f]{40}$/);
      expect(mergeRequests.headers.get('x-next-page')).toBe('2');
      expect(mergeRequests.headers.get('link')).toContain('rel="next"');
      const snippets = await call('GET', `/projects/${id}/snippets`);
      expect(snippets.body).toEqual([expect.objectContaining({ id, project_id: id, file_name: expect.any(String) })]);
      expect((await call('POST', `/projects/${id}/issues`, { body: { title: 'x' } })).status).toBe(405);
    });

    it('gives every group one epic whose ID is the group ID', async () => {
      const acme = groupId('acme');
      const epics = await call('GET', `/groups/acme/epics`);
      expect(epics.status).toBe(200);
      expect(epics.body).toEqual([expect.objectContaining({ id: acme, iid: 1, group_id: acme })]);
    });

    it('hides the noteables of a private project from callers who cannot see it (404)', async () => {
      const terraform = projectId('acme/platform/infra/terraform');
      expect((await call('GET', `/projects/${terraform}/issues`, { as: null })).status).toBe(404);
      expect((await call('GET', `/projects/${terraform}/issues`, { as: 'external' })).body).toEqual({
        message: '404 Project Not Found',
      });
      expect((await call('GET', `/projects/${terraform}/issues`, { as: 'reporter' })).status).toBe(200);
    });

    it('shows merge requests of a private project to reporters and above only, as guests see no code', async () => {
      const terraform = projectId('acme/platform/infra/terraform');
      expect(
        (
          await call('POST', `/projects/${terraform}/members`, {
            body: { user_id: ids.user('xena'), access_level: 10 },
          })
        ).status,
      ).toBe(201);
      expect((await call('GET', `/projects/${terraform}/issues/1/notes`, { as: 'external' })).status).toBe(200);
      expect((await call('GET', `/projects/${terraform}/merge_requests`, { as: 'external' })).body).toEqual([]);
      expect((await call('GET', `/projects/${terraform}/merge_requests/1/notes`, { as: 'external' })).body).toEqual({
        message: '404 MergeRequest Not Found',
      });
    });

    /** Makes Xena a Guest where `path` is and marks its first issue or its epic confidential, written by her. */
    const confidentialByXenaAsGuest = async (kind: 'issue' | 'epic', parentId: number) => {
      const where = kind === 'epic' ? 'groups' : 'projects';
      const xena = ids.user('xena');
      const made = await call('POST', `/${where}/${parentId}/members`, { body: { user_id: xena, access_level: 10 } });
      expect(made.status).toBe(201);
      expect((await call('GET', `/${where}/${parentId}/${kind === 'epic' ? 'epics' : 'issues'}`)).status).toBe(200);
      const noteable = [...sandbox.store.noteables.values()].find(
        (n) => n.kind === kind && n.parentId === parentId && n.iid === 1,
      );
      expect(noteable).toBeDefined();
      if (noteable) Object.assign(noteable, { confidential: true, author_id: xena });
    };

    it('hides a confidential epic from the Guest who wrote it: EpicPolicy makes no exception for its author', async () => {
      const acme = groupId('acme');
      await confidentialByXenaAsGuest('epic', acme);
      expect((await call('GET', `/groups/${acme}/epics`, { as: 'external' })).body).toEqual([]);
      expect((await call('GET', `/groups/${acme}/epics/${acme}/notes`, { as: 'external' })).body).toEqual({
        message: '404 Epic Not Found',
      });
    });

    it('shows a confidential issue to the Guest who wrote it (IssuePolicy: assignee_or_author)', async () => {
      await confidentialByXenaAsGuest('issue', storefront());
      const issues = (await call('GET', `/projects/${storefront()}/issues`, { as: 'external' })).body as Array<{
        iid: number;
      }>;
      expect(issues.map((i) => i.iid)).toContain(1);
    });

    it('creates the same noteables and note IDs whatever order they are first touched in', async () => {
      const other = await startSandbox({ port: 0, seed: 12 });
      try {
        const read = async (where: Sandbox, path: string) => (await callSandbox(where, 'GET', path)).body as NoteJson[];
        // The other sandbox touches the group and a later project first.
        await read(other, `/groups/acme/epics/${groupId('acme')}/notes`);
        await read(other, `/projects/${projectId('globex/handbook')}/issues/1/notes`);
        const here = await read(sandbox, `/projects/${projectId('acme/platform/api')}/merge_requests/1/notes`);
        const there = await read(other, `/projects/${projectId('acme/platform/api')}/merge_requests/1/notes`);
        const essentials = (notes: NoteJson[]) =>
          notes.map((n) => [n.id, n.body, n.created_at, n.author.username, n.system]);
        expect(here).toHaveLength(3);
        expect(essentials(there)).toEqual(essentials(here));
      } finally {
        await other.close();
      }
    });
  });

  describe('reading notes', () => {
    it('requires authentication even on a public project', async () => {
      expect(await call('GET', `/projects/${storefront()}/issues/1/notes`, { as: null })).toMatchObject({
        status: 401,
        body: { message: '401 Unauthorized' },
      });
    });

    it('lists notes and system notes newest first by default, paginated', async () => {
      const response = await call('GET', `/projects/${storefront()}/issues/1/notes?per_page=2`);
      expect(response.status).toBe(200);
      const notes = response.body as NoteJson[];
      expect(notes).toHaveLength(2);
      expect(response.headers.get('x-total')).toBe('4');
      expect(response.headers.get('x-total-pages')).toBe('2');
      expect(Date.parse(notes[0]?.created_at ?? '')).toBeGreaterThan(Date.parse(notes[1]?.created_at ?? ''));
      const all = (await call('GET', `/projects/${storefront()}/issues/1/notes`)).body as NoteJson[];
      expect(all.filter((n) => n.system)).toHaveLength(1);
      expect(all[0]).toMatchObject({
        noteable_type: 'Issue',
        noteable_iid: 1,
        project_id: storefront(),
        attachment: null,
        resolvable: false,
        author: { username: expect.any(String), email: expect.any(String) },
      });
    });

    it('orders by created_at or updated_at, ascending or descending', async () => {
      const ids = async (query: string) =>
        ((await call('GET', `/projects/${storefront()}/issues/1/notes?${query}`)).body as NoteJson[]).map((n) => n.id);
      const byCreated = await ids('sort=asc');
      const byUpdated = await ids('sort=asc&order_by=updated_at');
      expect(byCreated).toEqual([...(await ids('sort=desc'))].reverse());
      // The first note was edited two days later: it moves to the end when ordered by updated_at.
      expect(byUpdated).toEqual([...byCreated.slice(1), byCreated[0]]);
      expect(await call('GET', `/projects/${storefront()}/issues/1/notes?sort=up`)).toMatchObject({
        status: 400,
        body: { error: 'sort does not have a valid value' },
      });
      expect(await call('GET', `/projects/${storefront()}/issues/1/notes?order_by=id`)).toMatchObject({
        status: 400,
        body: { error: 'order_by does not have a valid value' },
      });
    });

    it('shows confidential notes to reporters and above only', async () => {
      const path = `/projects/${storefront()}/issues/1/notes`;
      const forReporter = (await call('GET', path, { as: 'reporter' })).body as NoteJson[];
      const confidential = forReporter.find((n) => n.confidential);
      expect(confidential).toBeDefined();
      const forOutsider = (await call('GET', path, { as: 'external' })).body as NoteJson[];
      expect(forOutsider.map((n) => n.id)).not.toContain(confidential?.id);
      expect(forOutsider).toHaveLength(forReporter.length - 1);
      expect((await call('GET', `${path}/${confidential?.id}`, { as: 'external' })).body).toEqual({
        message: '404 Note Not Found',
      });
      expect((await call('GET', `${path}/${confidential?.id}`, { as: 'reporter' })).body).toMatchObject({
        id: confidential?.id,
        confidential: true,
      });
    });

    it('answers 404 for an unknown project, noteable or note, and for a note of another noteable', async () => {
      expect((await call('GET', '/projects/99999/issues/1/notes')).body).toEqual({ message: '404 Project Not Found' });
      expect((await call('GET', `/projects/${storefront()}/issues/9/notes`)).body).toEqual({
        message: '404 Issue Not Found',
      });
      expect((await call('GET', `/projects/${storefront()}/snippets/99999/notes`)).body).toEqual({
        message: '404 Snippet Not Found',
      });
      expect((await call('GET', '/groups/acme/epics/99999/notes')).body).toEqual({ message: '404 Epic Not Found' });
      const issueNote = ((await call('GET', `/projects/${storefront()}/issues/1/notes`)).body as NoteJson[])[0];
      expect((await call('GET', `/projects/${storefront()}/issues/2/notes/${issueNote?.id}`)).body).toEqual({
        message: '404 Note Not Found',
      });
      expect((await call('GET', `/projects/${storefront()}/issues/1/notes/abc`)).body).toEqual({
        error: 'note_id is invalid',
      });
    });

    it('serves the notes of merge requests, snippets and epics through the same routes (an epic’s with project_id null)', async () => {
      const mr = (await call('GET', `/projects/acme%2Fweb%2Fstorefront/merge_requests/1/notes`)).body as NoteJson[];
      expect(mr.map((n) => n.noteable_type)).toEqual(['MergeRequest', 'MergeRequest', 'MergeRequest']);
      const snippet = (await call('GET', `/projects/${storefront()}/snippets/${storefront()}/notes`))
        .body as NoteJson[];
      expect(snippet).toEqual([expect.objectContaining({ noteable_type: 'Snippet', noteable_iid: null })]);
      const epic = (await call('GET', `/groups/${groupId('acme')}/epics/${groupId('acme')}/notes`)).body as NoteJson[];
      expect(epic.map((n) => n.system)).toEqual([true, false]);
      expect(epic[0]).toHaveProperty('project_id', null);
    });
  });

  describe('creating notes', () => {
    const issuePath = () => `/projects/${storefront()}/issues/2/notes`;

    it('creates a note (201) that is not confidential by default', async () => {
      const response = await call('POST', issuePath(), { as: 'developer', body: { body: 'On it.' } });
      expect(response.status).toBe(201);
      const note = response.body as NoteJson;
      expect(note).toMatchObject({ body: 'On it.', system: false, confidential: false, author: { username: 'dana' } });
      expect((await call('GET', `${issuePath()}/${note.id}`)).body).toMatchObject({ body: 'On it.' });
    });

    it('requires a body: {"error": "body is missing"}; a blank one is refused by the note model', async () => {
      expect(await call('POST', issuePath(), { body: {} })).toMatchObject({
        status: 400,
        body: { error: 'body is missing' },
      });
      expect(await call('POST', issuePath(), { body: { body: '   ' } })).toMatchObject({
        status: 400,
        body: { message: `400 Bad request - Note {:note=>["can't be blank"]}` },
      });
    });

    it('refuses a body over 1,000,000 characters with 400, counting characters not UTF-16 units', async () => {
      const before = await noteCount(issuePath());
      const tooLong = await call('POST', issuePath(), { body: { body: 'x'.repeat(1_000_001) } });
      expect(tooLong).toMatchObject({
        status: 400,
        body: { message: '400 Bad request - Note {:note=>["is too long (maximum is 1000000 characters)"]}' },
      });
      expect(await noteCount(issuePath())).toBe(before);
      // 500,000 emoji are 1,000,000 UTF-16 units but 500,000 characters.
      expect((await call('POST', issuePath(), { body: { body: '😀'.repeat(500_000) } })).status).toBe(201);
      expect((await call('POST', issuePath(), { body: { body: 'y'.repeat(1_000_000) } })).status).toBe(201);
    });

    it('answers an award-emoji-only body with the snippet-like object and creates no note', async () => {
      const noteables = [
        issuePath(),
        `/projects/${storefront()}/merge_requests/1/notes`,
        `/projects/${storefront()}/snippets/${storefront()}/notes`,
        `/groups/acme/epics/${groupId('acme')}/notes`,
      ];
      const counts = async () => Promise.all(noteables.map(noteCount));
      const before = await counts();
      for (const [path, emoji] of [
        [issuePath(), ':+1:'],
        [`/projects/${storefront()}/merge_requests/1/notes`, '👍'],
        [`/projects/${storefront()}/snippets/${storefront()}/notes`, ':tada:'],
      ] as const) {
        const response = await call('POST', path, { body: { body: emoji } });
        expect(response.status).toBe(201);
        expect(Object.keys(response.body as object).sort()).toEqual([
          'author',
          'created_at',
          'expires_at',
          'file_name',
          'id',
          'title',
          'updated_at',
        ]);
      }
      const epic = await call('POST', `/groups/acme/epics/${groupId('acme')}/notes`, { body: { body: ':rocket:' } });
      expect(epic.body).toMatchObject({ id: groupId('acme'), confidential: false, expires_at: null });
      expect(epic.body).not.toHaveProperty('body');
      expect(await counts()).toEqual(before);
      const issue = (await call('GET', `/projects/${storefront()}/issues`)).body as Array<{
        iid: number;
        upvotes: number;
      }>;
      expect(issue.find((i) => i.iid === 2)?.upvotes).toBe(1);
    });

    it('lets only administrators and owners set created_at (403 otherwise)', async () => {
      const forbidden = await call('POST', issuePath(), {
        as: 'developer',
        body: { body: 'backdated', created_at: '2020-01-01T00:00:00Z' },
      });
      expect(forbidden.status).toBe(403);
      expect((forbidden.body as { message: string }).message).toMatch(/^403 Forbidden/);
      const owner = await call('POST', issuePath(), {
        as: 'owner',
        body: { body: 'backdated', created_at: '2020-01-01T00:00:00Z' },
      });
      expect(owner).toMatchObject({
        status: 201,
        body: { created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' },
      });
      const epicOwner = await call('POST', `/groups/acme/epics/${groupId('acme')}/notes`, {
        as: 'owner',
        body: { body: 'old', created_at: '2020-02-01' },
      });
      expect(epicOwner.body).toMatchObject({ created_at: '2020-02-01T00:00:00.000Z' });
      expect(await call('POST', issuePath(), { body: { body: 'x', created_at: 'yesterday' } })).toMatchObject({
        status: 400,
        body: { error: 'created_at is invalid' },
      });
    });

    it('marks issue notes confidential for reporters and above; below that the flag is dropped', async () => {
      const byReporter = await call('POST', issuePath(), {
        as: 'reporter',
        body: { body: 'internal', confidential: true },
      });
      expect(byReporter.body).toMatchObject({ confidential: true });
      const byOutsider = await call('POST', issuePath(), {
        as: 'external',
        body: { body: 'not internal', confidential: true },
      });
      expect(byOutsider).toMatchObject({ status: 201, body: { confidential: false } });
    });

    it('lets any signed-in reader comment, but nobody on an archived project', async () => {
      const handbook = projectId('globex/handbook');
      expect(
        (await call('POST', `/projects/${handbook}/issues/1/notes`, { as: 'developer', body: { body: 'drive-by' } }))
          .status,
      ).toBe(201);
      expect(
        (await call('POST', `/projects/${handbook}/issues/1/notes`, { as: null, body: { body: 'anon' } })).status,
      ).toBe(401);
      expect((await call('POST', `/projects/${handbook}/archive`)).status).toBe(201);
      expect((await call('POST', `/projects/${handbook}/issues/1/notes`, { body: { body: 'late' } })).status).toBe(403);
    });
  });

  describe('changing and deleting notes', () => {
    const create = async (as: SandboxRole, path: string, body = 'draft') =>
      (await call('POST', path, { as, body: { body } })).body as NoteJson;

    it('lets the author edit a note; updated_at moves, created_at stays', async () => {
      const path = `/projects/${storefront()}/merge_requests/2/notes`;
      const note = await create('developer', path);
      const response = await call('PUT', `${path}/${note.id}`, { as: 'developer', body: { body: 'final' } });
      expect(response).toMatchObject({
        status: 200,
        body: { id: note.id, body: 'final', created_at: note.created_at },
      });
      expect((await call('GET', `${path}/${note.id}`)).body).toMatchObject({ body: 'final' });
    });

    it("refuses to let a developer edit or delete someone else's note; maintainers may", async () => {
      const path = `/projects/${storefront()}/issues/3/notes`;
      const note = await create('reporter', path);
      expect((await call('PUT', `${path}/${note.id}`, { as: 'developer', body: { body: 'hijack' } })).status).toBe(403);
      expect((await call('DELETE', `${path}/${note.id}`, { as: 'developer' })).status).toBe(403);
      expect((await call('PUT', `${path}/${note.id}`, { as: 'maintainer', body: { body: 'moderated' } })).status).toBe(
        200,
      );
      const deleted = await call('DELETE', `${path}/${note.id}`, { as: 'maintainer' });
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeUndefined();
      expect((await call('GET', `${path}/${note.id}`)).status).toBe(404);
    });

    it('refuses to edit or delete system notes', async () => {
      const path = `/projects/${storefront()}/issues/1/notes`;
      const system = ((await call('GET', path)).body as NoteJson[]).find((n) => n.system);
      expect((await call('PUT', `${path}/${system?.id}`, { body: { body: 'rewrite history' } })).status).toBe(403);
      expect((await call('DELETE', `${path}/${system?.id}`)).status).toBe(403);
    });

    it('toggles confidential on issue notes with PUT', async () => {
      const path = `/projects/${storefront()}/issues/3/notes`;
      const note = await create('maintainer', path);
      expect(
        (await call('PUT', `${path}/${note.id}`, { as: 'maintainer', body: { confidential: true } })).body,
      ).toMatchObject({ confidential: true, body: 'draft' });
      expect((await call('GET', `${path}/${note.id}`)).body).toMatchObject({ confidential: true });
      expect(
        (await call('PUT', `${path}/${note.id}`, { as: 'maintainer', body: { confidential: false } })).body,
      ).toMatchObject({ confidential: false });
    });

    it('validates the update: issue notes need body or confidential, others a body; blank and too long are refused', async () => {
      const issuePath = `/projects/${storefront()}/issues/3/notes`;
      const issueNote = await create('admin', issuePath);
      expect((await call('PUT', `${issuePath}/${issueNote.id}`, { body: {} })).body).toEqual({
        error: 'body, confidential are missing, at least one parameter must be provided',
      });
      expect((await call('PUT', `${issuePath}/${issueNote.id}`, { body: { body: '' } })).body).toEqual({
        error: 'body is empty',
      });
      expect(
        (await call('PUT', `${issuePath}/${issueNote.id}`, { body: { body: 'z'.repeat(1_000_001) } })).status,
      ).toBe(400);
      const epicPath = `/groups/acme/epics/${groupId('acme')}/notes`;
      const epicNote = await create('admin', epicPath);
      expect((await call('PUT', `${epicPath}/${epicNote.id}`, { body: { confidential: true } })).body).toEqual({
        error: 'body is missing',
      });
      expect((await call('PUT', `${epicPath}/${epicNote.id}`, { body: { body: 'epic edit' } })).body).toMatchObject({
        body: 'epic edit',
      });
      expect((await call('DELETE', `${epicPath}/${epicNote.id}`)).status).toBe(204);
    });
  });
});
