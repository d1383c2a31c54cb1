import type { Action, Address, Change, LiveTarget, RequestSpec } from './model.js';
import { equal, isItem } from './sections/common.js';
import { PLAN_ORDER, sectionNamed } from './sections/index.js';
import type { Unaddressed } from './sections/section.js';
import type { DesiredTarget } from './targets.js';

/**
 * One target's changes: what the file wants against what the service has. Pure: the target's
 * creation first, then each section the file sets, in plan order (sections/index.ts: attributes
 * first, archiving last, so that an archived project is changed before it becomes read-only), each
 * comparing only what the file sets.
 */

export interface DiffOptions {
  /** Secret values -> their templates (load.ts): a change keeps the template, never the value. */
  templates: ReadonlyMap<string, string>;
  /** Send write-only secrets (hook tokens) again to hooks that exist. */
  rotateSecrets: boolean;
}

export function diffTarget(target: DesiredTarget, live: LiveTarget, options: DiffOptions): Change[] {
  const changes: Change[] = [];
  const ref = typeof live.resource?.id === 'number' ? live.resource.id : target.path;
  const template = (value: unknown) => templated(value, options);
  // A section's change takes its live fields from the section in hand; the target's creation from liveFields.
  const make = (
    section: string,
    key: string,
    action: Action,
    before: unknown,
    after: unknown,
    request: Unaddressed<RequestSpec>,
    destructive = false,
    fields?: Record<string, unknown>,
  ): void => {
    const address: Address = { kind: target.kind, path: target.path, section, key };
    const spec: RequestSpec = { ...request, kind: target.kind, ref, path: target.path };
    changes.push({
      id: changeId(address),
      address,
      action,
      before: template(before),
      after: template(after),
      live: fields ?? liveFields(address, live),
      destructive,
      request: spec,
      sends: '',
    });
  };
  const creating = live.resource === null;
  if (creating) {
    if (!target.create) return [];
    // A target made by the plan gets its attributes (settings, mirror) in the create call.
    const body: Record<string, unknown> = {};
    for (const section of PLAN_ORDER)
      if (section.createBody && target.sections[section.name] !== undefined)
        Object.assign(body, section.createBody(target.sections[section.name]));
    make('create', '', 'create', null, body, {
      op: 'create',
      body: Object.fromEntries(Object.entries(body).map(([key, v]) => [key, template(v)])),
    });
  }
  for (const section of PLAN_ORDER) {
    const value = target.sections[section.name];
    if (value === undefined) continue;
    section.diff({
      target,
      value,
      live,
      creating,
      rotateSecrets: options.rotateSecrets,
      template,
      emit: (key, action, before, after, request, destructive) =>
        make(section.name, key, action, before, after, request, destructive, section.liveFields(key, live)),
    });
  }
  return changes;
}

/** A value as a plan keeps it: a resolved secret as its template (`${env:HOOK_TOKEN}`), never its value. */
function templated(value: unknown, options: DiffOptions): unknown {
  if (typeof value === 'string') return options.templates.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => templated(v, options));
  if (isItem(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, templated(v, options)]));
  return value;
}

function changeId(address: Address): string {
  return `${address.kind}:${address.path} ${address.section}${address.key ? ` ${address.key}` : ''}`;
}

/** The live fields a change at `address` depends on: the same function before planning and before applying a saved plan. */
export function liveFields(address: Address, live: LiveTarget): Record<string, unknown> {
  if (address.section === 'create') return { exists: live.resource !== null };
  return sectionNamed(address.section)?.liveFields(address.key, live) ?? {};
}

export { equal };
