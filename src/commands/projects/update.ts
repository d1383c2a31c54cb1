import { type ProjectRecord, type ProjectRef, updateProject } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { type CollabError, isCollabError, withHint } from '../../errors.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import { printProject } from './columns.js';
import { IMPORT_URL_FILE, type ProjectSettings, readSettings, sendSettings, settingsParams } from './settings.js';
import { PROJECT_SETTINGS } from '../../params/projects.js';
import { given, nothingToChange } from '../flags.js';
import { settingFlag } from './settings.js';
import { PROJECT } from '../resource-args.js';
import { verb } from '../verb.js';

/** What update changes, every setting the table gives update (--avatar too): a call with none of them is refused. */
const CHANGE_FLAGS = {
  settings: given(() => PROJECT_SETTINGS.map((s) => settingFlag(s, ['update']))),
  importUrlFile: IMPORT_URL_FILE,
};

export const UPDATE = verb({
  name: 'update',
  summary: 'Change the settings of a project (PUT /projects/:id)',
  description:
    'Every attribute of the settings table is a flag; only the flags given are sent. --topics replaces all topics. --avatar sends the request as multipart/form-data.',
  args: { project: PROJECT },
  flags: CHANGE_FLAGS,
  mutating: true,
  examples: [
    'collab projects update acme/web/storefront --merge-method ff --squash-option default_on',
    'collab projects update 42 --container-expiration-policy cadence=7d,keep_n=5,enabled=true',
    'collab projects update 42 --no-lfs-enabled --avatar logo.png',
  ],
});

export interface UpdateOptions extends ProjectSettings {
  project: ProjectRef;
}

export async function parse(
  { project, settings: given, importUrlFile }: VerbInput<typeof UPDATE>,
  scope: ReadScope,
): Promise<UpdateOptions> {
  const settings = await readSettings(given, 'update', scope, importUrlFile);
  if (Object.keys(settings.params).length === 0 && !settings.avatar && !settings.importUrl)
    throw nothingToChange(CHANGE_FLAGS, '`collab projects update --help` lists them');
  return { ...settings, project };
}

export async function run(ctx: VerbContext, opts: UpdateOptions): Promise<void> {
  const project = await sendSettings<ProjectRecord>(ctx, await settingsParams(ctx, opts), (p) =>
    updateProject(opts.project, p, opts.avatar),
  ).catch((error: unknown) => {
    throw isCollabError(error) && error.kind === 'rejected' ? takenHint(error, opts.project) : error;
  });
  if (!project) return;
  ctx.terminal.info(`updated project ${project.path_with_namespace}`);
  await printProject(ctx, project);
}

/** A name or path in use beside the project (`path has already been taken`): where, and the flag to change, as create says it. */
function takenHint(error: CollabError, project: ProjectRef): CollabError {
  const taken = (['name', 'path'] as const).filter((key) =>
    new RegExp(`\\b${key} has already been taken`).test(error.message),
  );
  if (taken.length === 0) return error;
  const where =
    typeof project === 'string' && project.includes('/') ? project.replace(/\/[^/]*$/, '') : 'its namespace';
  return withHint(
    error,
    `${where} has a project of that ${taken.join(' and ')} already: choose another ${taken.map((key) => `--${key}`).join(' and ')}`,
  );
}
