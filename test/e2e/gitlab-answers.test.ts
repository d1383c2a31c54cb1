import { describe, expect, it } from 'vitest';
import { project, useHostileServer } from '../helpers/hostile-server.js';
import { useSandbox } from '../helpers/cli.js';

/** What collab makes of answers a real GitLab gives and the sandbox once did not. */
describe('collab against GitLab-shaped answers', () => {
  const { collab, sandbox } = useSandbox({ seed: 12 });

  it('prints an error on base as one readable line: base: Could not change HEAD: …', async () => {
    const result = await collab(['projects', 'update', 'acme/web/storefront', '--default-branch', 'x']);
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toBe(
      "error: 400 base: Could not change HEAD: branch 'x' does not exist (PUT /projects/acme%2Fweb%2Fstorefront)\n",
    );
  });

  it('gives the sub-path hint for a host with a sub-path the install does not have (COLLAB_HOST=…/gitlab on a root install)', async () => {
    const result = await collab(['projects', 'list'], { env: { COLLAB_HOST: `${sandbox.url}/gitlab` } });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(
      `from ${sandbox.url}/gitlab/api/v4/projects: no API answers at ${sandbox.url}/gitlab/api/v4`,
    );
    expect(result.stderr).toContain('hint: if the service lives under a sub-path, give it in the host');
  });
});

describe('pagination as GitLab pages a filtered list', () => {
  const { collab, answer } = useHostileServer();

  it('follows X-Next-Page past a short first page (5 of 20) to an empty last page, and stops there', async () => {
    const asked: string[] = [];
    const first = [1, 2, 3, 4, 5].map((id) => project({ id, path_with_namespace: `acme/p${id}` }));
    answer(/^GET \/projects\?/, () => {
      asked.push('another page');
      return { body: [], headers: { 'x-next-page': '' } };
    });
    answer(/^GET \/projects\?(.*&)?page=1(&|$)/, () => {
      asked.push('page 1');
      return { body: first, headers: { 'x-page': '1', 'x-per-page': '20', 'x-next-page': '2', 'x-prev-page': '' } };
    });
    answer(/^GET \/projects\?(.*&)?page=2(&|$)/, () => {
      asked.push('page 2');
      return { body: [], headers: { 'x-page': '2', 'x-per-page': '20', 'x-next-page': '', 'x-prev-page': '1' } };
    });
    const result = await collab(['projects', 'list', '--per-page', '20', '--fields', 'id', '-o', 'ndjson']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('{"id":1}\n{"id":2}\n{"id":3}\n{"id":4}\n{"id":5}\n');
    expect(asked).toEqual(['page 1', 'page 2']);
  });
});
