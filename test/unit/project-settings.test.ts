import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longFlag } from '../../src/commands/common-options.js';
import { spec as PROJECTS } from '../../src/commands/projects/index.js';
import type { OptionSpec } from '../../src/commands/spec.js';
import { CollabError } from '../../src/errors.js';
import { collectParams, flagName, optionKey } from '../../src/params/derive.js';
import { PROJECT_SETTINGS } from '../../src/params/projects.js';
import type { SettingsColumn } from '../../src/params/types.js';

/**
 * The settings table of the service's API reference (3-projects.md), against the data table that
 * the flags of `projects create` and `projects update` (and the sandbox) are made from. The table
 * is committed as data (test/fixtures/spec/), extracted from the reference by
 * `node scripts/extract-spec.mjs <path of 3-projects.md>`: the tests read nothing outside the repository.
 */
interface SpecTable {
  settings: { attribute: string; type: string; create: string; createForUser: string; update: string }[];
  pullMirroringParameters: string;
  deprecations: string;
}
const SPEC = JSON.parse(
  readFileSync(fileURLToPath(new URL('../fixtures/spec/project-settings.json', import.meta.url)), 'utf8'),
) as SpecTable;

interface SpecRow {
  name: string;
  type: string;
  paid: boolean;
  columns: SettingsColumn[];
}

const SPEC_ROWS: SpecRow[] = SPEC.settings.map(({ attribute, type, create, createForUser, update }) => {
  const name = attribute.replace(/\s*\(paid\)\s*$/, '');
  const columns: SettingsColumn[] = [];
  if (create.startsWith('Y')) columns.push('create');
  if (createForUser.startsWith('Y')) columns.push('createForUser');
  if (update.startsWith('Y')) columns.push('update');
  return { name, type, paid: /\(paid\)/.test(attribute), columns };
});

