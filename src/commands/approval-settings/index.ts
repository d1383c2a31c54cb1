import { APPROVAL_SETTINGS } from '../../params/approvals.js';
import { params } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show the merge request approval settings: each value, and whether a group above locks it',
  examples: [
    'collab approval-settings view --project acme/web/storefront',
    'collab approval-settings view --group acme --json',
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change merge request approval settings; those not given stay',
  description:
    'A group’s strict value (authors may not approve, approvals do not stay on push…) locks it for every project below: such a key cannot be changed on the project. selective_code_owner_removals is a project’s alone, and needs retain_approvals_on_push off.',
  flags: { settings: params(APPROVAL_SETTINGS) },
  mutating: true,
  examples: [
    'collab approval-settings update --group acme --no-allow-author-approval',
    'collab approval-settings update --project acme/web/storefront --retain-approvals-on-push',
  ],
});

export const spec: CommandSpec = {
  ...noun('approval-settings'),
  description:
    'A project’s or group’s merge request approval settings (GitLab Premium and Ultimate). Every verb takes exactly one of --project <id|path> (the Maintainer role) and --group <id|path> (the Owner role).',
  subcommands: [
    { ...VIEW, load: () => import('./view.js') },
    { ...UPDATE, load: () => import('./update.js') },
  ],
};
