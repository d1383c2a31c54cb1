import { confirmedDelete } from '../delete.js';
import { valueParser } from '../../params/derive.js';
import { LABEL_NAME, LABEL_PARAMS, LABEL_PRIORITY } from '../../params/labels.js';
import { nonEmpty } from '../../params/parsers.js';
import { arg, bool, option, params } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const NAME = arg({ name: 'name', description: 'the label’s name (or its ID)' }, nonEmpty);
/** A new label's name, held to the name's rule. */
const nameParser = valueParser(LABEL_NAME) as (value: string, flag: string) => string;
const NEW_NAME = arg({ name: 'name', description: LABEL_NAME.description }, nameParser);
/** A number, or `none` to remove it (the API's null). */
const priorityValue = (value: string, flag: string): number | null =>
  value === 'none' ? null : (valueParser(LABEL_PRIORITY) as (value: string, flag: string) => number)(value, flag);
const PRIORITY_FLAG = option(
  '--priority <n|none>',
  `${LABEL_PRIORITY.description}; none removes it; project labels only`,
  priorityValue,
);

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the labels (a project’s include its groups’)',
  flags: { own: bool('--own', 'only the project’s own labels, not those of the groups above it') },
  list: true,
  examples: ['collab labels list --project acme/web/storefront', 'collab labels list --group acme --json'],
});

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one label',
  args: { name: NAME },
  examples: ['collab labels view bug --project acme/web/storefront'],
});

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

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Rename, recolor or describe a label',
  args: { name: NAME },
  flags: {
    newName: option('--new-name <name>', 'rename the label', nameParser),
    fields: params(LABEL_PARAMS),
    priority: PRIORITY_FLAG,
  },
  mutating: true,
  examples: ['collab labels update bug --project acme/web/storefront --new-name defect --color red'],
});

export const DELETE = confirmedDelete({
  summary: 'Remove a label (one already gone is not an error)',
  typing: 'the name',
  args: { name: NAME },
  kinds: ['project', 'group'],
  strict: 'the label does not exist',
  examples: ['collab labels delete wontfix --project acme/web/storefront --yes'],
});

export const spec: CommandSpec = {
  ...noun('labels'),
  description:
    'Every verb takes exactly one of --project <id|path> and --group <id|path>. Whoever sees the project or group reads its labels; the Reporter role changes them. A project’s list holds the labels of the groups above it too (FROM: group): those are changed through their group.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
