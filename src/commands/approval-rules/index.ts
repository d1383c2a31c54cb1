import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';

export const spec: CommandSpec = {
  ...noun('approval-rules'),
  description:
    'A project’s merge request approval rules (GitLab Premium and Ultimate). Every verb takes --project <id|path>; Reporters list and view the rules (anyone who may open merge requests, in a public or internal project), Maintainers change them. A rule is named by its name, approvers by username and group path, branches by name.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
