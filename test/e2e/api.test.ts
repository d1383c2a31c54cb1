import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

describe('collab api', () => {
  const { collab } = useSandbox({ seed: 12 });

  it('GETs a path and prints the JSON', async () => {
    const result = await collab(['api', 'user']);
    expect(result.exitCode).toBe(0);
    expect(result.json<{ username: string }>().username).toBe('root');
  });

  it('maps a 404 to exit 4 with the service message and the request', async () => {
    const result = await collab(['api', 'projects/grp%2Fnope']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe('error: 404 Project Not Found (GET /projects/grp%2Fnope)\n');
    expect(result.stdout).toBe('');
  });

  it('rejects an unknown token with exit 3', async () => {
    const result = await collab(['api', 'user'], { env: { COLLAB_TOKEN: 'glpat-wrong' } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^error: 401 Unauthorized/);
  });

  it('refuses to run without a token, sending nothing', async () => {
    const result = await collab(['api', 'user'], { as: null });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/no token for http:\/\/127\.0\.0\.1:\d+/);
  });

  it('paginates into one JSON array', async () => {
    const result = await collab(['api', 'projects', '--paginate']);
    expect(result.exitCode).toBe(0);
    const projects = result.json<Array<{ id: number }>>();
    expect(projects).toHaveLength(12);
    expect(new Set(projects.map((p) => p.id)).size).toBe(12);
  });

  it('shows status and headers with -i', async () => {
    const result = await collab(['api', 'version', '-i']);
    expect(result.stdout).toMatch(/^HTTP 200\n/);
    expect(result.stdout).toMatch(/content-type: application\/json/);
  });

  it('never shows the token with --verbose', async () => {
    const result = await collab(['api', 'user', '--verbose']);
    expect(result.stderr).toContain('private-token: [redacted]');
    expect(result.stderr + result.stdout).not.toContain('glpat-sandbox-admin-token');
  });

  it('refuses bad input before sending', async () => {
    const result = await collab(['api', 'user', '-F', 'novalue']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/invalid field "novalue" for -F: expected key=value/);
  });
});