/** "import_url (...), mirror (...), ..." of the pull-mirroring table's create/update row. */
const PULL_MIRRORING_PARAMS: string[] = [...SPEC.pullMirroringParameters.matchAll(/(?:^|, )([a-z_]+) \(/g)].map(
  (m) => m[1] as string,
);

/** Values listed in the type cell: "disabled, private, enabled", "string: merge, rebase_merge, ff", "string enabled or disabled". */
function specChoices(type: string): string[] | undefined {
  const text = type.replace(/\(also public for U and E\)/, 'or public').replace(/;.*$/, '');
  if (/^(boolean|integer|string|array|mixed|hash)\b(?!:)/.test(text) && !/\bor\b/.test(text)) return undefined;
  const list = text.replace(/^string:?\s*/, '').replace(/\(not boolean\)/, '');
  const words = list.split(/,\s*|\s+or\s+/).map((w) => w.trim());
  return words.every((w) => /^[a-z_]+$/.test(w)) && words.length > 1 ? words : undefined;
}

/** Section 9: which deprecated attribute is replaced by what. */
function specReplacement(name: string): string | undefined {
  if (name === 'tag_list') return 'topics';
  const section = SPEC.deprecations;
  if (section.includes(`\`${name}\``) && /use the matching `\*_access_level`/.test(section)) {
    // jobs are builds in the access-level names, as GitLab has them.
    return name === 'jobs_enabled' ? 'builds_access_level' : name.replace(/_enabled$/, '_access_level');
  }
  return undefined;
}

const commandOptions = (name: string): readonly OptionSpec[] =>
  (PROJECTS.subcommands ?? []).find((v) => v.name === name)?.options ?? [];

function findFlag(options: readonly OptionSpec[], flag: string): OptionSpec | undefined {
  return options.find((o) => longFlag(o) === flag);
}

describe('project settings table', () => {
  it('reads every row of the spec', () => {
    expect(SPEC_ROWS.length).toBeGreaterThan(70);
    expect(SPEC_ROWS.map((r) => r.name)).toContain('container_expiration_policy_attributes');
    expect(PULL_MIRRORING_PARAMS).toEqual([
      'import_url',
      'mirror',
      'mirror_trigger_builds',
      'only_mirror_protected_branches',
    ]);
    const typeOf = (name: string) => SPEC_ROWS.find((r) => r.name === name)?.type ?? '';
    expect(specChoices(typeOf('merge_method'))).toEqual(['merge', 'rebase_merge', 'ff']);
    expect(specChoices(typeOf('requirements_access_level'))).toEqual(['disabled', 'private', 'enabled', 'public']);
    expect(specChoices(typeOf('auto_cancel_pending_pipelines'))).toEqual(['enabled', 'disabled']);
    expect(specChoices(typeOf('lfs_enabled'))).toBeUndefined();
  });

  it('has exactly the attributes of the spec, in its order', () => {
    expect(PROJECT_SETTINGS.map((s) => s.name)).toEqual(SPEC_ROWS.map((r) => r.name));
  });

  for (const row of SPEC_ROWS) {
    describe(row.name, () => {
      const setting = PROJECT_SETTINGS.find((s) => s.name === row.name);

      it('has the spec’s columns, paid mark, admin mark and deprecation', () => {
        expect(setting).toBeDefined();
        if (!setting) return;
        // The pull-mirroring table accepts its parameters on create and update alike.
        const expected = PULL_MIRRORING_PARAMS.includes(row.name)
          ? (['create', 'createForUser', 'update'] as SettingsColumn[])
          : row.columns;
        expect([...setting.columns].sort()).toEqual([...expected].sort());
        expect(setting.paid === true).toBe(row.paid);
        expect(setting.adminOnly === true).toBe(/administrators only/.test(row.type));
        expect(setting.deprecated !== undefined).toBe(/deprecated/.test(row.type));
      });

      it('has the spec’s type and values', () => {
        if (!setting) return;
        const choices = specChoices(row.type);
        if (choices) expect([...(setting.choices ?? [])].sort()).toEqual([...choices].sort());
        if (/^boolean/.test(row.type)) expect(setting.type).toBe('boolean');
        if (/^integer/.test(row.type)) expect(setting.type).toBe('integer');
        if (/^hash/.test(row.type)) expect(setting.type).toBe('hash');
        if (/^array/.test(row.type)) expect(setting.type).toBe('string-array');
        if (/image file/.test(row.type)) expect(setting.type).toBe('file');
      });

      if (/deprecated/.test(row.type)) {
        it('names its replacement, a flag of its own', () => {
          const replacement = specReplacement(row.name);
          expect(replacement).toBeDefined();
          expect(setting?.deprecated).toContain(`--${(replacement as string).replace(/_/g, '-')}`);
          expect(PROJECT_SETTINGS.some((s) => s.name === replacement)).toBe(true);
        });
      }

      it('is a flag of `projects create` and `projects update`, visible where the spec accepts it', () => {
        if (!setting) return;
        const flag = `--${flagName(setting)}`;
        const onCreate = findFlag(commandOptions('create'), flag);
        const onUpdate = findFlag(commandOptions('update'), flag);
        expect(onCreate, `${flag} on create`).toBeDefined();
        expect(onUpdate, `${flag} on update`).toBeDefined();
        const creates = setting.columns.includes('create') || setting.columns.includes('createForUser');
        expect(onCreate?.hidden === true).toBe(!creates);
        expect(onUpdate?.hidden === true).toBe(!setting.columns.includes('update'));
        if (setting.type === 'boolean') {
          expect(onCreate?.negatable).toBe(true);
          expect(onCreate?.flags).toBe(flag);
        } else expect(onCreate?.flags).toMatch(/ <[^>]+>$/);
      });

      it('is refused before sending where the spec does not accept it, naming where it is', () => {
        if (!setting) return;
        const value =
          setting.type === 'boolean'
            ? true
            : setting.type === 'string-array'
              ? ['a']
              : setting.type === 'hash'
                ? { keep_n: 1 }
                : setting.choices
                  ? setting.choices[0]
                  : 'x';
        for (const column of ['create', 'createForUser', 'update'] as const) {
          const collect = () =>
            collectParams({ [optionKey(setting)]: value }, PROJECT_SETTINGS, { column, commandName: 'projects' });
          if (setting.columns.includes(column)) expect(collect()).toEqual({ [setting.name]: value });
          else {
            let error: unknown;
            try {
              collect();
            } catch (caught) {
              error = caught;
            }
            expect(error).toBeInstanceOf(CollabError);
            expect((error as CollabError).kind).toBe('usage');
            expect((error as CollabError).hint).toContain(
              setting.columns.includes('update') ? '`projects update`' : '`projects create',
            );
          }
        }
      });
    });
  }

  it('takes the container expiration policy as key=value pairs, checked', () => {
    const option = findFlag(commandOptions('update'), '--container-expiration-policy-attributes');
    expect(option?.parse?.('cadence=7d,keep_n=5,enabled=true', '--container-expiration-policy')).toEqual({
      cadence: '7d',
      keep_n: 5,
      enabled: true,
    });
    expect(() => option?.parse?.('cadence=2d', '--container-expiration-policy')).toThrow(/1d, 7d, 14d, 1month, 3month/);
    expect(() => option?.parse?.('colour=red', '--container-expiration-policy')).toThrow(/key one of cadence/);
  });

  it('offers --for-user on create only', () => {
    expect(findFlag(commandOptions('create'), '--for-user')).toBeDefined();
    expect(findFlag(commandOptions('update'), '--for-user')).toBeUndefined();
  });
});
