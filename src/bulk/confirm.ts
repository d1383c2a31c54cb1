import { closeSync, openSync } from 'node:fs';
import { ReadStream, WriteStream } from 'node:tty';
import type { VerbContext } from '../context.js';
import { CollabError } from '../errors.js';
import { isCI } from '../io.js';
import { loadPrompts } from '../util/prompts.js';

/**
 * Before a destructive verb acts on many targets, the person types their number. Standard input
 * carries the targets, so the question goes through the controlling terminal (/dev/tty), as sudo
 * and ssh ask for passwords; without one (CI, cron, a detached process) --yes is required.
 */
export async function confirmTargets(ctx: VerbContext, count: number, what: string): Promise<void> {
  const hint = `pass --yes to ${what} without confirmation`;
  const ci = isCI(ctx.session.env);
  const terminal = ci ? undefined : openTerminal();
  if (!terminal)
    throw new CollabError(
      'usage',
      `${what} needs confirmation, and ${ci ? 'this is a CI job (CI is set)' : 'there is no terminal to ask on (standard input carries the targets)'}`,
      { hint },
    );
  try {
    const prompts = await loadPrompts({ input: terminal.input, output: terminal.output, signal: ctx.session.signal });
    const answer = await prompts.input({ message: `Type ${count} to ${what}:`, theme: { prefix: '!' } });
    if (answer.trim() !== String(count))
      throw new CollabError('usage', `confirmation did not match ${count}; nothing was done`);
  } finally {
    terminal.close();
  }
}

/** The controlling terminal, or undefined when the process has none. */
function openTerminal(): { input: ReadStream; output: WriteStream; close(): void } | undefined {
  let readFd: number | undefined;
  try {
    readFd = openSync('/dev/tty', 'r');
    const writeFd = openSync('/dev/tty', 'w');
    const input = new ReadStream(readFd);
    const output = new WriteStream(writeFd);
    return {
      input,
      output,
      close: () => {
        input.destroy();
        output.destroy();
      },
    };
  } catch {
    if (readFd !== undefined) closeSync(readFd);
    return undefined;
  }
}
