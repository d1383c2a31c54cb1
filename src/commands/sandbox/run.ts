import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { SANDBOX_USERS, startSandbox } from '../../sandbox/index.js';
import type { VerbInput } from '../verb.js';
import type { SANDBOX } from './index.js';

type SandboxCommandOptions = VerbInput<typeof SANDBOX>;

export async function run(ctx: VerbContext, opts: SandboxCommandOptions): Promise<void> {
  const started = Date.now();
  const sandbox = await startSandbox({
    port: opts.port,
    seed: opts.seed,
    latency: opts.latency,
    failRate: opts.failRate,
    ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
    faultSeed: opts.faultSeed,
    forkDuration: opts.forkDuration,
    deleteDuration: opts.deleteDuration,
    ...(opts.tier ? { tier: opts.tier } : {}),
    graphql: opts.graphql,
    pullMirrorDetails: opts.pullMirrorDetails,
    // A stack the sandbox logs keeps its lines: a stderr line is one line (terminal.ts).
    ...(ctx.terminal.verbose
      ? {
          log: (text: string) => {
            for (const line of text.split('\n')) ctx.terminal.stderrLine(line);
          },
        }
      : {}),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new CollabError('usage', `port ${opts.port} is in use`, {
        hint: 'pick another with --port, or --port 0 for a free one',
      });
    throw error;
  });
  let text = `export COLLAB_HOST=${sandbox.url} COLLAB_TOKEN=${sandbox.tokens.admin}\n`;
  for (const user of SANDBOX_USERS.filter((u) => u.key !== 'admin'))
    text += `# ${user.key.padEnd(10)} ${user.username.padEnd(7)} COLLAB_TOKEN=${sandbox.tokens[user.key]}\n`;
  await ctx.presenter.value({ plain: text });
  ctx.terminal.info(
    `sandbox ready on ${sandbox.url}: ${opts.seed} projects seeded in ${Date.now() - started} ms; Ctrl-C stops it`,
  );
  await new Promise<void>((resolve) => {
    if (ctx.session.signal.aborted) resolve();
    ctx.session.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  ctx.terminal.info('sandbox stopped');
}
