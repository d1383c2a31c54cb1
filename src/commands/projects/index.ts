import { memberVerbs } from '../members/index.js';
import { noun } from '../nouns.js';
import type { CommandSpec } from '../spec.js';
import { ARCHIVE } from './archive.js';
import { CREATE } from './create.js';
import { DELETE } from './delete.js';
import { FORK } from './fork.js';
import { FORK_RELATION_ADD } from './fork-relation-add.js';
import { FORK_RELATION_REMOVE } from './fork-relation-remove.js';
import { FORKS } from './forks.js';
import { GROUPS } from './groups.js';
import { HOUSEKEEPING } from './housekeeping.js';
import { IMPORT_MEMBERS } from './import-members.js';
import { LANGUAGES } from './languages.js';
import { LIST } from './list.js';
import { MIRROR_PULL } from './mirror-pull.js';
import { RESTORE } from './restore.js';
import { SNAPSHOT } from './snapshot.js';
import { STAR } from './star.js';
import { STARRERS } from './starrers.js';
import { STORAGE } from './storage.js';
import { TRANSFER } from './transfer.js';
import { UNARCHIVE } from './unarchive.js';
import { UNSTAR } from './unstar.js';
import { UPDATE } from './update.js';
import { UPLOAD } from './upload.js';
import { USERS } from './users.js';
import { VIEW } from './view.js';

/** One file a verb, holding its declaration and its run. */
export const spec: CommandSpec = {
  ...noun('projects'),
  description: '<project> is a numeric ID or a full path such as grp/sub/app.',
  subcommands: [
    { ...LIST, load: () => import('./list.js') },
    { ...VIEW, load: () => import('./view.js') },
    { ...CREATE, load: () => import('./create.js') },
    { ...UPDATE, load: () => import('./update.js') },
    { ...DELETE, load: () => import('./delete.js') },
    { ...RESTORE, load: () => import('./restore.js') },
    { ...ARCHIVE, load: () => import('./archive.js') },
    { ...UNARCHIVE, load: () => import('./unarchive.js') },
    { ...STAR, load: () => import('./star.js') },
    { ...UNSTAR, load: () => import('./unstar.js') },
    { ...TRANSFER, load: () => import('./transfer.js') },
    { ...FORK, load: () => import('./fork.js') },
    {
      name: 'fork-relation',
      summary: 'Mark an existing project as a fork of another, or remove that mark',
      subcommands: [
        { ...FORK_RELATION_ADD, load: () => import('./fork-relation-add.js') },
        { ...FORK_RELATION_REMOVE, load: () => import('./fork-relation-remove.js') },
      ],
    },
    { ...FORKS, load: () => import('./forks.js') },
    { ...STARRERS, load: () => import('./starrers.js') },
    { ...LANGUAGES, load: () => import('./languages.js') },
    { ...USERS, load: () => import('./users.js') },
    { ...GROUPS, load: () => import('./groups.js') },
    { ...STORAGE, load: () => import('./storage.js') },
    { ...SNAPSHOT, load: () => import('./snapshot.js') },
    { ...UPLOAD, load: () => import('./upload.js') },
    { ...HOUSEKEEPING, load: () => import('./housekeeping.js') },
    { ...IMPORT_MEMBERS, load: () => import('./import-members.js') },
    memberVerbs('project'),
    { ...MIRROR_PULL, load: () => import('./mirror-pull.js') },
  ],
};
