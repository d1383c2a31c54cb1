import { type ProjectRecord, type ProjectRef, updateProject } from '../../api/projects.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { ReadScope } from '../flags.js';
import type { VerbInput } from '../verb.js';
import type { UPDATE } from './verbs-core.js';
import { printProject } from './columns.js';
import { type ProjectSettings, readSettings, sendSettings } from './settings.js';

export interface UpdateOptions extends ProjectSettings {
  project: ProjectRef;
}

export async function parse(
  { project, settings: given }: VerbInput<typeof UPDATE>,
  scope: ReadScope,
): Promise<UpdateOptions> {
  const settings = await readSettings(given, 'update', scope);
  if (Object.keys(settings.params).length === 0 && !settings.avatar) {
    throw new CollabError('usage', 'nothing to update: give at least one setting', {
      hint: 'for example: --description "..." or --visibility internal (see collab projects update --help)',
    });
  }
  return { ...settings, project };
}

export async function run(ctx: VerbContext, opts: UpdateOptions): Promise<void> {
  const project = await sendSettings<ProjectRecord>(ctx, opts.params, (p) =>
    updateProject(opts.project, p, opts.avatar),
  );
  if (!project) return;
  ctx.terminal.info(`updated project ${project.path_with_namespace}`);
  await printProject(ctx, project);
}
