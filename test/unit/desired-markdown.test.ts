import { describe, expect, it } from 'vitest';
import { markdownPlan, NOTE_LIMIT } from '../../src/desired/markdown.js';
import type { Change, Plan } from '../../src/desired/model.js';
import { changeSummary, humanPlan, NO_PAINT } from '../../src/desired/render.js';

/** The plan as a merge request's comment (-o markdown), and the diff cut to a terminal's width: pure functions of a plan value. */

const TEMPLATE = '$' + '{env:HOOK_TOKEN}';

function change(
  path: string,
  section: string,
  key: string,
  action: Change['action'],
  before: unknown,
  after: unknown,
  destructive = false,
): Change {
  const address = { kind: 'project' as const, path, section, key };
  return {
    id: `project:${path} ${section} ${key}`,
    address,
    action,
    before,
    after,
    live: {},
    destructive,
    request: { op: 'update', kind: 'project', ref: 1, path, body: {} } as unknown as Change['request'],
    sends: '',
  };
}

function planOf(changes: Change[], targets = 3): Plan {
  return {
    format: 'collab-plan',
    version: 2,
    host: 'https://collab.example.com',
    file: { path: 'collab.yaml', digest: 'x' },
    reads: 4,
    targets,
    changes,
    missing: [],
  };
}

const CHANGES = [
  change('acme/web_app', 'settings', 'merge_method', 'update', 'merge', 'ff'),
  change('acme/web_app', 'hooks', 'https://h.example.com/x', 'create', null, {
    url: 'https://h.example.com/x',
    token: TEMPLATE,
  }),
  change('acme/<b>', 'shares', 'initech', 'delete', { group_access: 30 }, null, true),
];

