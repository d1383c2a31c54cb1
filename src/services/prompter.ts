import { CollabError } from '../errors.js';
import type { IO } from '../io.js';
import { isCI } from '../io.js';
import type { Env } from '../runtime.js';
import type { Prompts } from '../util/prompts.js';
import { readStdin } from '../util/stdin.js';

/** What asks a person: the terminal's prompts (src/util/prompts.ts), or a refusal where no one can answer. */
export interface Prompter {
  /** A person at the terminal (prompts, an editor). */
  readonly interactive: boolean;
  /** Why no one can be asked, in words (`this is a CI job (CI is set)`); undefined where someone can. */
  readonly refusal: string | undefined;
  /** Standard input is a terminal: reading it waits for typing. */
  readonly stdinIsTerminal: boolean;
  /** Prompts, only when a person is at the terminal; else a usage error naming the flag to pass. */
  prompts(flagHint: string): Promise<Prompts>;
  /** Asks the user to type `expected` (or one of several answers) to confirm an action (unless --yes). */
  confirmByTyping(expected: string | readonly string[], what: string, yes: boolean | undefined): Promise<void>;
  /**
   * Standard input, read whole (a body, a value given as `-`). With `what`, a person at a terminal
   * is told first what is read and how to end it.
   */
  readStdin(what?: string): Promise<string>;
}

/** confirmByTyping over any prompter's prompts: the one wording of the question and of the refusal. */
export async function confirmByTyping(
  prompter: Prompter,
  expected: string | readonly string[],
  what: string,
  yes: boolean | undefined,
): Promise<void> {
  if (yes) return;
  const answers = typeof expected === 'string' ? [expected] : expected;
  const prompts = await prompter.prompts(`pass --yes to ${what} without confirmation`);
  const shown = answers.length === 1 ? answers[0] : `${answers[0]} (or ${answers.slice(1).join(', ')})`;
  const answer = await prompts.input({ message: `Type ${shown} to ${what}:`, theme: { prefix: '!' } });
  if (!answers.includes(answer.trim()))
    throw new CollabError('usage', `confirmation did not match ${answers.join(' or ')}; nothing was done`);
}

/** The run's prompter: stdin and stderr. */
export class TerminalPrompter implements Prompter {
  constructor(
    private readonly io: IO,
    private readonly env: Env,
    private readonly signal: AbortSignal,
    /** A line for people on stderr (the terminal's). */
    private readonly say: (line: string) => void = () => undefined,
  ) {}

  get stdinIsTerminal(): boolean {
    return this.io.stdinIsTTY;
  }

  /** stdin and stderr are terminals, and this is no CI job. */
  get interactive(): boolean {
    return this.refusal === undefined;
  }

  get refusal(): string | undefined {
    if (!this.io.stdinIsTTY) return 'standard input is not a terminal';
    // The question goes to stderr: with it in a file or a pipe, nobody would see it.
    if (!this.io.stderrIsTTY) return 'standard error is not a terminal';
    return isCI(this.env) ? 'this is a CI job (CI is set)' : undefined;
  }

  async prompts(flagHint: string): Promise<Prompts> {
    const why = this.refusal;
    if (why !== undefined) throw new CollabError('usage', `cannot prompt: ${why}`, { hint: flagHint });
    const { loadPrompts } = await import('../util/prompts.js');
    return loadPrompts({
      input: this.io.stdin,
      output: this.io.stderr as NodeJS.WritableStream,
      signal: this.signal,
      columns: this.io.stderrColumns,
    });
  }

  confirmByTyping(expected: string | readonly string[], what: string, yes: boolean | undefined): Promise<void> {
    return confirmByTyping(this, expected, what, yes);
  }

  async readStdin(what?: string): Promise<string> {
    // At a terminal the read waits for typing: say so, and how to end it.
    if (what !== undefined && this.io.stdinIsTTY) this.say(`reading ${what} from standard input (Ctrl-D to end)…`);
    return readStdin(this.io.stdin);
  }
}
