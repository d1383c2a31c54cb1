import { createLabel, type Label } from '../../api/labels.js';
import { describeOwner, type Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { VerbInput } from '../verb.js';
import { LABEL_COLUMNS, LABEL_DETAIL, labelHint } from './fields.js';
import { LABEL_NAME, LABEL_PARAMS } from '../../params/labels.js';
import { nameParser, PRIORITY_FLAG } from './shared.js';
import { arg, params } from '../flags.js';
import { ownerVerb } from '../owner.js';

const NEW_NAME = arg({ name: 'name', description: LABEL_NAME.description }, nameParser);

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add a label (refused when the name is taken here or in a group above)',
  args: { name: NEW_NAME },
  flags: { fields: params(LABEL_PARAMS), priority: PRIORITY_FLAG },
  mutating: true,
  examples: [
    'collab labels create bug --project acme/web/storefront --color "#d9534f" --description "Something is broken"',
    'collab labels create chore --group acme --color teal',
  ],
});

interface CreateLabelOptions {
  owner: Owner;
  name: string;
  fields: Record<string, unknown> & { color: string };
}

/** A color is required; a priority belongs to project labels only. */
export function parse(input: VerbInput<typeof CREATE>): CreateLabelOptions {
  const { color, ...rest } = input.fields;
  if (color === undefined)
    throw new CollabError('usage', 'missing --color', {
      hint: 'give --color "#RRGGBB" or a CSS color name such as orange',
    });
  return {
    owner: input.owner,
    name: input.name,
    fields: { color, ...rest, ...priorityField(input.priority, input.owner) },
  };
}

/** --priority on a project; refused on a group, which the service would ignore. */
export function priorityField(priority: number | null | undefined, owner: Owner): { priority?: number | null } {
  if (priority === undefined) return {};
  if (owner.kind === 'group')
    throw new CollabError('usage', '--priority applies to project labels only', {
      hint: 'drop it, or use --project <id|path>',
    });
  return { priority };
}

export async function run(ctx: VerbContext, opts: CreateLabelOptions): Promise<void> {
  const response = await ctx.session
    .mutate<Label>(createLabel(opts.owner, { name: opts.name, ...opts.fields }))
    .catch((error: unknown) => {
      throw labelHint(error, opts.owner, opts.name);
    });
  if (!response) return;
  ctx.terminal.info(`created label ${opts.name} on ${describeOwner(opts.owner)}`);
  await ctx.presenter.resource(response.data, { columns: LABEL_COLUMNS, detail: LABEL_DETAIL });
}
