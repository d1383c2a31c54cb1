import type { Router } from '../http.js';
import { register as registerGroups } from './groups.js';
import { register as registerHooks } from './hooks.js';
import { register as registerNoteables } from './noteables.js';
import { register as registerNotes } from './notes.js';
import { register as registerProjects } from './projects.js';
import { register as registerPushRules } from './push-rules.js';
import { register as registerShares } from './shares.js';
import { register as registerUsers } from './users.js';
import { register as registerNamespaces } from './namespaces.js';
import { register as registerForks } from './forks.js';
import { register as registerProjectActions } from './project-actions.js';

/** Every resource's routes, one file each. */
export function registerRoutes(router: Router): void {
  registerUsers(router);
  registerNamespaces(router);
  registerForks(router);
  registerProjectActions(router);
  registerProjects(router);
  registerGroups(router);
  registerNoteables(router);
  registerNotes(router);
  registerHooks(router);
  registerPushRules(router);
  registerShares(router);
}
