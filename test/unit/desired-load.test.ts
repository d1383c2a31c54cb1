import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCollabError } from '../../src/errors.js';
import { parseDesired } from '../../src/desired/load.js';

function problems(text: string, env: Record<string, string> = {}, verbose = false): string {
  const lines: string[] = [];
  try {
    parseDesired(text, 'collab.yaml', env, (line) => lines.push(line), { verbose });
  } catch (error) {
    if (isCollabError(error)) return `${lines.join('\n')}\nerror: ${error.message}`;
    throw error;
  }
  return '';
}

describe('collab.yaml: loading and checking', () => {
  it('reports every problem at once with its line and column, the allowed keys and a did-you-mean', () => {
    const text = [
      'version: 1',
      'defaults:',
      '  settings:',
      '    merge_methd: ff',
      '    visibility: secret',
      'groups:',
      '  acme:',
      '    settings:',
      '      lfs_enabled: "yes"',
      '    projects:',
      '      hooks:',
      '        - url: https://hooks.example.com/a',
      '          push_event: true',
      'projects:',
      '  "acme/*":',
      '    pushrule: {}',
      '    shares:',
      '      - group_id: auditors',
      '        group_access: auditor',
    ].join('\n');
    const lines = problems(text).split('\n');
    // A typo's message is the likely key and stops there; every allowed key only with --verbose.
    expect(lines.filter((line) => line.includes('(allowed:'))).toEqual([]);
    const verbose = problems(text, {}, true).split('\n');
    expect(verbose.map((line) => line.replace(/ \(allowed: .*\)$/, ''))).toEqual(lines);
    expect(lines).toEqual([
      'collab.yaml:4:5: unknown key merge_methd in defaults.settings; did you mean merge_method?',
      'collab.yaml:5:17: defaults.settings.visibility: expected one of private, internal, public, got "secret"',
      'collab.yaml:9:20: groups.acme.settings.lfs_enabled: expected true or false, got "yes"',
      'collab.yaml:13:11: unknown key push_event in groups.acme.projects.hooks[0]; did you mean push_events?',
      'collab.yaml:16:5: unknown key pushrule in projects["acme/*"]; did you mean push_rule?',
      'collab.yaml:19:23: projects["acme/*"].shares[0].group_access: invalid access level "auditor": must be a role: guest (10), planner (15), reporter (20), developer (30), maintainer (40), owner (50)',
      'error: 6 problems in collab.yaml; nothing was sent',
    ]);
    expect(verbose[4]).toMatch(
      /\(allowed: inherit, skip, create, settings, push_rule, hooks, variables, labels, badges, shares, members, avatar, approval_settings, protected_environments, integrations, archived, mirror, protected_branches, protected_tags, deploy_keys, approval_rules, pipeline_schedules, job_token_scope, remote_mirrors\)$/,
    );
  });

  it("lists a protected branch's roles and levels as one choice, and the role a value is near", () => {
    const text = [
      'version: 1',
      'projects:',
      '  acme/app:',
      '    protected_branches:',
      '      - name: main',
      '        push_access_level: no one',
      '        merge_access_level: 35',
    ].join('\n');
    expect(problems(text).split('\n')).toEqual([
      'collab.yaml:6:28: projects["acme/app"].protected_branches[0].push_access_level: expected one of no-one, developer, maintainer, admin, 0, 30, 40, 60, got "no one"; did you mean no-one?',
      'collab.yaml:7:29: projects["acme/app"].protected_branches[0].merge_access_level: expected one of no-one, developer, maintainer, admin, 0, 30, 40, 60, got 35',
      'error: 2 problems in collab.yaml; nothing was sent',
    ]);
  });

  it('suggests the choice a setting is near', () => {
    expect(problems('version: 1\ndefaults:\n  settings:\n    visibility: pubilc\n').split('\n')[0]).toBe(
      'collab.yaml:4:17: defaults.settings.visibility: expected one of private, internal, public, got "pubilc"; did you mean public?',
    );
  });

  it('says what a list section must be, how to add the version, and where to find the keys when no key is near', () => {
    expect(problems('version: 1\nprojects:\n  acme/app:\n    hooks: {url: https://x.example.com}\n')).toBe(
      'collab.yaml:4:12: projects["acme/app"].hooks must be a list (or {enforce, items})\nerror: a problem in collab.yaml; nothing was sent',
    );
    expect(problems('projects:\n  acme/app:\n    archived: true\n')).toBe(
      'collab.yaml:1:1: version is missing: add `version: 1` as the first line\nerror: a problem in collab.yaml; nothing was sent',
    );
    expect(problems('version: 1\nprojects:\n  acme/app:\n    colour: blue\n')).toBe(
      'collab.yaml:4:5: unknown key colour in projects["acme/app"] (--verbose lists the allowed keys; `collab apply --schema` prints them all)\nerror: a problem in collab.yaml; nothing was sent',
    );
  });

  it('a key put at the wrong level says where it goes: under settings, a section, a level below, or one up', () => {
    const text = [
      'version: 1',
      'defaults:',
      '  description: every project',
      'groups:',
      '  acme:',
      '    merge_method: ff',
      '    projects:',
      '      description: each project of acme',
      'projects:',
      '  grp/app:',
      '    description: x',
      '    key: deploy',
      '    settings:',
      '      archived: true',
    ].join('\n');
    expect(problems(text).split('\n')).toEqual([
      'collab.yaml:3:3: unknown key description in defaults; it is a setting: put it under settings:',
      'collab.yaml:6:5: unknown key merge_method in groups.acme; it is a setting of projects: put it under projects.settings:',
      'collab.yaml:8:7: unknown key description in groups.acme.projects; it is a setting: put it under settings:',
      'collab.yaml:11:5: unknown key description in projects["grp/app"]; it is a setting: put it under settings:',
      'collab.yaml:12:5: unknown key key in projects["grp/app"]; it is a field of variables, deploy_keys: put it under one of them',
      'collab.yaml:14:7: unknown key archived in projects["grp/app"].settings; it belongs one level up: put it beside settings:',
      'error: 6 problems in collab.yaml; nothing was sent',
    ]);
  });

  it('a key that begins the one it means (user for username) is asked about once, not also said missing', () => {
    const text = 'version: 1\nprojects:\n  grp/app:\n    members:\n      - user: dana\n        access: maintainer\n';
    expect(problems(text).split('\n')).toEqual([
      'collab.yaml:5:9: unknown key user in projects["grp/app"].members[0]; did you mean username?',
      'collab.yaml:6:9: unknown key access in projects["grp/app"].members[0]; did you mean access_level?',
      'error: 2 problems in collab.yaml; nothing was sent',
    ]);
  });

  it('a required key left out is said missing, with what it takes', () => {
    const text = 'version: 1\nprojects:\n  grp/app:\n    members:\n      - username: dana\n';
    expect(problems(text).split('\n')[0]).toBe(
      'collab.yaml:5:9: projects["grp/app"].members[0].access_level is missing (expected one of guest, planner, reporter, developer, maintainer, owner, 10, 15, 20, 30, 40, 50)',
    );
  });

  it("enforce and items outside {enforce, items} say so: at a level, under settings:, in an item, in an item's items", () => {
    const text = [
      'version: 1',
      'enforce: true',
      'groups:',
      '  acme:',
      '    items: []',
      '    settings:',
      '      enforce: true',
      'projects:',
      '  grp/app:',
      '    shares:',
      '      - group_id: auditors',
      '        group_access: reporter',
      '        enforce: true',
      '    hooks:',
      '      enforce: true',
      '      items:',
      '        - url: https://hooks.example.com/a',
      '          enforce: true',
    ].join('\n');
    expect(problems(text).split('\n')).toEqual([
      'collab.yaml:2:1: unknown key enforce; it belongs in a list section: write the one it is for as {enforce: true, items: [...]}',
      'collab.yaml:5:5: unknown key items in groups.acme; it belongs in a list section: write the one it is for as {enforce: true, items: [...]}',
      'collab.yaml:7:7: unknown key enforce in groups.acme.settings; it belongs in a list section: write the one it is for as {enforce: true, items: [...]}',
      `collab.yaml:13:9: unknown key enforce in projects["grp/app"].shares[0]; it is the list's, not an item's: write shares: as {enforce: true, items: [...]}`,
      `collab.yaml:18:11: unknown key enforce in projects["grp/app"].hooks.items[0]; it is the list's, not an item's: put it beside items:`,
      'error: 5 problems in collab.yaml; nothing was sent',
    ]);
  });

  it('names YAML syntax errors and a version other than 1 with their positions', () => {
    expect(problems('version: 1\ngroups:\n  acme: [\n')).toBe(
      'collab.yaml:4:1: a [ opened above is not closed with ] (or the lines in it are indented less than its key)\nerror: a problem in collab.yaml; nothing was sent',
    );
    expect(problems('version: 2\n')).toBe(
      'collab.yaml:1:10: version: expected 1 (the only version of the format), got 2\nerror: a problem in collab.yaml; nothing was sent',
    );
    expect(
      problems('version: 1\nprojects:\n  "*/app": {}\n  acme/x:\n    create: true\n  acme/*:\n    create: true\n'),
    ).toBe(
      [
        'collab.yaml:3:3: projects: "*/app" is neither a project\'s full path (group/project) nor a glob (group/*, group/**)',
        'collab.yaml:7:13: projects["acme/*"].create: create needs one target, named by its full path (not a glob, defaults, projects or subgroups)',
        'error: 2 problems in collab.yaml; nothing was sent',
      ].join('\n'),
    );
  });

  it('a line the YAML parser cannot read is one problem, in our words: a list item among the keys beside enforce:', () => {
    const text = 'version: 1\nprojects:\n  acme/web:\n    variables:\n      enforce: true\n      - key: A\n';
    expect(problems(text)).toBe(
      [
        "collab.yaml:6:1: a list item (- …) stands among a map's keys: put the list under a key of its own (in a list section with enforce:, under items:)",
        'error: a problem in collab.yaml; nothing was sent',
      ].join('\n'),
    );
  });

  it("replaces env and file references and remembers each value's template, never printing the value", () => {
    const text =
      'version: 1\nprojects:\n  acme/app:\n    hooks:\n      - url: https://x.example.com\n        token: $' +
      '{env:TOKEN}\n';
    const file = parseDesired(text, 'collab.yaml', { TOKEN: 's3cret-value' }, () => undefined);
    expect(file.data.projects?.['acme/app']?.hooks).toEqual([{ url: 'https://x.example.com', token: 's3cret-value' }]);
    expect(file.secrets).toEqual(['s3cret-value']);
    expect(file.kept.projects?.['acme/app']?.hooks).toEqual([
      { url: 'https://x.example.com', token: '$' + '{env:TOKEN}' },
    ]);
  });

  it('says why a file a value names cannot be read', () => {
    const text =
      'version: 1\nprojects:\n  acme/app:\n    variables:\n      - key: DEPLOY_TOKEN\n        value: $' +
      '{file:no-such-token.txt}\n';
    expect(problems(text).split('\n')[0]).toBe(
      'collab.yaml:6:16: cannot read the file no-such-token.txt (named by $' +
        '{file:no-such-token.txt}): no such file; check the path: a relative one is read from the desired-state file’s directory',
    );
  });

  it('a file reference naming a directory says so, with the hint to give a file in it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'collab-file-ref-'));
    try {
      const text =
        'version: 1\nprojects:\n  acme/app:\n    variables:\n      - key: DEPLOY_TOKEN\n        value: $' +
        `{file:${dir}}\n`;
      expect(problems(text).split('\n')[0]).toBe(
        `collab.yaml:6:16: cannot read the file ${dir} (named by $` +
          `{file:${dir}}): it is a directory; give the path of a file in it`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a masked value's unset variable is one problem, not two", () => {
    const text =
      'version: 1\nprojects:\n  acme/app:\n    variables:\n      - key: DEPLOY_TOKEN\n        value: $' +
      '{env:DEPLOY_TOKEN}\n        masked: true\n';
    expect(problems(text)).toBe(
      [
        'collab.yaml:6:16: environment variable DEPLOY_TOKEN is not set (named by $' + '{env:DEPLOY_TOKEN})',
        'error: a problem in collab.yaml; nothing was sent',
      ].join('\n'),
    );
  });

  // A shell's `${NAME}` is no template of collab's: where a secret goes, it would be sent as written.
  it("a secret written as a shell's $NAME in braces is a problem naming its env: template", () => {
    const shell = (name: string) => `$${'{'}${name}}`;
    const env = (name: string) => `$${'{'}env:${name}}`;
    const text = [
      'version: 1',
      'projects:',
      '  acme/app:',
      '    hooks:',
      '      - url: https://x.example.com',
      `        token: ${shell('HOOK_TOKEN')}`,
      '    variables:',
      '      - key: DEPLOY_TOKEN',
      `        value: ${shell('DEPLOY_TOKEN')}`,
      '        masked: true',
      '    remote_mirrors:',
      `      - url: https://mirror:${shell('MIRROR_PASSWORD')}@mirror.example.com/app.git`,
      '',
    ].join('\n');
    expect(problems(text, { HOOK_TOKEN: 'h', DEPLOY_TOKEN: 'd', MIRROR_PASSWORD: 'm' })).toBe(
      [
        `collab.yaml:6:16: ${shell('HOOK_TOKEN')} is not a template collab reads (it would be sent as written): write ${env('HOOK_TOKEN')}`,
        `collab.yaml:9:16: ${shell('DEPLOY_TOKEN')} is not a template collab reads (it would be sent as written): write ${env('DEPLOY_TOKEN')}`,
        `collab.yaml:12:14: ${shell('MIRROR_PASSWORD')} is not a template collab reads (it would be sent as written): write ${env('MIRROR_PASSWORD')}`,
        'error: 3 problems in collab.yaml; nothing was sent',
      ].join('\n'),
    );
  });

  // GitLab expands a variable's references in another's value (doc/ci/variables/_index.md), so where
  // no secret goes, `${NAME}` is the service's to read.
  it("keeps a shell's $NAME in braces as written in a value that is no secret", () => {
    const reference = `$${'{'}CI_PROJECT_DIR}/build`;
    const text = `version: 1\nprojects:\n  acme/app:\n    variables:\n      - key: OUT\n        value: ${reference}\n`;
    const file = parseDesired(text, 'collab.yaml', {}, () => undefined);
    expect(file.data.projects?.['acme/app']?.variables).toEqual([{ key: 'OUT', value: reference }]);
  });
});
