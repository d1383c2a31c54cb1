import { discriminatedUnion, literal, strictObject, union, type ZodMiniObject } from 'zod/mini';
import { ROLES } from '../../api/roles.js';
import {
  disableIntegration,
  type IntegrationView,
  integrationsPath,
  readIntegration,
  setIntegration,
} from '../../api/integrations.js';
import {
  eventDefault,
  INTEGRATIONS,
  type IntegrationSpec,
  integrationName,
  integrationNamed,
  isEventField,
} from '../../params/integrations.js';
import { CollabError } from '../../errors.js';
import { ruleError } from '../../params/rules.js';
import type { DesiredTarget } from '../targets.js';
import {
  isItem,
  listOf,
  listReached,
  listSchema,
  paramSchema,
  sameParamValue,
  shape,
  TEMPLATE,
  unlisted,
  withSecrets,
} from './common.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/**
 * `integrations`: a project's or group's integrations by slug (`slack`, `jira`, `microsoft_teams`…),
 * read with one GET for each the file names (`/integrations/:slug`, its properties; one never set
 * up is not active), and under enforce one of the active ones (the list, without properties), to
 * disable those the file leaves out. An integration's secrets (a webhook URL, a password) are `${env:}`/`${file:}` templates in the file,
 * never compared (the service never shows them): sent when it is set up, with every change (its
 * required parameters go with each PUT) and with --rotate-secrets. Under enforce, an active one the
 * file does not list is disabled. One a group above gives (`inherited`) is the group's: enforce and
 * export leave it; a change to it makes the settings the target's own, and the plan says so.
 */

declare module '../model.js' {
  interface LiveTarget {
    /** The active integrations, each with its properties. */
    integrations?: IntegrationView[];
  }
}

type IntegrationSpecOp = OnTarget &
  ({ op: 'integration-set'; name: string; body: Body } | { op: 'integration-disable'; name: string });

type ItemSchema = ZodMiniObject;

/** One integration's item, told apart by its slug (a discriminated union: a wrong key is said as such). */
function itemSchema(spec: IntegrationSpec): ItemSchema {
  const slugs = [...new Set([spec.name, spec.name.replace(/_/g, '-')])];
  const slug = slugs.length === 1 ? literal(slugs[0] as string) : union(slugs.map((s) => literal(s)));
  // A secret is a template in the file, left as written where its variable is not set (a plan runs
  // without it): its rule is checked where it is read, from a flag's file, and by the service.
  const params = spec.params.map((param) =>
    spec.secrets.includes(param.name) ? { ...param, rule: undefined } : param,
  );
  const optional = shape(params.filter((param) => !param.required));
  const required = Object.fromEntries(
    params.filter((param) => param.required).map((param) => [param.name, paramSchema(param)]),
  );
  return strictObject({ slug, ...optional, ...required });
}

/** What the service shows of a field: an event flag beside `active`, the rest in `properties`. */
const liveValue = (view: IntegrationView, field: string): unknown =>
  isEventField(field) ? view[field] : view.properties?.[field];

/** Whether an integration's field as the service shows it is the one wanted, by its parameter's comparison. */
const sameField = (spec: IntegrationSpec, view: IntegrationView, field: string, wanted: unknown): boolean =>
  sameParamValue(
    spec.params.find((param) => param.name === field),
    liveValue(view, field),
    wanted,
  );

const fieldsOf = (item: Item): Item => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'slug'));

const activeNamed = (found: readonly IntegrationView[], name: string) =>
  found.find((view) => view.active && integrationName(view.slug) === name);

/**
 * A secret whose template resolved to what its parameter's rule refuses (a webhook that is no
 * http(s) URL), refused at plan rather than by the service at apply, after the target's other
 * changes: the file's check cannot, as a secret not set there resolves to nothing (a plan runs
 * without it). Named by its template; the rule's words never quote it.
 */
function secretRefused(
  spec: IntegrationSpec,
  fields: Item,
  written: Body,
  target: DesiredTarget,
): CollabError | undefined {
  for (const param of spec.params) {
    const [sent, template] = [fields[param.name], written[param.name]];
    if (!spec.secrets.includes(param.name) || typeof sent !== 'string' || typeof template !== 'string') continue;
    if (sent === template.replace(TEMPLATE, '')) continue;
    const problem = ruleError(param, sent);
    if (problem)
      return new CollabError(
        'usage',
        `integrations: ${template} gives the ${spec.name} integration of ${target.kind} ${target.path} an ${problem}`,
        { hint: `give ${template} ${param.description.split(';')[0]}` },
      );
  }
  return undefined;
}

