import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * A transfer is said in full and confirmed. `groups transfer` needs --to or an
 * explicit --top-level; project and group transfers and hook deletes ask, on a terminal, to type
 * what they act on (as delete does), and need --yes elsewhere: refused before any request.
 */
describe('safe transfers', () => {
  const { collab, sandbox, getJson, idOf } = useSandbox({ seed: 30 });
  /** A group as the API shows it (a 404 or a 301 fails the test). */
  const group = (ref: string) => getJson(`/groups/${encodeURIComponent(ref)}`);
  const requests = () => sandbox.requestLog.length;

  it('groups transfer without --to or --top-level is a usage error naming both, before any request', async () => {
    const before = requests();
    const result = await collab(['groups', 'transfer', 'acme/platform/infra', '--yes']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: .*--to <group>, or --top-level/);
    const both = await collab(['groups', 'transfer', 'acme/platform/infra', '--to', 'globex', '--top-level', '--yes']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--to and --top-level cannot be combined');
    expect(requests()).toBe(before);
    expect(await group('acme/platform/infra')).toMatchObject({ full_path: 'acme/platform/infra' });
  });

  it.each([
    [['groups', 'transfer', 'acme/web', '--to', 'globex'], 'transfer group acme/web'],
    [['projects', 'transfer', 'acme/web/storefront', '--namespace', 'globex'], 'transfer project acme/web/storefront'],
    [['groups', 'transfer-project', 'globex', 'acme/legacy-monolith'], 'transfer project acme/legacy-monolith'],
    [['hooks', 'delete', '1', '--project', 'acme/web/storefront'], 'delete hook 1'],
  ])('%j without a terminal and without --yes: exit 2 naming --yes, nothing sent', async (args, what) => {
    const before = requests();
    const result = await collab(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `error: ${what} needs confirmation, and standard input is not a terminal\nhint: pass --yes to ${what} without confirmation\n`,
    );
    expect(requests()).toBe(before);
  });

  it('on a terminal, a group transfer asks to type the full path; a wrong answer moves nothing', async () => {
    const wrong = await collab(['groups', 'transfer', String(await idOf('groups', 'acme/web')), '--to', 'globex'], {
      tty: true,
      stdinTTY: true,
      input: 'acme\n',
    });
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('Type acme/web to move group acme/web into globex');
    expect(wrong.stderr).toContain('confirmation did not match acme/web; nothing was done');
    expect((await group('acme/web')).parent_id).toBe(await idOf('groups', 'acme'));

    const right = await collab(['groups', 'transfer', 'acme/platform/infra', '--top-level'], {
      tty: true,
      stdinTTY: true,
      input: 'acme/platform/infra\n',
    });
    expect(right.exitCode).toBe(0);
    expect(right.stderr).toContain('Type acme/platform/infra to make group acme/platform/infra a top-level group');
    expect((await group('infra')).parent_id).toBeNull();
  });

  it('on a terminal, a project transfer asks for the project’s path, and a hook delete for the hook’s ID', async () => {
    const moved = await collab(
      ['projects', 'transfer', String(await idOf('projects', 'acme/web/design-system')), '--namespace', 'globex'],
      { tty: true, stdinTTY: true, input: 'acme/web/design-system\n' },
    );
    expect(moved.stderr).toContain('Type acme/web/design-system to move project acme/web/design-system to globex');
    expect(moved.exitCode).toBe(0);
    expect(await getJson('/projects/globex%2Fdesign-system')).toMatchObject({
      path_with_namespace: 'globex/design-system',
    });

    const created = await collab([
      'hooks',
      'create',
      '--project',
      'globex/design-system',
      '--url',
      'https://hooks.example.com/x',
      '--json',
    ]);
    const id = created.json<{ id: number }>().id;
    const kept = await collab(['hooks', 'delete', String(id), '--project', 'globex/design-system'], {
      tty: true,
      stdinTTY: true,
      input: '999\n',
    });
    expect(kept.exitCode).toBe(2);
    expect(kept.stderr).toContain(`Type ${id} to delete hook ${id} of project globex/design-system`);
    const deleted = await collab(['hooks', 'delete', String(id), '--project', 'globex/design-system'], {
      tty: true,
      stdinTTY: true,
      input: `${id}\n`,
    });
    expect(deleted.exitCode).toBe(0);
    const listed = await collab(['hooks', 'list', '--project', 'globex/design-system', '--json']);
    expect(listed.json()).toEqual([]);
  });
});
