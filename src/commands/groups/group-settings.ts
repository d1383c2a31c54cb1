import { CollabError } from '../../errors.js';
import {
  GROUP_PATH_RULE,
  GROUP_SETTINGS,
  GROUP_SETTINGS_WITH_OWN_FLAGS,
  isValidGroupPath,
} from '../../params/groups.js';

/** The settings flags of `groups create` and `groups update`. */

/** The settings that create and update take as table-derived flags (--parent and --avatar are their own). */
export const TABLE_SETTINGS = GROUP_SETTINGS.filter(
  (s) => !(GROUP_SETTINGS_WITH_OWN_FLAGS as readonly string[]).includes(s.name),
);

export function checkPath(path: string): void {
  if (!isValidGroupPath(path))
    throw new CollabError('usage', `invalid --path "${path}": a group path ${GROUP_PATH_RULE}`);
}
