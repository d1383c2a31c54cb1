import { createHash } from 'node:crypto';
import { ownerAdminRole } from '../../api/roles.js';
import { optional, string, strictObject, superRefine } from 'zod/mini';
import { CollabError } from '../../errors.js';
import { createVariable, deleteVariable, updateVariable, type Variable, variablesPath } from '../../api/variables.js';
import { ruleError } from '../../params/rules.js';
import {
  HIDDEN_STAYS_MASKED,
  VARIABLE_KEY,
  VARIABLE_PARAMS,
  VARIABLE_SCOPE,
  valueParam,
} from '../../params/variables.js';
import {
  equal,
  isItem,
  listOf,
  listReached,
  listSchema,
  paramSchema,
  shape,
  unlisted,
  withSecret,
  withSecrets,
  MASKED,
  templated,
} from './common.js';
import { allInRecordOrder, isFlag, isText, isTextOrNull } from './graphql-nodes.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/**
 * `variables`: a project's or group's CI/CD variables, each named by its key and environment scope
 * (`*` when the file gives none). A masked value is a secret: the file gives it as `${env:…}` or
 * `${file:…}` only (load.ts refuses it inline), and no plan or result shows it, nor any value that
 * came from a template, nor the live value of a masked variable: those read `[masked]`. An item
 * without `value` manages the variable's other fields and leaves its value alone: never compared,
 * never sent (PUT takes the fields alone), and a variable that does not exist cannot be made of it.
 */

declare module '../model.js' {
  interface LiveTarget {
    variables?: Variable[];
  }
}

type Ref = { key: string; scope: string };

type VariableSpec = OnTarget &
  (
    | { op: 'variable-create'; body: Body & { key: string; value: string; environment_scope: string } }
    | ({ op: 'variable-update'; body: Body } & Ref)
    | ({ op: 'variable-delete' } & Ref)
  );

const FIELDS = VARIABLE_PARAMS.map((param) => param.name);

/** A change's key: `KEY`, or `KEY@scope` for a scope other than `*`. */
const addressOf = (key: string, scope: string) => (scope === '*' ? key : `${key}@${scope}`);
const scopeOf = (item: Item) =>
  typeof item.environment_scope === 'string' && item.environment_scope !== '' ? item.environment_scope : '*';

/** A hidden variable's value is never read back (null): it cannot be compared. */
const valueShown = (variable: Variable) => variable.value !== null && variable.hidden !== true;

/** Whether the live variable holds what the file gives a field (not its value): the diff's rule and a saved plan's. */
const fieldHolds = (variable: Variable, name: string, wanted: unknown) => equal(variable[name], wanted);

