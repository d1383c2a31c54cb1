import { flagName, paramOption } from '../../params/derive.js';
import {
  PROJECT_LIST_PARAMS,
  PROJECT_SETTINGS,
  PROJECT_VIEW_PARAMS,
  type ProjectSettingSpec,
} from '../../params/projects.js';
import type { SettingsColumn } from '../../params/types.js';
import { namespaceRef, positiveInteger } from '../../params/parsers.js';
import { ONLY_PROJECT, PROJECT, PROJECT_ARG } from '../resource-args.js';
import { waitFlags } from '../common-options.js';
import { given, option, params } from '../flags.js';
import { verb } from '../verb.js';
import type { CommandSpec, OptionSpec } from '../spec.js';
import { CollabError } from '../../errors.js';
import type { ValueParser } from '../../params/option.js';

/**
 * The project verbs of the core set: list, view, create, update, delete, restore, archive,
 * unarchive, star, unstar, transfer. Flags of settings and filters come from src/params/projects.ts.
 */

/** Flags whose values are read differently from what their table type alone says. */
function adjusted(setting: ProjectSettingSpec, option: OptionSpec): OptionSpec {
  // The API's name stays; --namespace is the name fork and transfer give the same thing.
  if (setting.name === 'namespace_id')
    return {
      ...option,
      flags: `--${flagName(setting)} <id|path>`,
      parse: namespaceRef,
      ...(option.hidden ? {} : { aliases: ['--namespace'] }),
    };
  // Checked in the command, not by the parser: a parser's error would echo the credentials.
  if (setting.name === 'import_url') return { ...option, flags: `--${flagName(setting)} <url>` };
  return option;
}

/** Where a setting is accepted, said in help where it differs from the command's own column. */
function settingFlag(setting: ProjectSettingSpec, columns: readonly SettingsColumn[]): OptionSpec {
  const accepted = columns.filter((c) => setting.columns.includes(c));
  let extra = '';
  if (columns.length > 1 && accepted.length === 1)
    extra = accepted[0] === 'createForUser' ? ' (with --for-user only)' : ' (not with --for-user)';
  return adjusted(setting, paramOption(setting, { hidden: accepted.length === 0, extra }));
}

export const VIEW = verb({
  name: 'view',
  summary: 'Show one project: a summary on a terminal, the full object with -o json',
  description:
    'With --wait, a project being imported (a fork being copied, a pull mirror updating) is followed until its import status leaves scheduled/started, as fork --wait does: how to wait again after Ctrl-C on fork --wait (exit 6 if the import failed, 7 if --timeout runs out).',
  args: { project: PROJECT },
  flags: {
    query: params(PROJECT_VIEW_PARAMS),
    ...waitFlags('the project’s import is over (a fork’s copy, a mirror’s pull), and print it then'),
  },
  examples: [
    'collab projects view acme/web/storefront',
    'collab projects view 42 --statistics --license --json',
    'collab projects view olivia/storefront --wait',
  ],
});

export const CREATE = verb({
  name: 'create',
  summary: 'Create a project (POST /projects, or POST /projects/user/:user_id with --for-user)',
  description:
    'Every attribute of the settings table is a flag. Booleans are --x / --no-x; a flag not given leaves the service’s default. --avatar sends the request as multipart/form-data. Pull mirroring: --import-url <url> --mirror [--mirror-trigger-builds] [--only-mirror-protected-branches].',
  flags: {
    forUser: option(
      '--for-user <user-id>',
      'create the project for this user (POST /projects/user/:user_id; administrators only)',
      positiveInteger,
    ),
    // Which settings a create accepts depends on --for-user: create.ts reads them by column.
    settings: given(PROJECT_SETTINGS.map((s) => settingFlag(s, ['create', 'createForUser']))),
  },
  mutating: true,
  examples: [
    'collab projects create --name "Billing API" --namespace acme/platform --visibility internal',
    'collab projects create --path docs --initialize-with-readme --default-branch trunk --topics docs,web',
    'collab projects create --name mirror --import-url https://user:token@example.com/x.git --mirror',
    'collab projects create --for-user 4 --name sandbox --merge-method ff',
  ],
});

export const DELETE = verb({
  name: 'delete',
  summary: 'Delete a project, or mark it for deletion where deletion is delayed',
  description:
    'On a terminal you confirm by typing the project’s full path; scripts pass --yes. Where deletion is immediate the service removes the project in the background: --wait polls until it is gone (404); where it is delayed, until the project is marked for deletion.',
  args: { project: PROJECT },
  flags: waitFlags('the project is gone, or marked for deletion where deletion is delayed'),
  mutating: true,
  confirm: true,
  destructive: true,
  examples: [
    'collab projects delete acme/web/old-site',
    'collab projects delete 42 --yes',
    'collab projects delete 42 --yes --wait --timeout 2m',
  ],
});

