import { describeOwner, type Owner } from '../../api/owner.js';
import { createVariable, updateVariable, type Variable } from '../../api/variables.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { checkValue } from '../../params/rules.js';
import { HIDDEN_STAYS_MASKED, VARIABLE_KEY, valueParam } from '../../params/variables.js';
import type { VerbInput } from '../verb.js';
import { VARIABLE_COLUMNS, VARIABLE_DETAIL, variableName } from './fields.js';
import { type ValueReader, valueOnCommandLineRefused, valueSource, variableHint } from './value.js';
import type { CREATE } from './create.js';
import type { UPDATE } from './update.js';

/** What create, update and set take from the flags, checked before anything is sent. */
export interface VariableWrite {
  owner: Owner;
  key: string;
  scope: string;
  /** Unset: update keeps the current value. */
  value: ValueReader | undefined;
  /** The value came from --value: refused for a variable that is masked or hidden (updateOne). */
  valueOnCommandLine: boolean;
  /** Only the fields given. */
  fields: Record<string, unknown>;
}

type WriteFlags = VerbInput<typeof UPDATE> & Partial<Pick<VerbInput<typeof CREATE>, 'hidden'>>;

/** The flags read once a run: a key the service would refuse, and where the value comes from. */
export function parseWrite(input: WriteFlags, valueFromStdin: boolean): VariableWrite {
  checkValue(VARIABLE_KEY, input.key, '<key>');
  const fields: Record<string, unknown> = { ...input.fields };
  if (input.hidden) fields.masked_and_hidden = true;
  const masked = fields.masked === true || input.hidden === true;
  return {
    owner: input.owner,
    key: input.key,
    scope: input.scope,
    value: valueSource({ ...input, masked }, valueFromStdin),
    valueOnCommandLine: input.value !== undefined,
    fields,
  };
}

const shown = (opts: VariableWrite) => variableName(opts.key, opts.scope);

/** A value to be masked is held to the masking rule (src/params/variables.ts) before it is sent, by what the variable will be. */
function checkMasking(value: string, fields: Record<string, unknown>, current?: Variable): void {
  const masked =
    fields.masked === true ||
    fields.masked_and_hidden === true ||
    (fields.masked === undefined && current?.masked === true);
  const raw = fields.raw === true || (fields.raw === undefined && current?.raw === true);
  checkValue(valueParam(masked, raw), value, 'the value');
}

export async function createOne(ctx: VerbContext, opts: VariableWrite): Promise<void> {
  const value = (await opts.value?.(ctx)) ?? '';
  checkMasking(value, opts.fields);
  const request = createVariable(opts.owner, { key: opts.key, value, environment_scope: opts.scope, ...opts.fields });
  const response = await ctx.session.mutate<Variable>(request, ['value']).catch((error: unknown) => {
    throw variableHint(error, opts.owner, opts.key, opts.scope);
  });
  if (!response) return;
  ctx.terminal.info(`created variable ${shown(opts)} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, { columns: VARIABLE_COLUMNS, detail: VARIABLE_DETAIL });
}

function unmaskHiddenRefused(what: string): CollabError {
  return new CollabError('usage', `${what} is hidden: ${HIDDEN_STAYS_MASKED.says}`, {
    hint: 'delete it and create it again, unmasked, to show its value',
  });
}

/**
 * PUT with only what the flags change: GitLab keeps the value when none is sent (lib/api/ci/variables.rb
 * and group_variables.rb declare `optional :value`, though doc/api/project_level_variables.md marks it
 * required), so a masked or hidden value is never sent back, and a hidden one's other fields change too.
 */
export async function updateOne(ctx: VerbContext, opts: VariableWrite, current: Variable): Promise<void> {
  const hidden = current.value === null || current.hidden === true;
  // The read tells what the flags could not: the variable is a secret already (a dry run refuses it too).
  if (opts.valueOnCommandLine && (hidden || current.masked === true))
    throw valueOnCommandLineRefused(`${shown(opts)}, which is ${hidden ? 'hidden' : 'masked'}`);
  if (HIDDEN_STAYS_MASKED.refuses(hidden, opts.fields.masked)) throw unmaskHiddenRefused(shown(opts));
  const value = await opts.value?.(ctx);
  if (value !== undefined) checkMasking(value, opts.fields, current);
  const body = value === undefined ? { ...opts.fields } : { value, ...opts.fields };
  const response = await ctx.session
    .mutate<Variable>(updateVariable(opts.owner, opts.key, opts.scope, body), ['value'])
    .catch((error: unknown) => {
      throw variableHint(error, opts.owner, opts.key, opts.scope);
    });
  if (!response) return;
  ctx.terminal.info(`updated variable ${shown(opts)} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, { columns: VARIABLE_COLUMNS, detail: VARIABLE_DETAIL });
}
