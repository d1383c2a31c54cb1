import { type Label, updateLabel } from '../../api/labels.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { priorityField } from './create.js';
import { LABEL_COLUMNS, LABEL_DETAIL, labelHint } from './fields.js';
import { NAME, nameParser, PRIORITY_FLAG } from './shared.js';
import { ownerVerb } from '../owner.js';
import { nothingToChange, option, params } from '../flags.js';
import { LABEL_PARAMS } from '../../params/labels.js';

/** What update changes: a call with none of them is refused. */
const CHANGE_FLAGS = {
  newName: option('--new-name <name>', 'rename the label', nameParser),
  fields: params(LABEL_PARAMS),
  priority: PRIORITY_FLAG,
};

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Rename, recolor or describe a label',
  args: { name: NAME },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: ['collab labels update bug --project acme/web/storefront --new-name defect --color red'],
});

interface UpdateLabelOptions {
  owner: Owner;
  name: string;
  fields: Record<string, unknown>;
}

export function parse(input: VerbInput<typeof UPDATE>): UpdateLabelOptions {
  if (input.newName?.includes(','))
    throw new CollabError('usage', `invalid label name "${input.newName}": a name cannot hold a comma`);
  const fields: Record<string, unknown> = {
    ...(input.newName !== undefined ? { new_name: input.newName } : {}),
    ...input.fields,
    ...priorityField(input.priority, input.owner),
  };
  if (Object.keys(fields).length === 0) throw nothingToChange(CHANGE_FLAGS);
  return { owner: input.owner, name: input.name, fields };
}

export async function run(ctx: VerbContext, opts: UpdateLabelOptions): Promise<void> {
  const response = await ctx.session
    .mutate<Label>(updateLabel(opts.owner, opts.name, opts.fields))
    .catch((error: unknown) => {
      throw labelHint(error, opts.owner, opts.name);
    });
  if (!response) return;
  ctx.terminal.info(`updated label ${response.data.name ?? opts.name} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, { columns: LABEL_COLUMNS, detail: LABEL_DETAIL });
}
