import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * collab access-report reading the projects' members through GraphQL (50 projects a request) and
 * by REST: the same report either way, REST where the instance has no GraphQL (said once), and
 * --no-graphql and the graphql setting honoured.
 */

describe('collab access-report through GraphQL', () => {
  const { collab, sandbox, call } = useSandbox({ seed: 20 });

  it('the seeded world’s report is the same byte for byte through GraphQL and --no-graphql, csv and json', async () => {
    for (const format of [['-o', 'csv', '--include-groups'], ['--json']]) {
      const viaGraphql = await collab(['access-report', 'acme', ...format]);
      const viaRest = await collab(['access-report', 'acme', '--no-graphql', ...format]);
      expect(viaGraphql.exitCode).toBe(0);
      expect(viaGraphql.stdout.length).toBeGreaterThan(100);
      expect(viaGraphql.stdout).toBe(viaRest.stdout);
      expect(viaGraphql.stderr).not.toContain('GraphQL');
    }
  });

  it('120 projects: 3 GraphQL requests for their members (50 a query), against 120 GETs by REST', async () => {
    const made = await call('POST', '/groups', { json: { name: 'Bulk', path: 'bulk' } });
    expect(made.status).toBe(201);
    for (let n = 0; n < 120; n++) {
      const project = await call('POST', '/projects', { json: { name: `p${n}`, namespace_id: made.body.id } });
      expect(project.status).toBe(201);
    }
    const counted: Record<string, Record<string, number>> = {};
    let output = '';
    for (const args of [[], ['--no-graphql']]) {
      sandbox.resetStats();
      const result = await collab(['access-report', 'bulk', '-o', 'csv', ...args]);
      expect(result.exitCode).toBe(0);
      if (args.length === 0) output = result.stdout;
      else expect(result.stdout).toBe(output);
      const log = sandbox.requestLog;
      counted[args.join(' ') || 'graphql'] = {
        total: log.length,
        graphql: log.filter((entry) => entry.path === '/api/graphql').length,
        projectMembers: log.filter((entry) => /^\/api\/v4\/projects\/\d+\/members/.test(entry.path)).length,
      };
      expect(result.stderr).toContain(`read with ${log.length} requests`);
    }
    // Both: the group, its descendant groups, 2 pages of projects, the group's members, and one GET
    // /users/:id (the bot check of the group's member, who is no project's); then 3 queries or 120 GETs.
    expect(counted).toEqual({
      graphql: { total: 5 + 3 + 1, graphql: 3, projectMembers: 0 },
      '--no-graphql': { total: 5 + 120 + 1, graphql: 0, projectMembers: 120 },
    });
  });

  it('the graphql setting false: REST, nothing said, the same report', async () => {
    const viaGraphql = await collab(['access-report', 'acme', '-o', 'csv']);
    expect((await collab(['config', 'set', 'graphql', 'false'])).exitCode).toBe(0);
    sandbox.resetStats();
    const viaRest = await collab(['access-report', 'acme', '-o', 'csv']);
    expect(viaRest.stdout).toBe(viaGraphql.stdout);
    expect(viaRest.stderr).not.toContain('GraphQL');
    expect(sandbox.requestLog.filter((entry) => entry.path === '/api/graphql')).toEqual([]);
  });
});

describe('collab access-report on an instance without GraphQL', () => {
  const { collab, sandbox } = useSandbox({ seed: 20, graphql: false });

  it('falls back to REST after one 404, says so once on stderr, and reports as --no-graphql does', async () => {
    sandbox.resetStats();
    const fallback = await collab(['access-report', 'acme', '-o', 'csv']);
    expect(fallback.exitCode).toBe(0);
    const graphqlCalls = sandbox.requestLog.filter((entry) => entry.path === '/api/graphql');
    expect(graphqlCalls.map((entry) => entry.status)).toEqual([404]);
    expect(fallback.stderr.split('\n').filter((line) => line.includes('GraphQL'))).toEqual([
      'warning: GraphQL is not available on this instance (POST /api/graphql: 404): reading members by REST',
    ]);
    const rest = await collab(['access-report', 'acme', '-o', 'csv', '--no-graphql']);
    expect(rest.stdout).toBe(fallback.stdout);
    expect(rest.stderr).not.toContain('GraphQL');
  });
});
