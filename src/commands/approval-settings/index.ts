import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { VIEW } from './view.js';
import { UPDATE } from './update.js';

export const spec: CommandSpec = {
  ...noun('approval-settings'),
  description:
    'A project’s or group’s merge request approval settings (GitLab Premium and Ultimate). Every verb takes exactly one of --project <id|path> (the Maintainer role) and --group <id|path> (the Owner role).',
  subcommands: [
    { ...VIEW, load: () => import('./view.js') },
    { ...UPDATE, load: () => import('./update.js') },
  ],
};