export const variables: Section<VariableSpec> = {
  name: 'variables',
  kinds: ['project', 'group'],
  noun: 'variable',
  identify: (item) => addressOf(String(item.key), scopeOf(item)),
  schema: () =>
    listSchema(
      strictObject({
        key: paramSchema(VARIABLE_KEY),
        value: optional(string()),
        environment_scope: optional(paramSchema(VARIABLE_SCOPE)),
        ...shape(VARIABLE_PARAMS),
      }).check(
        // A value to be masked is held to the masking rule, as the service holds it.
        superRefine((value, ctx) => {
          const item = value as Item;
          if (item.value === undefined) return;
          const message = ruleError(valueParam(item.masked === true, item.raw === true), item.value);
          if (message) ctx.addIssue({ code: 'custom', message, path: ['value'], input: item.value });
        }),
      ),
    ),
  read: {
    none: (live) => void (live.variables = []),
    target: async (reader, live, resource) =>
      void (live.variables = (
        await reader.list(
          variablesPath({ kind: live.kind, ref: Number(resource.id) }),
          {},
          ownerAdminRole({ kind: live.kind, ref: live.path }),
        )
      ).filter(isVariable)),
  },
  graphql: {
    kinds: ['project', 'group'],
    // No export (export reads by REST what the file will hold).
    connection: () => ({
      field: 'ciVariables',
      node: 'id key value variableType protected masked hidden raw environmentScope description',
    }),
    fill: (live, nodes) => {
      // In the REST list's order (creation), not GraphQL's (newest first): a plan lists them so.
      const found = allInRecordOrder(nodes, variableOf);
      if (found) live.variables = found;
      return found !== undefined;
    },
  },
  diff: ({ value, live, target, kept, emit }) => {
    const wanted = listOf(value);
    const found = live.variables ?? [];
    for (const item of wanted.items) {
      const key = String(item.key);
      const scope = scopeOf(item);
      const address = addressOf(key, scope);
      // The key and scope as the plan keeps them (a template where the file gives a secret): shown and sent.
      const keptKey = String(kept(item).key);
      const keptScope = scopeOf(kept(item));
      const shownAddress = addressOf(keptKey, keptScope);
      // A value that came from a template, or one to be masked, is never shown: its template is (or [masked]).
      const managed = item.value !== undefined;
      const template = managed ? String(kept(item).value) : '';
      const secret = item.masked === true || template !== item.value;
      const existing = found.find((v) => v.key === key && (v.environment_scope ?? '*') === scope);
      const fields = Object.fromEntries(
        FIELDS.filter((name) => item[name] !== undefined).map((name) => [name, kept(item)[name]]),
      );
      if (!existing && !managed)
        throw new CollabError(
          'usage',
          `variables: ${shownAddress} does not exist on ${target.kind} ${target.path}: making it needs a value, and the file gives none`,
          { hint: `give it one (value: $${'{'}env:NAME} for a secret), or leave it out until it exists` },
        );
      if (!existing) {
        const shown = { key: keptKey, environment_scope: keptScope, value: template, ...fields };
        emit(address, 'create', null, shown, {
          op: 'variable-create',
          body: { key: keptKey, value: template, environment_scope: keptScope, ...fields },
        });
        continue;
      }
      // Refused by the plan rather than planned as a change apply cannot make.
      if (HIDDEN_STAYS_MASKED.refuses(existing.hidden === true, item.masked))
        throw new CollabError(
          'usage',
          `variables: ${shownAddress} on ${target.kind} ${target.path} is hidden, and ${HIDDEN_STAYS_MASKED.says}: the file says masked: false`,
          { hint: 'say masked: true (or leave masked out), or delete the variable and create it again unmasked' },
        );
      const changed = Object.entries(fields).filter(([name]) => !fieldHolds(existing, name, item[name]));
      // A hidden variable's value cannot be compared, so it is left as it is.
      const valueChanged = managed && valueShown(existing) && existing.value !== item.value;
      if (changed.length === 0 && !valueChanged) continue;
      const hideLive = secret || existing.masked === true || existing.hidden === true;
      const before: Item = Object.fromEntries(changed.map(([name]) => [name, existing[name]]));
      const after: Item = Object.fromEntries(changed);
      if (valueChanged) {
        before.value = hideLive ? MASKED : existing.value;
        after.value = template;
      }
      // The service holds the value the PUT leaves it to the masking rule of the flags it leaves
      // (Ci::Maskable, app/models/concerns/ci/maskable.rb: 400 "value is invalid"): masking a live
      // value that cannot be masked, or a new value for a variable masked already, is refused now.
      const masked = (item.masked ?? existing.masked) === true;
      const raw = (item.raw ?? existing.raw) === true;
      const valueKept = managed ? item.value : existing.value;
      const problem =
        masked && typeof valueKept === 'string' && existing.hidden !== true
          ? ruleError(valueParam(true, raw), valueKept)
          : undefined;
      if (problem)
        throw new CollabError(
          'usage',
          `variables: ${shownAddress} on ${target.kind} ${target.path}: ${problem}${managed ? '' : ' (its live value, which the file leaves)'}, which GitLab refuses (400)`,
          {
            hint: managed
              ? 'give a value the masking rule takes, or say masked: false'
              : `give it a value the masking rule takes (value: $${'{'}env:NAME}), or leave masked out`,
          },
        );
      // The value goes only when the plan shows it changing (as its template when it came from
      // one): else the fields go alone and the service keeps its value (GitLab's `optional :value`,
      // the sandbox's variables route), a hidden one's too, which the plan cannot compare.
      emit(address, 'update', before, after, {
        op: 'variable-update',
        key: keptKey,
        scope: keptScope,
        body: { ...(valueChanged ? { value: template } : {}), ...Object.fromEntries(changed) },
      });
    }
    for (const existing of unlisted(
      wanted,
      found,
      (item, variable) => item.key === variable.key && scopeOf(item) === (variable.environment_scope ?? '*'),
    )) {
      const scope = existing.environment_scope ?? '*';
      emit(
        addressOf(existing.key, scope),
        'delete',
        { key: existing.key, environment_scope: scope },
        null,
        { op: 'variable-delete', key: existing.key, scope },
        true,
      );
    }
  },
  // A saved plan carries these: a value the change sends goes as its digest, so that a value
  // another client changed after the plan makes the change stale rather than overwritten
  // unreviewed. Only a value the plan shows, sent as plain text: a masked one (the plan's
  // `[masked]`) or one sent from a template (a secret) leaves nothing of itself in the file, not even
  // a digest a short secret could be found from, and a hidden one is never read back (null). An
  // update that sends no value leaves the live one as it is: none is needed. A removal keeps it, so
  // that one made again by another client (its other fields the same) is stale, not removed.
  liveFields: (address, live, after) => {
    const found = live.variables?.find((v) => addressOf(v.key, v.environment_scope ?? '*') === address);
    if (!found) return { variable: null };
    const { value, ...fields } = found;
    const sent = isItem(after) ? after.value : undefined;
    const told = after === null || (typeof sent === 'string' && !templated(sent));
    return {
      variable:
        typeof value === 'string' && found.masked !== true && told
          ? { ...fields, value_sha256: createHash('sha256').update(value).digest('hex') }
          : fields,
    };
  },
  // A secret's live value has no digest in the plan: one sent over it cannot be checked unmoved.
  unchecked: (spec) =>
    spec.op === 'variable-update' && typeof spec.body.value === 'string' && templated(spec.body.value)
      ? 'its value, a secret the plan keeps no digest of, cannot be checked against what the service has now: sent as planned, over any value another client set since the plan'
      : undefined,
  // A value is told only when the plan has it as it is sent and the service shows it: a masked
  // one (always a template in the file) leaves the plan nothing to compare, a hidden one is never
  // read back; such a change whose variable moved stays stale.
  reached: (address, after, live) =>
    listReached(
      live.variables?.find((v) => addressOf(v.key, v.environment_scope ?? '*') === address),
      after,
      (variable, name, wanted) =>
        name === 'value'
          ? variable.masked !== true && valueShown(variable) && variable.value === wanted
          : fieldHolds(variable, name, wanted),
      ['key', 'environment_scope'],
    ),
  // The value is in the live fields as its digest.
  updates: (_address, after) =>
    isItem(after) ? Object.keys(after).map((field) => (field === 'value' ? 'value_sha256' : field)) : undefined,
  ops: ['variable-create', 'variable-update', 'variable-delete'],
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    const secret = (text: string) => resolver.secret(text);
    switch (spec.op) {
      case 'variable-create': {
        const body = withSecrets(spec.body, secret);
        return [
          createVariable(owner, {
            ...body,
            key: withSecret(spec.body.key, secret),
            value: String(body.value),
            environment_scope: withSecret(spec.body.environment_scope, secret),
          }),
        ];
      }
      case 'variable-update':
        return [
          updateVariable(
            owner,
            withSecret(spec.key, secret),
            withSecret(spec.scope, secret),
            withSecrets(spec.body, secret),
          ),
        ];
      case 'variable-delete':
        return [deleteVariable(owner, spec.key, spec.scope)];
    }
  },
  export: ({ live }) => {
    const items = (live.variables ?? []).map((v) => {
      const scope = v.environment_scope ?? '*';
      // A masked value is shown to maintainers (doc/api/project_level_variables.md and
      // group_level_variables.md answer `"masked": true` with its value), a hidden one to nobody
      // (`masked_and_hidden`: `"value": null`). Neither is written into a file: the item manages
      // the other fields and leaves the value as the service holds it.
      const item: Item = { key: v.key };
      if (v.masked !== true && v.hidden !== true && v.value !== null) item.value = v.value;
      if (scope !== '*') item.environment_scope = scope;
      if (v.variable_type === 'file') item.variable_type = 'file';
      for (const flag of ['protected', 'masked', 'raw'] as const) if (v[flag] === true) item[flag] = true;
      if (typeof v.description === 'string' && v.description !== '') item.description = v.description;
      return item;
    });
    return items.length > 0 ? items : undefined;
  },
};

const isVariable = (item: Item): item is Variable => typeof item.key === 'string';

/** GraphQL's CiVariableType -> the REST API's variable_type. */
const VARIABLE_TYPES: Record<string, string> = { ENV_VAR: 'env_var', FILE: 'file' };

/** A CiProjectVariable or CiGroupVariable node as the REST list shows the variable (a hidden one's value null). */
function variableOf(node: Item): Variable | undefined {
  const type = VARIABLE_TYPES[String(node.variableType)];
  const flags = [node.protected, node.masked, node.hidden, node.raw];
  if (!type || !isText(node.key) || !isTextOrNull(node.value) || !flags.every(isFlag)) return undefined;
  if (!isText(node.environmentScope) || !isTextOrNull(node.description)) return undefined;
  return {
    variable_type: type,
    key: node.key,
    value: node.hidden === true ? null : node.value,
    protected: node.protected as boolean,
    masked: node.masked as boolean,
    hidden: node.hidden as boolean,
    raw: node.raw as boolean,
    environment_scope: node.environmentScope,
    description: node.description,
  };
}
