import { type ProjectRecord, type ProjectRef, updateProject } from '../../api/projects.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { projectArg } from '../resource-args.js';
import type { CommandInput } from '../spec.js';
import { printProject } from './columns.js';
import { type ProjectSettings, readSettings, sendSettings } from './settings.js';

export interface UpdateOptions extends ProjectSettings {
  project: ProjectRef;
}

export async function options({ args, options: o }: CommandInput, ctx: Context): Promise<UpdateOptions> {
  const project = projectArg(args);
  const settings = await readSettings(o, 'update', ctx);
  if (Object.keys(settings.params).length === 0 && !settings.avatar) {
    throw new CollabError('usage', 'nothing to update: give at least one setting', { hint: 'for example: --description "..." or --visibility internal (see collab projects update --help)' });
  }
  return { ...settings, project };
}

export async function run(ctx: Context, opts: UpdateOptions): Promise<void> {
  const project = await sendSettings<ProjectRecord>(ctx, opts.params, (p) => updateProject(opts.project, p, opts.avatar));
  if (!project) return;
  ctx.info(`updated project ${project.path_with_namespace}`);
  await printProject(ctx, project);
}
