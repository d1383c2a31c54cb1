import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { LIST } from './list.js';
import { VIEW } from './view.js';
import { CREATE } from './create.js';
import { UPDATE } from './update.js';
import { DELETE } from './delete.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('badges'),
  description:
    'Every verb takes exactly one of --project <id|path> and --group <id|path>. Whoever sees the project or group reads its badges; a project’s Maintainers and a group’s Owners change them. Link and image URLs may hold placeholders the service fills in per project: %{project_path}, %{project_id}, %{project_name}, %{project_title}, %{default_branch}, %{commit_sha}. A project’s list holds its groups’ badges too (KIND: group).',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
  ],
};
