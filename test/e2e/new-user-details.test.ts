import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/cli.js';

/**
 * What a new user meets besides: a concurrency setting above what `-` targets use,
 * a TZ that names no zone, and `--order-by similarity` that lists nothing for an administrator.
 */
describe('details a new user meets', () => {
  const { collab } = useSandbox({ seed: 30 });

  it('config set concurrency above 16 warns that - targets run at most 16 at once; 16 or less says nothing', async () => {
    const high = await collab(['config', 'set', 'concurrency', '32']);
    expect(high.exitCode).toBe(0);
    expect(high.stderr).toBe(
      'concurrency set\nwarning: - as the target runs at most 16 targets at once (each runs a whole command); 32 applies to pages\n',
    );
    const fine = await collab(['config', 'set', 'concurrency', '16']);
    expect(fine.stderr).toBe('concurrency set\n');
  });

  it('a TZ that names no time zone warns once on a terminal, however many dates are shown; a pipe shows no date of its own', async () => {
    const bad = await collab(['projects', 'list', '--limit', '5'], { tty: true, env: { TZ: 'Mars/Olympus' } });
    expect(bad.exitCode).toBe(0);
    expect(bad.stderr.match(/TZ=Mars\/Olympus is not a time zone name/g)).toHaveLength(1);
    const good = await collab(['projects', 'list', '--limit', '5'], { tty: true, env: { TZ: 'Europe/Paris' } });
    expect(good.stderr).not.toContain('time zone');
    const piped = await collab(['projects', 'list', '--limit', '5'], { env: { TZ: 'Mars/Olympus' } });
    expect(piped.stderr).not.toContain('time zone');
  });

  it('--order-by similarity with --search ranks a member’s exact match first', async () => {
    const ranked = await collab(['projects', 'list', '--search', 'storefront', '--order-by', 'similarity', '--json'], {
      as: 'developer',
    });
    expect(ranked.exitCode).toBe(0);
    const paths = ranked.json<{ path: string }[]>().map((p) => p.path);
    expect(paths).toHaveLength(1);
    // An exact match of the path first.
    expect(paths[0]).toBe('storefront');
  });

  it('--order-by similarity says why an administrator gets no projects', async () => {
    const admin = await collab(['projects', 'list', '--search', 'storefront', '--order-by', 'similarity']);
    expect(admin.exitCode).toBe(0);
    expect(admin.stdout).toBe('');
    expect(admin.stderr).toContain('--order-by similarity lists only projects you are a member of');
  });
});
