import { strictObject, type ZodMiniType } from 'zod/mini';
import { groupProjectsPath, subgroupsPath } from '../../api/groups.js';
import { ownersOnly } from '../../api/projects.js';
import { projectRole, refusedHint, ROLES } from '../../api/roles.js';
import { CollabError } from '../../errors.js';
import { ACCESS_LEVELS } from '../../params/access.js';
import { GROUP_SETTINGS } from '../../params/groups.js';
import { PROJECT_SETTINGS } from '../../params/projects.js';
import type { TargetKind } from '../schema.js';
import { GROUP_DEFAULTS, PROJECT_DEFAULTS } from '../../params/defaults.js';
import type { ParamSpec } from '../../params/types.js';
import type { LiveTarget } from '../model.js';
import { moreVisible, VISIBILITIES, type Visibility } from '../../params/visibility.js';
import { parentPath } from '../../util/path-order.js';
import { equal, isItem, paramSchema, sameParamValue, servicePath, shape } from './common.js';
import {
  type DiffInput,
  type Item,
  type Planned,
  plannedSetting,
  type Reader,
  type Section,
  updateRequest,
} from './section.js';

/**
 * `settings`: every settable field of project and group create/update (the src/params/ tables),
 * with the service's own name. Read from the project or group itself (the lists carry them); a
 * target's changed settings go out in one PUT with its mirror settings.
 */

/** Project settings that the `mirror` section sets (the API reference's pull-mirroring table), not `settings`. */
export const MIRROR_KEYS = [
  'import_url',
  'mirror',
  'mirror_trigger_builds',
  'only_mirror_protected_branches',
  'mirror_overwrites_diverged_branches',
  'mirror_user_id',
] as const;

/** Settings with a section of their own (avatar, mirror), or that name where a thing is (namespace, parent): the file's structure says those. */
const NOT_SETTINGS = new Set<string>(['avatar', 'namespace_id', 'parent_id', ...MIRROR_KEYS]);

const TABLES = { project: PROJECT_SETTINGS, group: GROUP_SETTINGS } as const;
const DEFAULTS = { project: PROJECT_DEFAULTS, group: GROUP_DEFAULTS } as const;
const project = PROJECT_SETTINGS.filter((p) => !NOT_SETTINGS.has(p.name));
const group = GROUP_SETTINGS.filter((p) => !NOT_SETTINGS.has(p.name));
/** `defaults` (both kinds) takes every setting of either. */
const PARAMS = { project, group, both: [...project, ...group.filter((g) => !project.some((p) => p.name === g.name))] };

/** Each setting of either table by name: how its value compares (sameSetting). */
const SETTING_PARAMS: ReadonlyMap<string, ParamSpec> = new Map(
  [...GROUP_SETTINGS, ...PROJECT_SETTINGS].map((p) => [p.name, p]),
);

/** The settings a kind has (what `defaults` keeps for it). */
const NAMES: Record<TargetKind, ReadonlySet<string>> = {
  project: new Set(
    PROJECT_SETTINGS.map((p) => p.name).filter((name) => !(MIRROR_KEYS as readonly string[]).includes(name)),
  ),
  group: new Set(GROUP_SETTINGS.map((p) => p.name)),
};

/** Settings that only a create call takes: sent when `create: true` makes the target, never diffed. */
const CREATE_ONLY: Readonly<Record<TargetKind, ReadonlySet<string>>> = {
  project: new Set(TABLES.project.filter((p) => !p.columns.includes('update')).map((p) => p.name)),
  group: new Set(TABLES.group.filter((p) => !p.columns.includes('update')).map((p) => p.name)),
};

/** `container_expiration_policy_attributes` is set by that name and shown as `container_expiration_policy`. */
export function settingOf(resource: Item, key: string): unknown {
  return key.endsWith('_attributes') ? resource[key.slice(0, -'_attributes'.length)] : resource[key];
}

