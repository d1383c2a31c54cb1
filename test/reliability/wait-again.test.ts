import { describe, expect, it } from 'vitest';
import { TextSink } from '../../src/util/text-sink.js';
import { useSandbox } from '../helpers/cli.js';
import { virtualClock } from '../helpers/clock.js';
import { runOn, ScreenStream, TerminalScreen } from '../helpers/terminal.js';

/**
 * Waiting again: a fork left copying (fork without --wait, its --timeout, or Ctrl-C during
 * `fork --wait`) is waited for with `collab projects view <fork> --wait`; a fork awaited at a
 * terminal whose stdout goes elsewhere says on stderr that it is ready.
 */

describe('projects view --wait', () => {
  // Forks take 600 ms of the sandbox's clock, a virtual one the runs share: each wait below is a few polls, jumped over.
  const clock = virtualClock();
  const { collab, sandbox } = useSandbox({ seed: 30, forkDuration: 600, clock });

  it('waits for the import of a fork left copying, then prints the project as view does', async () => {
    const fork = await collab(['projects', 'fork', 'acme/web/storefront', '--json'], { as: 'owner' });
    expect(fork.exitCode, fork.stderr).toBe(0);
    expect(['scheduled', 'started']).toContain(fork.json<{ import_status: string }>().import_status);
    const viewed = await collab(['projects', 'view', 'olivia/storefront', '--wait', '--statistics', '--json'], {
      as: 'owner',
    });
    expect(viewed.exitCode, viewed.stderr).toBe(0);
    const project = viewed.json<{ import_status: string; statistics?: unknown }>();
    // The service's own answer says the import is done: nothing to read back from the store.
    expect(project.import_status).toBe('finished');
    expect(project.statistics).toMatchObject({ commit_count: expect.any(Number), repository_size: expect.any(Number) });
  });

  it('of a project with nothing to wait for: one look, printed at once; --timeout alone is a usage error', async () => {
    sandbox.resetStats();
    const viewed = await collab(['projects', 'view', 'acme/web/design-system', '--wait', '--json']);
    expect(viewed.exitCode).toBe(0);
    expect(sandbox.stats.requests).toBe(1);
    const refused = await collab(['projects', 'view', 'acme/web/design-system', '--timeout', '1m']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--timeout applies only with --wait');
  });

  /** `projects fork <source> --wait` at a terminal, its stdout there too or redirected. */
  const forkAtTerminal = async (stdoutTTY: boolean) => {
    const screen = new TerminalScreen();
    const stderr = new ScreenStream(screen, true, 100);
    const stdout = stdoutTTY ? new ScreenStream(screen, true, 100) : new TextSink();
    const { exitCode } = await runOn(
      ['projects', 'fork', stdoutTTY ? 'globex/handbook' : 'acme/platform/api', '--wait'],
      { stdout, stderr },
      { COLLAB_HOST: sandbox.url, COLLAB_TOKEN: sandbox.tokens.owner },
      undefined,
      clock,
    );
    return { exitCode, screen: screen.text(), stdout: stdout instanceof TextSink ? stdout.text() : '' };
  };

  it('fork --wait with stdout redirected from the terminal says there that the fork is ready', async () => {
    const redirected = await forkAtTerminal(false);
    expect(redirected.exitCode).toBe(0);
    expect(redirected.screen).toEqual(['fork ready: olivia/api']);
    expect(redirected.stdout).toContain('Path\tolivia/api\n');
  });

  it('fork --wait with stdout on the terminal lets the project printed say it', async () => {
    const atTerminal = await forkAtTerminal(true);
    expect(atTerminal.exitCode).toBe(0);
    expect(atTerminal.screen.join('\n')).not.toContain('fork ready');
    expect(atTerminal.screen.join('\n')).toContain('olivia/handbook');
  });
});