export const integrations: Section<IntegrationSpecOp> = {
  name: 'integrations',
  kinds: ['project', 'group'],
  noun: 'integration',
  identify: (item) => integrationName(String(item.slug)),
  // `defaults` speaks to groups too: a group keeps the integrations a group can have.
  forKind: (kind, value) => {
    const settable = (item: unknown) =>
      !isItem(item) || integrationNamed(integrationName(String(item.slug)))?.owners.includes(kind) !== false;
    if (Array.isArray(value)) return value.filter(settable);
    return isItem(value) && Array.isArray(value.items) ? { ...value, items: value.items.filter(settable) } : value;
  },
  unshown: (item, field) => integrationNamed(integrationName(String(item.slug)))?.secrets.includes(field) === true,
  // Where an integration can be set up is its table's (Jenkins: a project's alone), so a group's
  // file naming it is refused before a plan, not by the service at apply.
  schema: (kind) =>
    listSchema(
      discriminatedUnion(
        'slug',
        INTEGRATIONS.filter((spec) => kind === 'both' || spec.owners.includes(kind)).map(itemSchema) as [
          ItemSchema,
          ...ItemSchema[],
        ],
      ),
    ),
  read: {
    none: (live) => void (live.integrations = []),
    target: async (reader, live, resource, value) => {
      const owner = { kind: live.kind, ref: Number(resource.id) };
      const wanted = value === undefined ? undefined : listOf(value);
      // The list (the active ones, no properties) only where the file enforces, or the whole state is wanted.
      const listed =
        wanted && !wanted.enforce
          ? []
          : (await reader.list(integrationsPath(owner), {}, ROLES.maintainers)).filter(
              (item): item is IntegrationView => isItem(item) && item.active === true && typeof item.slug === 'string',
            );
      // An integration's own GET carries its properties: one for each the file names (for each
      // active one where the whole state is wanted); one the file does not name is only disabled.
      const named = [
        ...new Set(
          wanted
            ? wanted.items.map((item) => integrationName(String(item.slug)))
            : listed.map((item) => integrationName(item.slug)),
        ),
      ];
      const read = await Promise.all(named.map((name) => readIntegration(reader.client, owner, name)));
      live.integrations = [
        ...read.filter((view) => view.active),
        ...listed.filter((item) => !named.includes(integrationName(item.slug))),
      ];
    },
  },
  diff: ({ value, live, target, rotateSecrets, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.integrations ?? [];
    for (const item of wanted.items) {
      const name = integrationName(String(item.slug));
      const spec = integrationNamed(name) as IntegrationSpec;
      const fields = fieldsOf(item);
      const body = fieldsOf(kept(item)) as Body;
      const refused = secretRefused(spec, fields, body, target);
      if (refused) throw refused;
      const existing = activeNamed(found, name);
      if (!existing) {
        emit(name, 'create', null, body, { op: 'integration-set', name, body });
        continue;
      }
      const changed = Object.keys(fields).filter(
        (key) => !spec.secrets.includes(key) && !sameField(spec, existing, key, fields[key]),
      );
      // Every PUT carries the secrets the file gives (a required one must go, and the service
      // never shows one to compare): each is in the change's `after` as its template, so that the
      // plan shows what the PUT sends beside the change it is made for.
      const secrets = spec.secrets.filter((secret) => fields[secret] !== undefined);
      if (changed.length === 0 && !(rotateSecrets && secrets.length > 0)) continue;
      // One a group above gives (inherited): the PUT makes its settings this target's own, and the
      // group's changes no longer reach it. The plan says so.
      const inherited = existing.inherited === true;
      emit(
        name,
        'update',
        {
          ...Object.fromEntries(changed.map((key) => [key, liveValue(existing, key) ?? null])),
          ...(inherited ? { inherited: true } : {}),
        },
        {
          ...Object.fromEntries([...changed, ...secrets].map((key) => [key, body[key]])),
          ...(inherited ? { inherited: false } : {}),
        },
        { op: 'integration-set', name, body },
      );
    }
    // Under enforce, the target's own: one inherited from a group above is the group's (its file's).
    for (const existing of unlisted(
      wanted,
      found.filter((view) => view.active && view.inherited !== true),
      (item, view) => integrationName(String(item.slug)) === integrationName(view.slug),
    )) {
      const name = integrationName(existing.slug);
      emit(name, 'delete', { active: true }, null, { op: 'integration-disable', name }, true);
    }
  },
  liveFields: (key, live) => {
    const view = live.integrations?.find((found) => integrationName(found.slug) === key);
    return {
      integration: view
        ? Object.fromEntries(Object.entries(view).filter(([field]) => field !== 'updated_at' && field !== 'created_at'))
        : null,
    };
  },
  // Its settings as the diff compares them, the target's own where the change made them so. A
  // secret (a template) cannot be told: a change that sends secrets alone (--rotate-secrets) stays
  // stale; one that moves a setting too is told by its settings, the secrets it carries aside.
  reached: (name, after, live) => {
    const secrets = integrationNamed(name)?.secrets ?? [];
    if (!isItem(after)) return listReached(activeNamed(live.integrations ?? [], name), after, () => false);
    const told = Object.fromEntries(Object.entries(after).filter(([field]) => !secrets.includes(field)));
    if (Object.keys(told).length === 0) return false;
    return listReached(activeNamed(live.integrations ?? [], name), told, (view, field, wanted) =>
      field === 'inherited'
        ? (view.inherited === true) === wanted
        : sameField(integrationNamed(name) as IntegrationSpec, view, field, wanted),
    );
  },
  ops: ['integration-set', 'integration-disable'],
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    if (spec.op === 'integration-disable') return [disableIntegration(owner, spec.name)];
    // The secrets are in the plan as their templates: resolved now, and only they become the run's secrets.
    return [setIntegration(owner, spec.name, withSecrets(spec.body, resolver.secret))];
  },
  export: ({ live, placeholder }) => {
    const items = (live.integrations ?? []).flatMap((view) => {
      const spec = integrationNamed(view.slug);
      // One inherited is written where it is set up, at the group above.
      if (!spec || !view.active || view.inherited === true) return [];
      const item: Item = { slug: spec.name };
      for (const param of spec.params) {
        if (spec.secrets.includes(param.name)) {
          // One variable a target: two targets' webhooks are two secrets, and every change sends it.
          if (param.required)
            item[param.name] = placeholder(
              `INTEGRATION_${spec.name}_${live.path}_${param.name}`.toUpperCase(),
              `the ${param.name} of the ${spec.name} integration of ${live.kind} ${live.path}`,
            );
          continue;
        }
        const current = liveValue(view, param.name);
        if (
          isEventField(param.name)
            ? current !== eventDefault(param.name) && current !== undefined
            : current !== null && current !== undefined && current !== ''
        )
          item[param.name] = current;
      }
      return [item];
    });
    return items.length > 0 ? items : undefined;
  },
};
