import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * Flags that mean the same thing have the same name on every command: projects create, fork and
 * transfer all take --namespace and --namespace-id; groups transfer takes --parent as groups
 * create does, and projects transfer --to as groups transfer does. No flag that worked is gone.
 */
describe('flag aliases', () => {
  const { collab, sandbox } = useSandbox({ seed: 12 });
  const groupId = (path: string) => sandbox.store.findGroup(path)?.id as number;
  const body = (stdout: string) => JSON.parse(stdout.slice(stdout.indexOf('\n') + 1)) as Record<string, unknown>;

  it('projects create takes --namespace as well as --namespace-id (an ID or a path)', async () => {
    for (const flag of ['--namespace', '--namespace-id']) {
      const result = await collab(['projects', 'create', '--name', 'Alias Demo', flag, 'acme/web', '--dry-run']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(body(result.stdout)).toEqual({ name: 'Alias Demo', namespace_id: groupId('acme/web') });
    }
    const created = await collab(['projects', 'create', '--name', 'Alias Demo', '--namespace', 'acme/web', '--json']);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.json()).toMatchObject({ path_with_namespace: 'acme/web/alias-demo' });
  });

  it('projects fork takes --namespace-id as well as --namespace', async () => {
    for (const flag of ['--namespace', '--namespace-id']) {
      const result = await collab(['projects', 'fork', 'acme/web/storefront', flag, 'globex', '--dry-run']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(body(result.stdout)).toEqual({ namespace_path: 'globex' });
    }
  });

  it('projects transfer takes --namespace-id and --to as well as --namespace, each meeting the requirement', async () => {
    for (const flag of ['--namespace', '--namespace-id', '--to']) {
      const result = await collab(['projects', 'transfer', 'acme/web/storefront', flag, 'globex', '--dry-run']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(body(result.stdout)).toEqual({ namespace: 'globex' });
    }
  });

  it('groups transfer takes --parent as well as --to', async () => {
    for (const flag of ['--to', '--parent']) {
      const result = await collab(['groups', 'transfer', 'acme/web', flag, 'globex', '--dry-run']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(body(result.stdout)).toEqual({ group_id: groupId('globex') });
    }
  });

  it('checks a value given by an alias as the flag checks it, naming the alias', async () => {
    const before = sandbox.stats.requests;
    const result = await collab(['projects', 'create', '--name', 'x', '--namespace', 'a/../b']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /^error: invalid value "a\/\.\.\/b" for --namespace: expected a namespace ID or full path/,
    );
    expect(sandbox.stats.requests).toBe(before);
  });

  it('names the aliases in help', async () => {
    const help = await collab(['projects', 'create', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('(also --namespace)');
  });
});
