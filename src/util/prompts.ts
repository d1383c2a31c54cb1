import { CollabError } from '../errors.js';
import { escapeControls } from '../output/escape.js';

export type Prompts = typeof import('./prompt-kinds.js');

/** Where prompts read and draw, and what ends them: inquirer's per-call context, given once. */
interface PromptTerminal {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal: AbortSignal;
  /** The terminal's width where the output stream does not say it (a width forced by COLLAB_FORCE_TTY). */
  columns?: number;
}

/**
 * inquirer's prompts, with Ctrl-C made what it is everywhere else: `interrupted` (exit 130), nothing
 * done. At a prompt the terminal is in raw mode, so Ctrl-C is no signal but a key: inquirer
 * rejects with ExitPromptError ("User force closed the prompt with SIGINT"), or AbortPromptError
 * when the run's signal ended it. The one way prompts are loaded (Context.prompts, the bulk
 * count on /dev/tty), so no caller has to know those errors. Each prompt reads and draws on
 * `terminal` (the run's stdin and stderr: without it inquirer would take the process's stdin, not
 * the run's) unless the call says otherwise.
 */
export async function loadPrompts(terminal: PromptTerminal): Promise<Prompts> {
  const { input, password, select } = await import('./prompt-kinds.js');
  const prompts: Prompts = { input, password, select };
  const { Writable } = await import('node:stream');
  const output = terminal.output;
  // inquirer ends its output when done, which Node never does to process.stderr but would to
  // another run's (a test's) stderr: each prompt draws on a stream of its own that passes writes on.
  // inquirer wraps what it draws at its output's `columns` (cli-width), 80 where the stream has
  // none, as this one would not: on a narrower terminal a long question then broke twice, at 80 by
  // inquirer and again at the edge by the terminal (`(acme/we` / `b,` / `acme/web/storefront):`).
  const columns = () => terminal.columns || (output as { columns?: number }).columns || undefined;
  const drawOn = () =>
    Object.defineProperty(
      new Writable({
        write: (chunk, _encoding, done) => {
          output.write(chunk);
          done();
        },
      }),
      'columns',
      { get: columns },
    );
  return new Proxy(prompts, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function') return value;
      const prompt = value as (config: unknown, context?: object) => Promise<unknown>;
      return (config: unknown, context: object = {}) =>
        interruptible(prompt(shown(config), { ...terminal, output: drawOn(), ...context }));
    },
  });
}

/**
 * A prompt's question and its choices' names as every text for people is shown (escape.ts): they
 * quote the service (the path a typed confirmation asks for, an account's username), and inquirer
 * draws them as they are.
 */
function shown(config: unknown): unknown {
  if (!config || typeof config !== 'object') return config;
  const { message, choices } = config as { message?: unknown; choices?: unknown };
  return {
    ...config,
    ...(typeof message === 'string' ? { message: escapeControls(message) } : {}),
    ...(Array.isArray(choices)
      ? {
          choices: choices.map((choice: unknown) =>
            choice && typeof choice === 'object' && typeof (choice as { name?: unknown }).name === 'string'
              ? { ...choice, name: escapeControls((choice as { name: string }).name) }
              : choice,
          ),
        }
      : {}),
  };
}

async function interruptible<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new CollabError('interrupted', 'interrupted');
    throw error;
  }
}