export function sameSetting(key: string, wanted: unknown, live: unknown): boolean {
  if (key.endsWith('_attributes') && isItem(wanted) && isItem(live))
    return Object.entries(wanted).every(([k, v]) => equal(live[k], v));
  // An array is a set only where its table says so (ParamSpec.unordered): elsewhere its order counts.
  return sameParamValue(SETTING_PARAMS.get(key), live, wanted);
}

/**
 * The attributes of a target the file wants (settings, mirror) against what it has: each one that
 * differs is a change of the target's one PUT. `same` compares a value as the service shows it.
 */
export function diffAttributes(
  input: DiffInput<never>,
  same: (key: string, wanted: unknown, live: unknown) => boolean,
): void {
  const { value, target, live, creating } = input;
  if (!isItem(value) || creating) return;
  const resource = live.resource ?? {};
  for (const [key, wanted] of Object.entries(value)) {
    if (CREATE_ONLY[target.kind].has(key)) continue;
    const before = settingOf(resource, key);
    if (same(key, wanted, before)) continue;
    const shown = input.kept(value)[key];
    // A hash is set key by key (the others stay): its change shows the keys it sends, on both sides.
    const was =
      key.endsWith('_attributes') && isItem(wanted) && isItem(before)
        ? Object.fromEntries(Object.keys(wanted).map((name) => [name, before[name] ?? null]))
        : before;
    input.emit(key, 'update', was, shown, updateRequest({ [key]: shown }));
  }
}

/** The live field a setting's change was computed from. */
export const attributeFields = (key: string, resource: Item | null) => ({
  [key]: resource ? (settingOf(resource, key) ?? null) : null,
});

/**
 * A hash's live fields without next_run_at, which the service sets itself: on every save of the
 * container expiration policy and after each of its cleanup runs (app/models/container_expiration_policy.rb
 * with Schedulable's before_save; ContainerExpirationPolicyService calls schedule_next_run!). No file
 * says it and no change is computed from it: a saved plan is not stale when it alone moved.
 */
function unscheduled(fields: Item): Item {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => {
      if (!isItem(value) || !('next_run_at' in value)) return [key, value];
      const { next_run_at: _scheduled, ...rest } = value;
      return [key, rest];
    }),
  );
}

/** What a setting of a new target is where the defaults table says nothing: no description, private. */
const UNSAID: Item = { description: '', visibility: 'private' };

/** A value that says nothing a new target would not have (a person leaves it out). */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The attributes of a target as the file would set them: each settable one (not create-only, not
 * deprecated) whose live value differs from a new target's, in the type the schema takes (a hash
 * by the keys it sets that differ). `path` is the file's key; a name equal to it is left out.
 */
