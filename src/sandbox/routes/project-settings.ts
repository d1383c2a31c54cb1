import { DEPRECATED_SWITCHES, PROJECT_NAME_RULE, PROJECT_PATH_RULE, PROJECT_SETTINGS } from '../../params/projects.js';
import type { SettingsColumn } from '../../params/types.js';
import { groupOfNamespace } from '../access.js';
import { moreVisible } from '../../params/visibility.js';
import { refuseAdminOnly } from '../guards.js';
import { PROJECT_DEFAULTS } from '../../params/defaults.js';
import { paramError } from '../errors.js';
import type { SandboxRequest } from '../http.js';
import type { Project, StoredFile, User, Visibility } from '../model.js';
import { checkAvatar, modelError, readParams } from '../params.js';
import type { Store } from '../store.js';

/** A project's settings (the projects API reference's settings table): read from a request, checked, applied. */

/** The settings of one column of the table, coerced and checked as the service does. */
export function readSettings(req: SandboxRequest, column: SettingsColumn): Record<string, unknown> {
  const specs = PROJECT_SETTINGS.filter((s) => s.columns.includes(column));
  const values = readParams(req.input, specs);
  for (const [key, value] of Object.entries(values)) if (value === undefined) delete values[key];
  for (const spec of specs) {
    const allowed = spec.columnChoices?.[column];
    if (allowed && values[spec.name] !== undefined && !allowed.includes(values[spec.name] as string))
      throw paramError(`${spec.name} does not have a valid value`);
  }
  if (values.avatar !== undefined) checkAvatar(values.avatar);
  refuseAdminOnly(req.user as User, values, specs);
  return values;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** A project's visibility may not be above its group's. */
export function visibilityProblem(store: Store, namespaceId: number, visibility: Visibility): string | undefined {
  const group = groupOfNamespace(store, namespaceId);
  if (!group || !moreVisible(visibility, group.visibility)) return undefined;
  return `${visibility} is not allowed in ${article(group.visibility)} ${group.visibility} group.`;
}

/** Name and path checks of create and update: format, then uniqueness in the namespace. */
export function namingErrors(
  store: Store,
  namespaceId: number,
  name: string | undefined,
  path: string | undefined,
  exceptId?: number,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (name !== undefined) {
    const problem = modelError(PROJECT_NAME_RULE, name);
    if (problem) errors.name = [problem];
    else if (store.projectNameTaken(namespaceId, name, exceptId)) errors.name = ['has already been taken'];
  }
  if (path !== undefined) {
    const problem = modelError(PROJECT_PATH_RULE, path);
    if (problem) errors.path = [problem];
    else {
      const existing = store.findProject(`${store.namespacePath(namespaceId)}/${path}`);
      if ((existing && existing.id !== exceptId) || (!existing && store.projectPathTaken(namespaceId, path)))
        errors.path = ['has already been taken'];
    }
  }
  return errors;
}

/**
 * The model's range checks of the settings whose rule is a range (build_timeout: 10 minutes to 1
 * month), one error a setting. Name, path and default branch are checked where their other
 * conditions are (namingErrors, the update's HEAD check).
 */
export function rangeErrors(settings: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const spec of PROJECT_SETTINGS) {
    if (!spec.rule?.integer || settings[spec.name] === undefined) continue;
    const problem = modelError(spec.rule, settings[spec.name]);
    if (problem) errors[spec.rule.service?.field ?? spec.name] = [problem];
  }
  return errors;
}

/** Days of each cadence, as GitLab's ChronicDuration parses it (days_per_month: 30). */
const CADENCE_DAYS: Readonly<Record<string, number>> = { '1d': 1, '7d': 7, '14d': 14, '1month': 30, '3month': 90 };

/**
 * Saves a project's container expiration policy (`policy`, or the one it has) as GitLab does: its
 * Schedulable's before_save sets next_run_at to the save's time plus the cadence, enabled or not
 * (app/models/container_expiration_policy.rb `set_next_run_at`, app/models/concerns/schedulable.rb).
 * `now`: the store's clock (ms).
 */
export function saveExpirationPolicy(project: Project, now: number, policy?: Policy): void {
  const saved = policy ?? currentPolicy(project);
  const days = CADENCE_DAYS[String(saved.cadence)];
  project.attrs.container_expiration_policy =
    days === undefined ? saved : { ...saved, next_run_at: new Date(now + days * 86_400_000).toISOString() };
}

type Policy = Record<string, unknown>;

const currentPolicy = (project: Project): Policy =>
  (project.attrs.container_expiration_policy ?? PROJECT_DEFAULTS.container_expiration_policy) as Policy;

/** Applies settings to a project's record; the deprecated switches and their access levels are kept in step. */
export function applySettings(project: Project, settings: Record<string, unknown>, caller: User, now: number): void {
  const levelToSwitch = Object.fromEntries(
    Object.entries(DEPRECATED_SWITCHES).map(([switchName, level]) => [level, switchName]),
  );
  for (const [key, value] of Object.entries(settings)) {
    switch (key) {
      case 'name':
        project.name = value as string;
        break;
      case 'path':
        project.path = value as string;
        break;
      case 'description':
        project.description = value as string;
        break;
      case 'visibility':
        project.visibility = value as Visibility;
        break;
      case 'topics':
      case 'tag_list':
        project.topics = [...new Set(value as string[])];
        break;
      case 'avatar':
        project.avatar = value as StoredFile;
        break;
      case 'public_builds':
        project.attrs.public_jobs = value;
        break;
      case 'container_expiration_policy_attributes': {
        const current = currentPolicy(project);
        const given = { ...(value as Record<string, unknown>) };
        // name_regex is the deprecated name of name_regex_delete.
        if (given.name_regex !== undefined && given.name_regex_delete === undefined)
          given.name_regex_delete = given.name_regex;
        if (given.name_regex_delete !== undefined) given.name_regex = given.name_regex_delete;
        const policy = { ...current, ...given };
        // The project saves its policy (a nested record, autosaved by ActiveRecord only when
        // changed) only when a value of it changes: a PUT of the values it has leaves next_run_at.
        if (Object.keys(given).some((key) => JSON.stringify(current[key]) !== JSON.stringify(given[key])))
          saveExpirationPolicy(project, now, policy);
        else project.attrs.container_expiration_policy = policy;
        break;
      }
      case 'namespace_id':
      case 'initialize_with_readme':
      case 'template_name':
      case 'template_project_id':
      case 'use_custom_template':
      case 'group_with_project_templates_id':
        break;
      default:
        project.attrs[key] = value;
        if (key in DEPRECATED_SWITCHES)
          project.attrs[DEPRECATED_SWITCHES[key] as string] = value ? 'enabled' : 'disabled';
        if (key in levelToSwitch) project.attrs[levelToSwitch[key] as string] = value !== 'disabled';
    }
  }
  if (settings.mirror === true && settings.mirror_user_id === undefined && project.attrs.mirror_user_id == null)
    project.attrs.mirror_user_id = caller.id;
}
