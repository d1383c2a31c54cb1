import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { readOnce } from '../file-text.js';
import type { VerbInput } from '../verb.js';
import type { CREATE } from './create.js';

/** Reads the value where it was asked to be read from: once a run, whatever the number of targets. */
export type ValueReader = (ctx: VerbContext) => Promise<string>;

type ValueFlags = Pick<VerbInput<typeof CREATE>, 'value' | 'valueFile' | 'owner'> & { masked: boolean };

/**
 * Where the value comes from, checked before any request: --value-file (- for standard input),
 * --value (never for a value to be masked: the command line ends up in shell history and process
 * lists), else standard input when `fromStdin` (create, set), which a terminal or a list of targets
 * on it cannot be.
 */
export function valueSource(flags: ValueFlags, fromStdin: boolean): ValueReader | undefined {
  const { value, valueFile, owner } = flags;
  if (value !== undefined && flags.masked) throw valueOnCommandLineRefused('a masked value');
  if (value !== undefined && valueFile !== undefined)
    throw new CollabError('usage', '--value and --value-file cannot be used together');
  if (value !== undefined) return async () => value;
  const file = valueFile ?? (fromStdin ? '-' : undefined);
  if (file === undefined) return undefined;
  if (file === '-' && owner.ref === '-') {
    throw new CollabError(
      'usage',
      `standard input holds the ${owner.kind}s to act on, so it cannot hold the value too`,
      { hint: 'give the value with --value-file <path>' },
    );
  }
  const read = readOnce(file, 'value', { secret: true });
  return async (ctx) => {
    if (file === '-' && ctx.prompter.stdinIsTerminal) {
      throw new CollabError(
        'usage',
        valueFile === undefined ? 'no value given' : '--value-file -: standard input is a terminal',
        {
          hint: 'give it with --value-file <path>, pipe it into standard input, or (not for masked values) --value <text>',
        },
      );
    }
    return read(ctx);
  };
}

/**
 * The one refusal of a secret on the command line: a value to be masked (create, set or update
 * with --masked or --hidden, before any request) or a variable that already is (update and set,
 * once its read says so, before anything is written).
 */
export function valueOnCommandLineRefused(what: string): CollabError {
  return new CollabError(
    'usage',
    `--value is refused for ${what}: the command line ends up in shell history and process lists`,
    {
      hint: 'use --value-file <path>, or pipe the value into standard input (--value-file -)',
    },
  );
}

/** Advice for the service's refusals of a variable: a duplicate names `update`/`set`, a masking refusal the rule. */
export function variableHint(error: unknown, owner: Owner, key: string, scope: string): unknown {
  if (!isCollabError(error)) return error;
  const where = `--${owner.kind} ${owner.ref}${scope === '*' ? '' : ` --scope ${scope}`}`;
  if (error.status === 400 && /already been taken/.test(error.message))
    return withHint(
      error,
      `${key} already has a value in scope ${scope}: change it with \`collab variables update ${key} ${where}\` (or \`set\`)`,
    );
  if (error.status === 400 && /value.*is invalid/.test(error.message))
    return withHint(
      error,
      'a masked value is 8 or more characters of A-Z a-z 0-9 + / = @ : . ~ - _ (with --raw: every character but spaces)',
    );
  if (error.status === 404 && /Variable Not Found/i.test(error.message))
    return withHint(
      error,
      `no variable ${key} in scope ${scope}; see \`collab variables list --${owner.kind} ${owner.ref}\``,
    );
  return error;
}
