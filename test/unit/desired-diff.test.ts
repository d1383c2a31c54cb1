import { describe, expect, it } from 'vitest';
import { diffTarget } from '../../src/desired/diff.js';
import type { LiveTarget } from '../../src/desired/model.js';
import type { DesiredTarget } from '../../src/desired/targets.js';

/** The diff of one target, pure: what the file wants against what the service has. */
const warned: string[] = [];
const options = {
  templates: new Map<string, string>(),
  rotateSecrets: false,
  today: '2026-06-01',
  warn: (message: string) => void warned.push(message),
};
const summary = (changes: ReturnType<typeof diffTarget>) =>
  changes.map((c) => `${c.action} ${c.address.section} ${c.address.key}`);

describe('diffTarget', () => {
  it('members under enforce: the others removed, never the caller nor a project or group access token bot', () => {
    const target: DesiredTarget = {
      kind: 'group',
      path: 'acme',
      create: false,
      sections: { members: { enforce: true, items: [{ username: 'dana', access_level: 'developer' }] } },
    };
    const live: LiveTarget = {
      kind: 'group',
      path: 'acme',
      resource: { id: 7 },
      caller: 'olivia',
      members: [
        { id: 1, username: 'olivia', access_level: 50 },
        { id: 2, username: 'dana', access_level: 30 },
        { id: 3, username: 'max', access_level: 40 },
        { id: 4, username: 'group_7_bot_3f2a', access_level: 40 },
      ],
    };
    expect(summary(diffTarget(target, live, options))).toEqual(['delete members max']);
  });

  it('settings compare as the service shows them: topics as a set, an import URL without credentials, a hash by its keys', () => {
    const target: DesiredTarget = {
      kind: 'project',
      path: 'acme/app',
      create: false,
      sections: {
        settings: { topics: ['b', 'a'], container_expiration_policy_attributes: { cadence: '7d' }, merge_method: 'ff' },
        mirror: { import_url: 'https://user:secret@git.example.com/x.git' },
      },
    };
    const live: LiveTarget = {
      kind: 'project',
      path: 'acme/app',
      resource: {
        id: 1,
        topics: ['a', 'b'],
        container_expiration_policy: { cadence: '7d', keep_n: 10 },
        merge_method: 'merge',
        import_url: 'https://git.example.com/x.git',
      },
    };
    expect(summary(diffTarget(target, live, options))).toEqual(['update settings merge_method']);
  });

  it('a missing target: nothing without create; with create, one create change and then its other sections against nothing', () => {
    const target: DesiredTarget = {
      kind: 'project',
      path: 'acme/new',
      create: false,
      sections: { settings: { merge_method: 'ff' }, push_rule: { deny_delete_tag: true } },
    };
    const live: LiveTarget = { kind: 'project', path: 'acme/new', resource: null, pushRule: null };
    expect(diffTarget(target, live, options)).toEqual([]);
    expect(summary(diffTarget({ ...target, create: true }, live, options))).toEqual([
      'create create ',
      'create push_rule deny_delete_tag',
    ]);
  });
});

describe('humanPlan', () => {
  it('shows control characters and bidi overrides of server data as escapes, never sends them to the terminal', async () => {
    const { humanPlan, NO_PAINT } = await import('../../src/desired/render.js');
    const target: DesiredTarget = {
      kind: 'project',
      path: 'acme/app',
      create: false,
      sections: { hooks: { enforce: true, items: [] } },
    };
    const live: LiveTarget = {
      kind: 'project',
      path: 'acme/app',
      resource: { id: 1 },
      hooks: [{ id: 9, url: 'https://x.example/\u001b]0;owned\u0007\u202e' }],
    };
    const changes = diffTarget(target, live, options);
    const text = humanPlan(
      {
        format: 'collab-plan',
        version: 2,
        host: 'h',
        file: { path: 'f', digest: 'd' },
        reads: 0,
        targets: 1,
        changes,
        missing: [],
      },
      NO_PAINT,
    );
    expect(text).toBe(
      '~ project acme/app\n    - hook "https://x.example/\\u001b]0;owned\\u0007\\u202e" (destructive)\n\nsection  add  change  remove\nhooks      0       0       1\n',
    );
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
  });
});