export const TRANSFER = verb({
  name: 'transfer',
  summary: 'Move a project to another namespace (group or user)',
  description: 'On a terminal you confirm by typing the project’s full path; scripts pass --yes.',
  args: { project: PROJECT },
  flags: {
    namespace: option('--namespace <id|path>', 'the target namespace: ID or full path', namespaceRef, {
      required: true,
      aliases: ['--namespace-id', '--to'],
    }),
  },
  mutating: true,
  confirm: true,
  destructive: true,
  examples: [
    'collab projects transfer acme/web/storefront --namespace globex',
    'collab projects transfer 42 --namespace 7 --yes',
  ],
});

export const UPDATE = verb({
  name: 'update',
  summary: 'Change the settings of a project (PUT /projects/:id)',
  description:
    'Every attribute of the settings table is a flag; only the flags given are sent. --topics replaces all topics. --avatar sends the request as multipart/form-data.',
  args: { project: PROJECT },
  flags: { settings: given(PROJECT_SETTINGS.map((s) => settingFlag(s, ['update']))) },
  mutating: true,
  examples: [
    'collab projects update acme/web/storefront --merge-method ff --squash-option default_on',
    'collab projects update 42 --container-expiration-policy cadence=7d,keep_n=5,enabled=true',
    'collab projects update 42 --no-lfs-enabled --avatar logo.png',
  ],
});

const USERNAME = /^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/;

/** A user by ID or username, as GET /users/:user_id/... takes it. */
const userRef: ValueParser<string | number> = (value, flag) => {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!USERNAME.test(text))
    throw new CollabError('usage', `invalid value "${value}" for ${flag}: expected a user ID or username`);
  return text;
};

export const LIST = verb({
  name: 'list',
  summary: 'List projects (GET /projects), a user’s projects (--user) or starred projects (--starred-by)',
  description:
    'Every filter of GET /projects is a flag. --user and --starred-by use their own endpoints, which take fewer filters. --all streams every page; ordered by id (the default with --all) it goes past the service’s 50,000-project limit of offset pagination.',
  flags: {
    // As given: which of them the endpoint takes depends on --user and --starred-by (list.ts).
    filters: given(PROJECT_LIST_PARAMS.map((p) => paramOption(p))),
    user: option('--user <id|username>', "the user's personal projects (GET /users/:user_id/projects)", userRef),
    starredBy: option(
      '--starred-by <id|username>',
      'projects starred by this user (GET /users/:user_id/starred_projects)',
      userRef,
    ),
  },
  list: true,
  examples: [
    'collab projects list --membership --order-by last_activity_at',
    'collab projects list --topic api,cli --visibility public --json',
    'collab projects list --all -o ndjson > projects.ndjson',
    'collab projects list --user olivia --archived',
    'collab projects list --custom-attribute tier=gold --with-custom-attributes',
  ],
});

const action = (
  name: string,
  summary: string,
  load: CommandSpec['load'],
  extra: Partial<CommandSpec> = {},
): CommandSpec => ({
  name,
  summary,
  args: [PROJECT_ARG],
  // Typed: a verb whose file has no options() gets `{ project }` (ProjectInput).
  typed: ONLY_PROJECT,
  mutating: true,
  examples: [`collab projects ${name} acme/web/storefront`],
  load,
  ...extra,
});

export const CORE_VERBS: CommandSpec[] = [
  { ...LIST, load: () => import('./list.js') },
  { ...VIEW, load: () => import('./view.js') },
  { ...CREATE, load: () => import('./create.js') },
  { ...UPDATE, load: () => import('./update.js') },
  { ...DELETE, load: () => import('./delete.js') },
  action('restore', 'Restore a project marked for deletion', () => import('./restore.js')),
  action(
    'archive',
    'Archive a project (read-only); archiving an archived project changes nothing',
    () => import('./archive.js'),
    { destructive: true },
  ),
  action(
    'unarchive',
    'Unarchive a project; unarchiving an active project changes nothing',
    () => import('./unarchive.js'),
  ),
  action('star', 'Star a project (already starred is fine)', () => import('./star.js')),
  action('unstar', 'Unstar a project (not starred is fine)', () => import('./unstar.js')),
  { ...TRANSFER, load: () => import('./transfer.js') },
];