describe('collab plan -o markdown', () => {
  it('counts per section, each target in a collapsible diff block; secrets stay templates; HTML and Markdown taken literally', () => {
    expect(markdownPlan(planOf(CHANGES))).toBe(
      [
        '### collab plan: 3 changes on 2 targets',
        '',
        '1 to add, 1 to change, 1 to remove; 4 requests read 3 targets (1.33 a target) (collab.yaml on https://collab.example.com)',
        '',
        '| section | add | change | remove |',
        '|---|---:|---:|---:|',
        '| settings | 0 | 1 | 0 |',
        '| hooks | 1 | 0 | 0 |',
        '| shares | 0 | 0 | 1 |',
        '',
        '<details><summary>~ project <code>acme/web_app</code> (2 changes)</summary>',
        '',
        '```diff',
        '~ merge_method: merge -> ff',
        `+ hook https://h.example.com/x {"token":"${TEMPLATE}"}`,
        '```',
        '',
        '</details>',
        '',
        '<details><summary>~ project <code>acme/&lt;b&gt;</code> (1 change)</summary>',
        '',
        '```diff',
        '- share initech (destructive)',
        '```',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
    expect(markdownPlan(planOf([]))).toBe(
      '### collab plan: no changes\n\n4 requests read 3 targets (1.33 a target) (collab.yaml on https://collab.example.com)\n',
    );
  });

  it('a value with backticks gets a longer fence', () => {
    const text = markdownPlan(
      planOf([change('acme/x', 'settings', 'description', 'update', 'a', 'use ```sh``` blocks')]),
    );
    expect(text).toContain('\n````diff\n~ description: a -> "use ```sh``` blocks"\n````\n');
  });

  it('never longer than a note may be: the targets that do not fit are counted on the last line', () => {
    expect(NOTE_LIMIT).toBe(1_000_000);
    const many = Array.from({ length: 400 }, (_, i) =>
      change(
        `acme/p${String(i).padStart(3, '0')}`,
        'settings',
        'description',
        'update',
        'old',
        `${'x'.repeat(200)}${i}`,
      ),
    );
    const text = markdownPlan(planOf(many, 400), 20_000);
    expect(text.length).toBeLessThanOrEqual(20_000);
    const shown = text.split('<details>').length - 1;
    expect(shown).toBeGreaterThan(10);
    expect(text.endsWith(`\n… and ${400 - shown} more targets\n`)).toBe(true);
    expect(markdownPlan(planOf(many, 400)).length).toBeLessThan(NOTE_LIMIT);
  });
});

describe('the diff on a terminal', () => {
  it('wraps a long change under its text at the width; no width, one line; the counts per section last', () => {
    const plan = planOf([
      change('acme/web', 'settings', 'description', 'update', 'short', 'a much longer description than forty cells'),
    ]);
    const counts = '\nsection   add  change  remove\nsettings    0       1       0\n';
    expect(humanPlan(plan, NO_PAINT, 40)).toBe(
      `~ project acme/web\n    ~ description: short -> a much\n      longer description than forty\n      cells\n${counts}`,
    );
    expect(humanPlan(plan, NO_PAINT)).toBe(
      `~ project acme/web\n    ~ description: short -> a much longer description than forty cells\n${counts}`,
    );
  });

  it("breaks a new value between its members, not at a space inside a member's string", () => {
    const after = { ref: 'main', cron: '0 2 * * *', cron_timezone: 'UTC' };
    const plan = planOf([change('acme/web', 'pipeline_schedules', 'nightly', 'create', null, after)]);
    const lines = humanPlan(plan, NO_PAINT, 60).split('\n').slice(1, 3);
    expect(lines).toEqual(['    + schedule nightly {"ref":"main","cron":"0 2 * * *",', '      "cron_timezone":"UTC"}']);
  });

  it('breaks a member longer than a line inside it, and read back the lines are the change', () => {
    const after = { name: 'docs', description: `${'word '.repeat(20)}end` };
    const plan = planOf([change('acme/web', 'labels', 'docs', 'create', null, after)]);
    const lines = humanPlan(plan, NO_PAINT, 40).split('\n').slice(1, -4);
    expect(lines.every((line) => line.length <= 40)).toBe(true);
    expect(lines.length).toBeGreaterThan(3);
    // The breaks were at spaces (one each) or after the comma between members (none).
    const text = lines
      .map((line) => line.trim())
      .join(' ')
      .replace('"docs", ', '"docs",');
    expect(text).toBe(`+ label docs ${JSON.stringify(after)}`);
  });

  it.each([60, 80])('at %i columns hides no part of a long new value', (width) => {
    const before = { merge_access_level: 'maintainer', push_access_level: 'maintainer', allow_force_push: false };
    const after = { merge_access_level: 'developer', push_access_level: 'maintainer', allow_force_push: false };
    const lines = humanPlan(
      planOf([change('acme/app', 'protected_branches', 'main', 'update', before, after)]),
      NO_PAINT,
      width,
    )
      .split('\n')
      .filter(Boolean);
    expect(lines.every((line) => line.length <= width)).toBe(true);
    const shown = lines.slice(1, -2);
    expect(shown.slice(1).every((line) => line.startsWith('      '))).toBe(true);
    // A value with no space breaks where the line ends: read back without the breaks, it is whole.
    expect(
      shown
        .map((line) => line.trim())
        .join('')
        .replace(/\s/g, ''),
    ).toContain(`->${JSON.stringify(after)}`);
    expect(lines.slice(-2)).toEqual([
      'section             add  change  remove',
      'protected_branches    0       1       0',
    ]);
  });
});

/** The same label made on each of these projects: one change a target, identical but for the path. */
const label = (path: string, color = '#d9534f') =>
  ({
    ...change(path, 'labels', 'security', 'create', null, { name: 'security', color }),
    id: `project:${path} labels security`,
  }) as Change;
const FOUR = ['acme/web/a', 'acme/web/b', 'acme/platform/c', 'acme/d'];

describe('identical changes on several targets, shown once', () => {
  it("on more than three projects: counted below their common group, then each target's own", () => {
    const plan = planOf([
      ...FOUR.map((path) => label(path)),
      change('acme/d', 'settings', 'merge_method', 'update', 'merge', 'ff'),
    ]);
    expect(humanPlan(plan, NO_PAINT)).toBe(
      [
        '+ label security {"name":"security","color":"#d9534f"}  on 4 projects below acme',
        '~ project acme/d',
        '    ~ merge_method: merge -> ff',
        '',
        'section   add  change  remove',
        'labels      4       0       0',
        'settings    0       1       0',
        '',
      ].join('\n'),
    );
  });

  it("with --verbose, each target's path under the change", () => {
    expect(
      humanPlan(planOf(FOUR.map((path) => label(path))), NO_PAINT, 0, true)
        .split('\n')
        .slice(0, 5),
    ).toEqual([
      '+ label security {"name":"security","color":"#d9534f"}  on 4 projects below acme',
      '    acme/web/a',
      '    acme/web/b',
      '    acme/platform/c',
      '    acme/d',
    ]);
  });

  it('on three or fewer, named; with no common group, counted alone', () => {
    const few = humanPlan(planOf([label('acme/a'), label('globex/b')]), NO_PAINT).split('\n')[0];
    expect(few).toBe('+ label security {"name":"security","color":"#d9534f"}  on 2 projects: acme/a, globex/b');
    const apart = ['acme/a', 'acme/b', 'globex/c', 'initech/d'].map((path) => label(path));
    expect(humanPlan(planOf(apart), NO_PAINT).split('\n')[0]).toBe(
      '+ label security {"name":"security","color":"#d9534f"}  on 4 projects',
    );
    const groups = ['acme', 'acme/web', 'acme/platform', 'acme/platform/infra'].map(
      (path) => ({ ...label(path), address: { ...label(path).address, kind: 'group' } }) as Change,
    );
    expect(humanPlan(planOf(groups), NO_PAINT).split('\n')[0]).toBe(
      '+ label security {"name":"security","color":"#d9534f"}  on 4 groups: acme and 3 below it',
    );
  });

  it('never merges changes whose shown values differ: another after, another before, another template', () => {
    const plan = planOf([
      label('acme/a'),
      label('acme/b', '#000000'),
      change('acme/a', 'settings', 'merge_method', 'update', 'merge', 'ff'),
      change('acme/b', 'settings', 'merge_method', 'update', 'rebase_merge', 'ff'),
      change('acme/a', 'variables', 'TOKEN', 'create', null, { value: '$' + '{env:ONE}' }),
      change('acme/b', 'variables', 'TOKEN', 'create', null, { value: '$' + '{env:TWO}' }),
    ]);
    expect(humanPlan(plan, NO_PAINT).split('\n\n')[0]).toBe(
      [
        '~ project acme/a',
        '    + label security {"name":"security","color":"#d9534f"}',
        '    ~ merge_method: merge -> ff',
        '    + variable TOKEN {"value":"$' + '{env:ONE}"}',
        '~ project acme/b',
        '    + label security {"name":"security","color":"#000000"}',
        '    ~ merge_method: rebase_merge -> ff',
        '    + variable TOKEN {"value":"$' + '{env:TWO}"}',
      ].join('\n'),
    );
  });

  it('at 60 columns the change wraps and its targets go on a line of their own', () => {
    const lines = humanPlan(planOf(FOUR.map((path) => label(path))), NO_PAINT, 60).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '+ label security {"name":"security","color":"#d9534f"}',
      '  on 4 projects below acme',
    ]);
  });

  it('-o markdown: the change once as a diff, its targets listed when opened', () => {
    const text = markdownPlan(planOf([...FOUR.map((path) => label(path)), label('acme/x', '#000000')]));
    expect(text.split('| labels | 5 | 0 | 0 |\n')[1]).toBe(
      [
        '',
        '```diff',
        '+ label security {"name":"security","color":"#d9534f"}',
        '```',
        '',
        '<details><summary>on 4 projects below acme</summary>',
        '',
        '- <code>acme/web/a</code>',
        '- <code>acme/web/b</code>',
        '- <code>acme/platform/c</code>',
        '- <code>acme/d</code>',
        '',
        '</details>',
        '',
        '<details><summary>~ project <code>acme/x</code> (1 change)</summary>',
        '',
        '```diff',
        '+ label security {"name":"security","color":"#000000"}',
        '```',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
  });
});

describe("an apply's result", () => {
  it("names a list item's update field by field", () => {
    const update = change(
      'acme/a',
      'protected_branches',
      'main',
      'update',
      { merge_access_level: 'maintainer' },
      { merge_access_level: 'developer' },
    );
    expect(changeSummary(update)).toBe('~ protected branch main (merge_access_level: maintainer -> developer)');
    expect(changeSummary(label('acme/a'))).toBe('+ label security');
  });
});
