import { strictObject } from 'zod/mini';
import { createPushRule, getPushRule, updatePushRule } from '../../api/push-rules.js';
import { PUSH_RULE_DEFAULTS, PUSH_RULE_PARAMS } from '../../params/push-rules.js';
import { differingFields, equal, isItem, shape, withSecrets } from './common.js';
import type { Body, Item, OnTarget, Section } from './section.js';

/** `push_rule`: a project's or group's push rule (one GET a target; 404 when it has none), made or changed in one request. */

declare module '../model.js' {
  interface LiveTarget {
    /** Read only when the file sets a push rule; null: there is none. */
    pushRule?: Item | null;
  }
}

type PushRuleSpec = OnTarget & { op: 'push-rule-create' | 'push-rule-update'; body: Body; batch: 'push_rule' };

export const pushRule: Section<PushRuleSpec> = {
  name: 'push_rule',
  kinds: ['project', 'group'],
  schema: () => strictObject(shape(PUSH_RULE_PARAMS)),
  read: {
    none: (live) => void (live.pushRule = null),
    target: async ({ client }, live, resource) => {
      const response = await client.request<Item | null>(getPushRule({ kind: live.kind, ref: Number(resource.id) }));
      live.pushRule = response.status === 404 ? null : response.data;
    },
  },
  diff: ({ value, live, kept, emit }) => {
    const rule = live.pushRule ?? null;
    if (!isItem(value)) return;
    for (const [key, wanted] of Object.entries(value)) {
      const before = rule ? rule[key] : undefined;
      if (rule && equal(before, wanted)) continue;
      const shown = kept(value)[key];
      emit(key, rule ? 'update' : 'create', before ?? null, shown, {
        op: rule ? 'push-rule-update' : 'push-rule-create',
        body: { [key]: shown },
        batch: 'push_rule',
      });
    }
  },
  export: ({ live }) => {
    const fields = live.pushRule ? differingFields(live.pushRule, PUSH_RULE_PARAMS, PUSH_RULE_DEFAULTS) : {};
    return Object.keys(fields).length > 0 ? fields : undefined;
  },
  // A target with a push rule says its field as it is; one with none cannot say so.
  exportUnsaid: (live, key) => (live.pushRule && key ? (live.pushRule[key] ?? undefined) : undefined),
  liveFields: (key, live) => ({ push_rule: live.pushRule ? (live.pushRule[key] ?? null) : null }),
  ops: ['push-rule-create', 'push-rule-update'],
  // A field the file gives as a template is in the plan as that template: resolved now.
  send: async (spec, resolver) => {
    const owner = { kind: spec.kind, ref: spec.ref };
    const body = withSecrets(spec.body, resolver.secret);
    return [spec.op === 'push-rule-create' ? createPushRule(owner, body) : updatePushRule(owner, body)];
  },
};
