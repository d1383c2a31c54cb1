import { GROUP_PATH_RULE, GROUP_SETTINGS, GROUP_SETTINGS_WITH_OWN_FLAGS } from '../../params/groups.js';
import { checkRule } from '../../params/rules.js';
import { asText, option } from '../flags.js';

/** The settings flags of `groups create` and `groups update`. */

/** The settings that create and update take as table-derived flags (--parent and --avatar are their own). */
export const TABLE_SETTINGS = GROUP_SETTINGS.filter(
  (s) => !(GROUP_SETTINGS_WITH_OWN_FLAGS as readonly string[]).includes(s.name),
);

/** A path made from the name is held to the path's rule as a given one is (by its flag). */
export function checkPath(path: string): void {
  checkRule(GROUP_PATH_RULE, path, '--path');
}

/** The settings with flags of their own, left out of the table's flags. */
export const OWN_FLAGS = [...GROUP_SETTINGS_WITH_OWN_FLAGS];
export const PARENT = ['--parent-id <group>', 'create a subgroup of this group (ID or full path)'] as const;
export const avatarFlag = () =>
  option('--avatar <file>', 'an image file for the avatar (png, jpg, gif...), uploaded as multipart', asText);
