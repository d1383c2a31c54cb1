import { describe, expect, it } from 'vitest';
import { commandOptions } from '../../src/commands/common-options.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { loadCommandTree } from '../../src/commands/tree.js';
import { useSandbox } from '../helpers/cli.js';

/**
 * Required flags are data (OptionSpec.required): the check and the help mark are derived from it
 * for every command, instead of a hand-written check per verb.
 */
describe('required flags', () => {
  const { collab, sandbox } = useSandbox({ seed: 5 });

  function withRequired(
    specs: readonly CommandSpec[],
    path: string[] = [],
  ): Array<{ path: string[]; spec: CommandSpec }> {
    return specs.flatMap((spec) => {
      const here = [...path, spec.name];
      if (spec.subcommands) return withRequired(spec.subcommands, here);
      return commandOptions(spec).some((option) => option.required) ? [{ path: here, spec }] : [];
    });
  }

  it('are refused when missing (exit 2, naming the flag, nothing sent) and marked in help', async () => {
    const commands = withRequired(await loadCommandTree());
    expect(commands.map((c) => c.path.join(' ')).sort()).toEqual([
      'approval-rules create',
      'approval-rules delete',
      'approval-rules list',
      'approval-rules update',
      'approval-rules view',
      'deploy-keys create',
      'deploy-keys delete',
      'deploy-keys enable',
      'deploy-keys list',
      'deploy-keys update',
      'deploy-keys view',
      'groups avatar',
      'groups create',
      'groups ldap-links add',
      'groups members add',
      'groups members remove',
      'groups members update',
      'hooks create',
      'job-token-scope add',
      'job-token-scope list',
      'job-token-scope remove',
      'job-token-scope update',
      'job-token-scope view',
      'mirrors create',
      'mirrors delete',
      'mirrors list',
      'mirrors public-key',
      'mirrors sync',
      'mirrors update',
      'mirrors view',
      'projects import-members',
      'projects members add',
      'projects members remove',
      'projects members update',
      'projects snapshot',
      'projects transfer',
      'protected-branches create',
      'protected-branches delete',
      'protected-branches list',
      'protected-branches update',
      'protected-branches view',
      'protected-tags create',
      'protected-tags delete',
      'protected-tags list',
      'protected-tags view',
      'schedules create',
      'schedules delete',
      'schedules list',
      'schedules play',
      'schedules take-ownership',
      'schedules update',
      'schedules view',
      'share add',
      'share remove',
    ]);
    for (const { path, spec } of commands) {
      const required = commandOptions(spec).filter((option) => option.required);
      const before = sandbox.stats.requests;
      const result = await collab([...path, ...(spec.args ?? []).map(() => '1')]);
      expect(result.exitCode, path.join(' ')).toBe(2);
      const [message, hint] = result.stderr.split('\n');
      expect(message).toBe(`error: required option '${required[0]?.flags}' not specified`);
      // The hint says what the flag is, in its help's words, and where to read more.
      expect(hint?.startsWith(`hint: ${required[0]?.flags}: ${required[0]?.description}`), hint).toBe(true);
      expect(hint?.endsWith(`; see \`collab ${path.join(' ')} --help\``), hint).toBe(true);
      expect(sandbox.stats.requests, path.join(' ')).toBe(before);
      const help = await collab([...path, '--help']);
      expect(help.stdout.match(/\(required\)/g)?.length, path.join(' ')).toBe(required.length);
    }
  });
});
