import { confirmedDelete } from '../delete.js';
import { BADGE_PARAMS } from '../../params/badges.js';
import { positiveInteger } from '../../params/parsers.js';
import { arg, asText, option, params } from '../flags.js';
import { noun } from '../nouns.js';
import { ownerVerb } from '../owner.js';
import type { CommandSpec } from '../spec.js';

const BADGE_ID = arg({ name: 'badge-id', description: 'the badge ID (see `collab badges list`)' }, positiveInteger);

export const LIST = ownerVerb({
  kinds: ['project', 'group'],
  name: 'list',
  summary: 'List the badges (a project’s include its groups’)',
  flags: {
    name: option('--name <name>', 'only badges of this name (exact, case-sensitive)', asText),
  },
  list: true,
  examples: ['collab badges list --project acme/web/storefront', 'collab badges list --group acme --json'],
});

export const VIEW = ownerVerb({
  kinds: ['project', 'group'],
  name: 'view',
  summary: 'Show one badge, its URLs as given and as rendered',
  args: { badgeId: BADGE_ID },
  examples: ['collab badges view 1 --project acme/web/storefront'],
});

export const CREATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'create',
  summary: 'Add a badge',
  args: {},
  flags: { fields: params(BADGE_PARAMS) },
  mutating: true,
  examples: [
    "collab badges create --project acme/web/storefront --name coverage --link-url 'https://ci.example.com/%{project_path}' --image-url 'https://ci.example.com/%{project_path}/badges/%{default_branch}/coverage.svg'",
  ],
});

export const UPDATE = ownerVerb({
  kinds: ['project', 'group'],
  name: 'update',
  summary: 'Change a badge’s link, image or name',
  args: { badgeId: BADGE_ID },
  flags: { fields: params(BADGE_PARAMS) },
  mutating: true,
  examples: ['collab badges update 3 --group acme --name pipeline'],
});

export const DELETE = confirmedDelete({
  summary: 'Remove a badge (one already gone is not an error)',
  typing: 'the badge’s ID',
  note: 'A group’s badge is removed through its group.',
  args: { badgeId: BADGE_ID },
  kinds: ['project', 'group'],
  strict: 'the badge does not exist',
  examples: ['collab badges delete 3 --project acme/web/storefront --yes'],
});

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
