import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/** groups projects lists projects shared into the group too (with_shared); a person sees which. */
describe('collab groups projects and shared-in projects', () => {
  const { collab } = useSandbox();

  it('marks a project shared into the group on a terminal, and leaves a pipe as the service sent it', async () => {
    const shared = (await collab(['groups', 'projects', 'globex', '--limit', '1', '-o', 'ndjson'])).json<{
      path_with_namespace: string;
    }>().path_with_namespace;
    const added = await collab([
      'share',
      'add',
      '--project',
      shared,
      '--group-id',
      'acme',
      '--group-access',
      'reporter',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    const shown = await collab(['groups', 'projects', 'acme', '--all'], { tty: true });
    expect(shown.stdout).toContain(`${shared} (shared)`);
    expect(shown.stdout).not.toMatch(/acme\/\S+ \(shared\)/);
    const piped = await collab(['groups', 'projects', 'acme', '--all']);
    expect(piped.stdout).toMatch(new RegExp(`\\t${shared}\\t`));
    expect(piped.stdout).not.toContain('(shared)');
  });
});