export function exportAttributes(live: LiveTarget, params: readonly ParamSpec[]): Item | undefined {
  const resource = live.resource;
  if (!resource) return undefined;
  const defaults: Item = { ...UNSAID, ...DEFAULTS[live.kind], name: live.path.slice(live.path.lastIndexOf('/') + 1) };
  const out: Item = {};
  for (const param of params) {
    if (param.deprecated || param.name === 'path' || CREATE_ONLY[live.kind].has(param.name)) continue;
    const shown = settingOf(resource, param.name);
    const base = defaults[param.name.replace(/_attributes$/, '')] ?? (param.type === 'boolean' ? false : undefined);
    const value = param.keys && isItem(shown) ? differing(shown, param.keys, isItem(base) ? base : {}) : shown;
    if (isEmpty(value) || equal(value, base) || !schemaOf(param).safeParse(value).success) continue;
    out[param.name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A setting a target's export left out (its value is a new target's), as the file would set it, to
 * say against a value written once for the targets around it: the live value, where the schema takes
 * it and it is no hash (hashes merge key by key); undefined where the file cannot say it (null).
 */
function unsaidAttribute(live: LiveTarget, params: readonly ParamSpec[], key: string | undefined): unknown {
  const param = params.find((p) => p.name === key);
  if (!live.resource || !param || param.keys || param.deprecated || CREATE_ONLY[live.kind].has(param.name))
    return undefined;
  const shown = settingOf(live.resource, param.name);
  if (shown === null || shown === undefined || isItem(shown)) return undefined;
  return schemaOf(param).safeParse(shown).success ? shown : undefined;
}

/** One schema per parameter, built on first use: export checks every differing value of every target against it. */
const SCHEMAS = new WeakMap<ParamSpec, ZodMiniType>();
function schemaOf(param: ParamSpec): ZodMiniType {
  const known = SCHEMAS.get(param);
  if (known) return known;
  const built = paramSchema(param);
  SCHEMAS.set(param, built);
  return built;
}

/** The keys of a hash whose value differs from the default's. */
function differing(shown: Item, keys: readonly ParamSpec[], base: Item): Item | undefined {
  const out = Object.fromEntries(
    keys
      .filter((key) => !isEmpty(shown[key.name]) && !equal(shown[key.name], base[key.name]))
      .map((key) => [key.name, shown[key.name]]),
  );
  return Object.keys(out).length > 0 ? out : undefined;
}

declare module '../model.js' {
  interface LiveTarget {
    /** Why GitLab would refuse the visibility the file gives this target, as the apply leaves what is around it. */
    visibilityRefusal?: { message: string; hint: string };
    /** A project's settings change that is its owners' (a name, a visibility) while the caller is below Owner. */
    ownersRefusal?: { message: string; hint: string };
  }
}

const visibilityOf = (value: unknown): Visibility | undefined =>
  (VISIBILITIES as readonly unknown[]).includes(value) ? (value as Visibility) : undefined;

/**
 * A project's PUT that renames it or sets its visibility is its owners' (ownersOnly, src/api/projects.ts):
 * GitLab refuses the whole PUT to a Maintainer (403). Said at plan where the project's view shows
 * the caller's role below Owner and the caller is no administrator (GET /user, once a run, only
 * then); a role the view does not show (an administrator's, a share's) is left to the service.
 */
async function readOwnersRefusals(
  lives: readonly LiveTarget[],
  values: readonly unknown[],
  reader: Reader,
): Promise<void> {
  const below = lives.flatMap((live, i) => {
    const value = values[i];
    const resource = live.resource;
    if (live.kind !== 'project' || !resource || !isItem(value)) return [];
    const role = projectRole(resource);
    if (role === undefined || role >= ACCESS_LEVELS.owner) return [];
    const changed = Object.fromEntries(
      Object.entries(value).filter(([key, wanted]) => !sameSetting(key, wanted, settingOf(resource, key))),
    );
    return ownersOnly(changed) ? [{ live, role, keys: ['name', 'visibility'].filter((key) => key in changed) }] : [];
  });
  if (below.length === 0) return;
  const caller = await reader.caller();
  if (caller.is_admin === true) return;
  for (const { live, role, keys } of below)
    live.ownersRefusal = {
      message: `settings: project ${servicePath(live)}: its ${keys.join(' and ')} may be changed by its owners alone (rename_project, change_visibility_level), and GitLab refuses the change to you (403)`,
      hint: refusedHint(ROLES.owners, role),
    };
}

/**
 * GitLab keeps nothing more visible than the group that holds it, and refuses the change that would
 * (400 on visibility_level: Project#visibility_level_allowed_by_group, Group#visibility_level_allowed_by_parent,
 * _by_sub_groups, _by_projects; src/params/visibility.ts). Checked only for a target whose file
 * changes its visibility (or makes it with one), against its group as the apply leaves it: the
 * file's value, since apply orders visibility changes to fit (targetWaves, src/desired/apply.ts),
 * else the group's view, read once a group. A group made less visible is checked against the
 * subgroups and projects it holds, as the file leaves them: its two lists, read for it alone.
 */
async function readVisibilityLimits(
  lives: readonly LiveTarget[],
  values: readonly unknown[],
  reader: Reader,
  planned: Planned,
): Promise<void> {
  const fileSays = (kind: TargetKind, path: string) => visibilityOf(plannedSetting(planned, kind, path, 'visibility'));
  // A user's namespace holds projects of any visibility.
  const groupNow = (path: string) =>
    reader.group(path).then(
      (view) => visibilityOf(view.visibility),
      (error: { kind?: string }) => (error.kind === 'not-found' ? undefined : Promise.reject(error)),
    );
  await Promise.all(
    lives.map(async (live, i) => {
      const value = values[i];
      const wanted = isItem(value) ? visibilityOf(value.visibility) : undefined;
      const now = visibilityOf(live.resource?.visibility);
      if (!wanted || (live.resource && now === wanted)) return;
      const path = servicePath(live);
      const namespace = live.resource?.namespace;
      const holder =
        live.kind === 'project' && live.resource
          ? isItem(namespace) && namespace.kind === 'group'
            ? String(namespace.full_path)
            : undefined
          : parentPath(path) || undefined;
      const limit = holder === undefined ? undefined : (fileSays('group', holder) ?? (await groupNow(holder)));
      if (holder !== undefined && limit && moreVisible(wanted, limit)) {
        live.visibilityRefusal = {
          message: `settings: ${live.kind} ${path} would be ${wanted}, more visible than group ${holder} (${limit}), which GitLab refuses (400)`,
          hint: `give ${path} ${limit} visibility or less, or make ${holder} ${wanted} too in the file`,
        };
        return;
      }
      if (live.kind !== 'group' || !live.resource || !now || !moreVisible(now, wanted)) return;
      const id = Number(live.resource.id);
      const [subgroups, projects] = await Promise.all([
        reader.list(subgroupsPath(id)),
        reader.list(groupProjectsPath(id), { with_shared: false }),
      ]);
      const held = [
        ...subgroups.map((group) => ({ kind: 'group' as const, path: String(group.full_path), now: group.visibility })),
        ...projects.map((project) => ({
          kind: 'project' as const,
          path: String(project.path_with_namespace),
          now: project.visibility,
        })),
      ];
      const above = held.flatMap((child) => {
        const after = fileSays(child.kind, child.path) ?? visibilityOf(child.now);
        return after && moreVisible(after, wanted) ? [{ ...child, after }] : [];
      });
      const first = above[0];
      if (!first) return;
      const more = above.length > 1 ? ` (and ${above.length - 1} more)` : '';
      live.visibilityRefusal = {
        message: `settings: group ${path} would be ${wanted} while its ${first.kind} ${first.path}${more} stays ${first.after}, which GitLab refuses (400)`,
        hint: `make what ${path} holds ${wanted} or less in the file too (its projects: settings), or keep it ${now}`,
      };
    }),
  );
}

export const settings: Section<never> = {
  name: 'settings',
  kinds: ['project', 'group'],
  order: 'first',
  schema: (kind) => strictObject(shape(PARAMS[kind])),
  forKind: (kind, value) =>
    isItem(value) ? Object.fromEntries(Object.entries(value).filter(([name]) => NAMES[kind].has(name))) : value,
  createBody: (value) => (isItem(value) ? value : {}),
  read: {
    once: async (_ctx, lives, values, reader, planned) => {
      await readVisibilityLimits(lives, values, reader, planned);
      await readOwnersRefusals(lives, values, reader);
    },
  },
  diff: (input) => {
    const refused = input.live.visibilityRefusal;
    if (refused) throw new CollabError('usage', refused.message, { hint: refused.hint });
    const owners = input.live.ownersRefusal;
    if (owners) throw new CollabError('auth', owners.message, { hint: owners.hint });
    diffAttributes(input, sameSetting);
  },
  liveFields: (key, live) => unscheduled(attributeFields(key, live.resource)),
  reached: (key, after, live) => live.resource !== null && sameSetting(key, after, settingOf(live.resource, key)),
  // A hash's keys the file leaves stay as they were.
  updates: (key, after) => (key.endsWith('_attributes') && isItem(after) ? Object.keys(after) : undefined),
  export: ({ live }) => exportAttributes(live, PARAMS[live.kind]),
  exportUnsaid: (live, key) => unsaidAttribute(live, PARAMS[live.kind], key),
};
