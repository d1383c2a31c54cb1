import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('notes'),
  description:
    'Every verb works on the notes of one thing: --project <p> with --issue <iid>, --merge-request <iid> or --snippet <id>; or --group <g> with --epic <id>. Issues and merge requests are given by their iid (the number in the project), snippets and epics by their ID.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
