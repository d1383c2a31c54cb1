import { describe, expect, it } from 'vitest';
import type { RequestSpec } from '../../src/desired/model.js';
import { knownOperation, sendsText, toApiRequests } from '../../src/desired/requests.js';
import { PLAN_ORDER, SECTIONS } from '../../src/desired/sections/index.js';

const TEMPLATE = '$' + '{env:T}';

/** The registry of collab.yaml's sections, and the requests of a plan as data (a saved plan carries them). */
describe('sections', () => {
  it('each has its own name and operations; the plan runs attributes first and archiving last', () => {
    const names = SECTIONS.map((section) => section.name);
    expect(new Set(names).size).toBe(names.length);
    const ops = SECTIONS.flatMap((section) => section.ops ?? []);
    expect(new Set(ops).size).toBe(ops.length);
    expect(ops).not.toContain('create');
    expect(ops).not.toContain('update');
    expect(PLAN_ORDER.map((section) => section.name)).toEqual([
      'settings',
      'mirror',
      'push_rule',
      'hooks',
      'variables',
      'labels',
      'badges',
      'shares',
      'members',
      'ldap_links',
      'avatar',
      'protected_branches',
      'protected_tags',
      'deploy_keys',
      'approval_settings',
      'approval_rules',
      'pipeline_schedules',
      'job_token_scope',
      'remote_mirrors',
      'protected_environments',
      'integrations',
      'archived',
    ]);
    // What each applies to: ldap_links to groups only, those below to projects only, the rest to both.
    const only = (kind: 'project' | 'group') =>
      SECTIONS.filter((section) => section.kinds.length === 1 && section.kinds[0] === kind).map((s) => s.name);
    expect(only('group')).toEqual(['ldap_links']);
    expect(only('project')).toEqual([
      'archived',
      'mirror',
      'protected_branches',
      'protected_tags',
      'deploy_keys',
      'approval_rules',
      'pipeline_schedules',
      'job_token_scope',
      'remote_mirrors',
    ]);
    for (const section of SECTIONS)
      if (section.kinds.length !== 1) expect(section.kinds, section.name).toEqual(['project', 'group']);
  });

  it('each section a section waits for at apply (after) is one of the registry, and none waits on itself through others', () => {
    const names = new Set(SECTIONS.map((section) => section.name));
    const after = new Map(SECTIONS.map((section) => [section.name, section.after ?? []]));
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      (after.get(from) ?? []).some((next) => {
        if (next === to) return true;
        if (seen.has(next)) return false;
        seen.add(next);
        return reaches(next, to, seen);
      });
    expect([...after.values()].flat().filter((name) => !names.has(name))).toEqual([]);
    expect([...names].filter((name) => reaches(name, name))).toEqual([]);
    expect(after.get('protected_environments')).toEqual(['shares', 'members']);
  });

  it('reads the requests older builds wrote in saved plans, field for field, and knows no other operation', async () => {
    const on = { kind: 'project', ref: 42, path: 'acme/app' } as const;
    const specs: Array<[RequestSpec, string]> = [
      [{ ...on, op: 'update', body: { merge_method: 'ff' }, batch: 'update' }, 'PUT /projects/42'],
      [
        { ...on, op: 'push-rule-create', body: { deny_delete_tag: true }, batch: 'push_rule' },
        'POST /projects/42/push_rule',
      ],
      [
        { ...on, op: 'hook-update', hookId: 9, body: { url: 'https://x.example', push_events: true } },
        'PUT /projects/42/hooks/9',
      ],
      [{ ...on, op: 'hook-delete', hookId: 9 }, 'DELETE /projects/42/hooks/9'],
      [
        { ...on, op: 'share-replace', group: 7, body: { group_access: 30, expires_at: null } },
        'DELETE /projects/42/share/7, POST /projects/42/share',
      ],
      [{ ...on, op: 'member-add', member: 'dana', body: { access_level: 30 } }, 'POST /projects/42/members'],
      [{ ...on, op: 'member-remove', member: 5 }, 'DELETE /projects/42/members/5'],
      [
        {
          kind: 'group',
          ref: 7,
          path: 'acme',
          op: 'ldap-delete',
          link: { cn: 'devs', provider: 'ldapmain', group_access: 30 },
        },
        'DELETE /groups/7/ldap_group_links',
      ],
      [{ ...on, op: 'archive' }, 'POST /projects/42/archive'],
    ];
    for (const [spec, sends] of specs) expect(await sendsText(JSON.parse(JSON.stringify(spec)))).toBe(sends);
    const secret = await toApiRequests(
      { ...on, op: 'hook-create', body: { url: 'https://x.example', token: TEMPLATE } },
      {
        secret: (text) => text.replace(TEMPLATE, 'tok-1'),
        groupId: async () => 1,
        projectId: async () => 1,
        namespaceId: async () => 1,
        userId: async () => 1,
        protectedBranchId: async () => 1,
        dir: undefined,
      },
    );
    expect(secret[0]?.json).toMatchObject({ url: 'https://x.example', token: 'tok-1' });
    expect(knownOperation('hook-create')).toBe(true);
    expect(knownOperation('hook-frobnicate')).toBe(false);
  });
});
