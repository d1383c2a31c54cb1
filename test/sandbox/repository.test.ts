import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * A repository's branches and tags over HTTP, as lib/api/branches.rb and lib/api/tags.rb answer
 * (src/sandbox/routes/repository.ts cites them), and a pipeline schedule's short ref expanded
 * against them.
 */
const { call } = useSandbox({ seed: 10 });
const storefront = '/projects/acme%2Fweb%2Fstorefront';
const api = '/projects/acme%2Fplatform%2Fapi';

describe('sandbox: repository branches', () => {
  it('answers a branch the repository has, with its commit, and 404 Branch Not Found for one it lacks', async () => {
    const main = await call('GET', `${storefront}/repository/branches/main`, { as: 'reporter' });
    const missing = await call('GET', `${storefront}/repository/branches/develop`, { as: 'reporter' });
    expect([main.status, main.body.name, main.body.default, main.body.protected, main.body.commit.id]).toEqual([
      200,
      'main',
      true,
      true,
      expect.stringMatching(/^[0-9a-f]{40}$/),
    ]);
    expect([missing.status, missing.body]).toEqual([404, { message: '404 Branch Not Found' }]);
  });

  it('answers 404 Repository Not Found for a branch of a disabled repository, where the tags API answers 403', async () => {
    await call('PUT', storefront, { json: { repository_access_level: 'disabled' } });
    const branch = await call('GET', `${storefront}/repository/branches/main`, { as: 'reporter' });
    const tag = await call('GET', `${storefront}/repository/tags/v1`, { as: 'reporter' });
    expect([branch.status, branch.body, tag.status]).toEqual([404, { message: '404 Repository Not Found' }, 403]);
  });

  it('makes a branch from main for a developer, which a later GET then finds', async () => {
    const made = await call('POST', `${storefront}/repository/branches`, {
      as: 'developer',
      json: { branch: 'feature/login', ref: 'main' },
    });
    const found = await call('GET', `${storefront}/repository/branches/feature%2Flogin`);
    expect([made.status, made.body.name, made.body.protected, found.status]).toEqual([
      201,
      'feature/login',
      false,
      200,
    ]);
  });

  it('refuses a reporter making a branch with 403, as push_code needs a developer', async () => {
    const refused = await call('POST', `${storefront}/repository/branches`, {
      as: 'reporter',
      json: { branch: 'topic', ref: 'main' },
    });
    expect(refused.status).toBe(403);
  });

  it('answers 400 with the service’s words for a bad name, a taken name and a start point that is not there', async () => {
    const answers = [];
    for (const [branch, ref] of [
      ['bad..name', 'main'],
      ['main', 'main'],
      ['topic', 'nowhere'],
      ['0123456789abcdef0123456789abcdef01234567', 'main'],
    ]) {
      const answer = await call('POST', `${storefront}/repository/branches`, { json: { branch, ref } });
      answers.push([answer.status, answer.body.message]);
    }
    expect(answers).toEqual([
      [400, 'Branch name is invalid'],
      [400, 'Branch already exists'],
      [400, "Failed to create branch 'topic': invalid reference name 'nowhere'"],
      [400, 'You cannot create a branch with a 40-character hexadecimal branch name.'],
    ]);
  });

  it('lets a developer who may merge into release/* make release/2, and refuses a protected name they may not merge into', async () => {
    await call('POST', `${storefront}/protected_branches`, {
      json: { name: 'hotfix/*', push_access_level: 40, merge_access_level: 40 },
    });
    const release = await call('POST', `${storefront}/repository/branches`, {
      as: 'developer',
      json: { branch: 'release/2', ref: 'main' },
    });
    const hotfix = await call('POST', `${storefront}/repository/branches`, {
      as: 'developer',
      json: { branch: 'hotfix/1', ref: 'main' },
    });
    expect([release.status, release.body.protected]).toEqual([201, true]);
    expect([hotfix.status, hotfix.body.message]).toEqual([
      400,
      'You are not allowed to create protected branches on this project.',
    ]);
  });
});

describe('sandbox: repository tags', () => {
  it('makes a lightweight tag (no message, no date, the commit as target) and an annotated one', async () => {
    const light = await call('POST', `${storefront}/repository/tags`, { json: { tag_name: 'v1', ref: 'main' } });
    const annotated = await call('POST', `${storefront}/repository/tags`, {
      json: { tag_name: 'v2', ref: 'v1', message: ' Second release \n' },
    });
    const read = await call('GET', `${storefront}/repository/tags/v2`, { as: 'reporter' });
    expect([light.status, light.body.message, light.body.created_at, light.body.target]).toEqual([
      201,
      null,
      null,
      light.body.commit.id,
    ]);
    expect([annotated.status, annotated.body.message, typeof annotated.body.created_at]).toEqual([
      201,
      'Second release',
      'string',
    ]);
    expect(annotated.body.target).not.toBe(annotated.body.commit.id);
    expect([read.status, read.body.name]).toEqual([200, 'v2']);
  });

  it('answers 404 Tag Not Found for a tag the repository lacks, and 409 for one it has', async () => {
    await call('POST', `${storefront}/repository/tags`, { json: { tag_name: 'v1', ref: 'main' } });
    const missing = await call('GET', `${storefront}/repository/tags/v9`);
    const again = await call('POST', `${storefront}/repository/tags`, { json: { tag_name: 'v1', ref: 'main' } });
    expect([missing.status, missing.body]).toEqual([404, { message: '404 Tag Not Found' }]);
    expect([again.status, again.body]).toEqual([409, { message: 'Tag v1 already exists' }]);
  });

  it('refuses a tag named as the default branch, and a protected tag a developer may not create', async () => {
    const named = await call('POST', `${storefront}/repository/tags`, { json: { tag_name: 'main', ref: 'main' } });
    const guarded = await call('POST', `${api}/repository/tags`, {
      as: 'developer',
      json: { tag_name: 'v3.0.0', ref: 'main' },
    });
    const byMaintainer = await call('POST', `${api}/repository/tags`, {
      as: 'maintainer',
      json: { tag_name: 'v3.0.0', ref: 'main' },
    });
    expect([named.status, named.body.message]).toEqual([400, 'You cannot use default branch name to create a tag']);
    expect([guarded.status, guarded.body.message]).toEqual([
      400,
      'You are not allowed to create this tag as it is protected.',
    ]);
    expect([byMaintainer.status, byMaintainer.body.protected]).toEqual([201, true]);
  });
});

describe('sandbox: a pipeline schedule’s short ref', () => {
  const schedule = (ref: string) =>
    call('POST', `${storefront}/pipeline_schedules`, { json: { description: 'nightly', ref, cron: '0 1 * * *' } });

  it('expands a tag to refs/tags/ and refuses a name both a branch and a tag have as ambiguous', async () => {
    await call('POST', `${storefront}/repository/tags`, { json: { tag_name: 'stable', ref: 'main' } });
    const tagged = await schedule('stable');
    await call('POST', `${storefront}/repository/branches`, { json: { branch: 'stable', ref: 'main' } });
    const both = await schedule('stable');
    expect([tagged.status, tagged.body.ref]).toEqual([201, 'refs/tags/stable']);
    expect([both.status, both.body]).toEqual([400, { message: { ref: ['is ambiguous'] } }]);
  });
});
