import { createProject, type ProjectRecord } from '../../api/projects.js';
import { resolveNamespaceId } from '../../api/resolve.js';
import type { VerbContext } from '../../context.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import { printProject } from './columns.js';
import { IMPORT_URL_FILE, type ProjectSettings, readSettings, sendSettings, settingsParams } from './settings.js';
import { PROJECT_SETTINGS } from '../../params/projects.js';
import { positiveInteger } from '../../params/parsers.js';
import { given, option } from '../flags.js';
import { settingFlag } from './settings.js';
import { verb } from '../verb.js';

export const CREATE = verb({
  name: 'create',
  summary: 'Create a project (POST /projects, or POST /projects/user/:user_id with --for-user)',
  description:
    'Every attribute of the settings table is a flag. Booleans are --x / --no-x; a flag not given leaves the service’s default. --avatar sends the request as multipart/form-data. Pull mirroring: --import-url <url> (or --import-url-file <path|-> for a URL with credentials, never on the command line) --mirror [--mirror-trigger-builds] [--only-mirror-protected-branches].',
  flags: {
    forUser: option(
      '--for-user <user-id>',
      'create the project for this user (POST /projects/user/:user_id; administrators only)',
      positiveInteger,
    ),
    // Which settings a create accepts depends on --for-user: create.ts reads them by column.
    settings: given(() => PROJECT_SETTINGS.map((s) => settingFlag(s, ['create', 'createForUser']))),
    importUrlFile: IMPORT_URL_FILE,
  },
  mutating: true,
  examples: [
    'collab projects create --name "Billing API" --namespace acme/platform --visibility internal',
    'collab projects create --path docs --initialize-with-readme --default-branch trunk --topics docs,web',
    'collab projects create --name mirror --import-url-file import-url.txt --mirror',
    'collab projects create --for-user 4 --name sandbox --merge-method ff',
  ],
});

export interface CreateOptions extends ProjectSettings {
  forUser: number | undefined;
  /** --namespace (--namespace-id) given as a full path: resolved to its ID before sending. */
  namespacePath: string | undefined;
}

export async function parse(
  { forUser, settings: given, importUrlFile }: VerbInput<typeof CREATE>,
  scope: ReadScope,
): Promise<CreateOptions> {
  const settings = await readSettings(given, forUser === undefined ? 'create' : 'createForUser', scope, importUrlFile);
  const { params } = settings;
  if (params.name === undefined && params.path === undefined) {
    throw new CollabError('usage', 'give --name or --path (or both)', {
      hint: 'for example: collab projects create --name "Billing API"',
    });
  }
  if (forUser !== undefined && params.name === undefined) {
    throw new CollabError('usage', '--for-user needs --name', {
      hint: 'POST /projects/user/:user_id requires the name',
    });
  }
  if (params.default_branch !== undefined && params.initialize_with_readme !== true) {
    throw new CollabError('usage', '--default-branch on create needs --initialize-with-readme', {
      hint: 'an empty repository has no branch to make the default',
    });
  }
  if (params.mirror === true && settings.importUrl === undefined) {
    throw new CollabError('usage', '--mirror needs --import-url or --import-url-file', {
      hint: 'for example: --import-url-file import-url.txt --mirror (the URL with its credentials in the file)',
    });
  }
  for (const name of ['mirror_trigger_builds', 'only_mirror_protected_branches']) {
    if (params[name] === true && params.mirror !== true)
      throw new CollabError('usage', `--${name.replace(/_/g, '-')} needs --mirror`);
  }
  let namespacePath: string | undefined;
  if (typeof params.namespace_id === 'string') {
    namespacePath = params.namespace_id;
    delete params.namespace_id;
  }
  return { ...settings, forUser, namespacePath };
}

export async function run(ctx: VerbContext, opts: CreateOptions): Promise<void> {
  const params = await settingsParams(ctx, opts);
  // The API takes a namespace ID only: a path is looked up first (a read, also under --dry-run,
  // so that the request printed is the one that would be sent).
  if (opts.namespacePath !== undefined) params.namespace_id = await resolveNamespaceId(ctx.session, opts.namespacePath);
  const project = await sendSettings<ProjectRecord>(ctx, params, (p) =>
    createProject(p, { forUser: opts.forUser, avatar: opts.avatar }),
  ).catch((error: unknown) => {
    throw isCollabError(error) && error.kind === 'rejected' ? takenHint(error, opts, params) : error;
  });
  if (!project) return;
  ctx.terminal.info(`created project ${project.path_with_namespace} (ID ${project.id})`);
  await printProject(ctx, project);
}

/**
 * A 400 for a name or path in use (`name has already been taken; path has already been taken`):
 * where, and the flag to change, as groups create says it. The service makes the path from the
 * name where --path is not given, so --name alone is the one to change then.
 */
function takenHint(error: CollabError, opts: CreateOptions, params: Record<string, unknown>): CollabError {
  const name = /\bname has already been taken/.test(error.message);
  const path = /\bpath has already been taken/.test(error.message);
  if (!name && !path) return error;
  const where =
    opts.namespacePath ??
    (params.namespace_id !== undefined
      ? `namespace ${String(params.namespace_id)}`
      : opts.forUser !== undefined
        ? `the namespace of user ${opts.forUser}`
        : 'your namespace');
  const flags = [
    ...(name || params.path === undefined ? ['--name'] : []),
    ...(path && params.path !== undefined ? ['--path'] : []),
  ];
  const what = name && path ? 'name and path' : name ? 'name' : 'path';
  return withHint(error, `${where} has a project of that ${what} already: choose another ${flags.join(' and ')}`);
}
