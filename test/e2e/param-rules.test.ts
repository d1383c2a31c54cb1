import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/**
 * One rule per parameter: each bad value below is refused by every verb and every collab.yaml
 * section that takes the parameter, with exit 2, before any request, in the same words.
 */
const world = useDesiredWorlds();
const P = 'acme/web/storefront';
const LONG = 'x'.repeat(256);

interface Entry {
  /** A command line, and what it reads on standard input. */
  argv?: readonly string[];
  input?: string;
  /** A collab.yaml, and where in it the value is (its line and column, the key path). */
  yaml?: string;
  at?: string;
}

interface BadValue {
  value: string;
  /** The words every entry point says. */
  says: string;
  entries: readonly Entry[];
}

/** `projects: {P: {<section>: <text>}}` with the value at line 4. */
const onProject = (section: string) => `version: 1\nprojects:\n  ${P}:\n${section}`;
const onGroup = (section: string) => `version: 1\ngroups:\n  acme:\n${section}`;

const label = (name: string, color = 'red') =>
  `    labels:\n      - name: ${JSON.stringify(name)}\n        color: ${JSON.stringify(color)}\n`;
const variable = (key: string, extra = '') =>
  `    variables:\n      - key: ${JSON.stringify(key)}\n        value: x\n${extra}`;
const maskedVar = (value: string) =>
  `    variables:\n      - key: TOKEN\n        value: ${JSON.stringify(value)}\n        masked: true\n`;

const labelName = (name: string, says: string): BadValue => ({
  value: name,
  says,
  entries: [
    { argv: ['labels', 'create', name, '--project', P, '--color', 'red'] },
    { argv: ['labels', 'create', name, '--group', 'acme', '--color', 'red'] },
    { argv: ['labels', 'update', 'bug', '--project', P, `--new-name=${name}`] },
    { yaml: onProject(label(name)), at: `collab.yaml:5:15: projects["${P}"].labels[0].name` },
    { yaml: onGroup(label(name)), at: 'collab.yaml:5:15: groups.acme.labels[0].name' },
  ],
});

const variableKey = (key: string, says: string): BadValue => ({
  value: key,
  says,
  entries: [
    { argv: ['variables', 'create', key, '--project', P, '--value', 'x'] },
    { argv: ['variables', 'create', key, '--group', 'acme', '--value', 'x'] },
    { argv: ['variables', 'set', key, '--project', P, '--value', 'x'] },
    { argv: ['variables', 'update', key, '--project', P, '--value', 'x'] },
    { yaml: onProject(variable(key)), at: `collab.yaml:5:14: projects["${P}"].variables[0].key` },
    { yaml: onGroup(variable(key)), at: 'collab.yaml:5:14: groups.acme.variables[0].key' },
  ],
});

/** A scope holds only environment_scope_regex's characters (Gitlab::Regex; a space is one of them). */
const environmentScope = (value: string): BadValue => ({
  value,
  says: `invalid environment scope "${value}": must be letters, digits, spaces and - _ / $ { } . * only`,
  entries: [
    { argv: ['variables', 'create', 'APP_ENV', '--project', P, '--value', 'x', `--environment-scope=${value}`] },
    { argv: ['variables', 'create', 'APP_ENV', '--group', 'acme', '--value', 'x', `--environment-scope=${value}`] },
    {
      yaml: onProject(variable('APP_ENV', `        environment_scope: ${JSON.stringify(value)}\n`)),
      at: `collab.yaml:7:28: projects["${P}"].variables[0].environment_scope`,
    },
    {
      yaml: onGroup(variable('APP_ENV', `        environment_scope: ${JSON.stringify(value)}\n`)),
      at: 'collab.yaml:7:28: groups.acme.variables[0].environment_scope',
    },
  ],
});

const maskedValue = (value: string, says: string): BadValue => ({
  value,
  says,
  entries: [
    { argv: ['variables', 'create', 'TOKEN', '--project', P, '--masked'], input: value },
    { argv: ['variables', 'create', 'TOKEN', '--group', 'acme', '--hidden'], input: value },
    { yaml: onProject(maskedVar(value)), at: `collab.yaml:6:16: projects["${P}"].variables[0].value` },
    { yaml: onGroup(maskedVar(value)), at: 'collab.yaml:6:16: groups.acme.variables[0].value' },
  ],
});

const projectPath = (path: string, says: string): BadValue => ({
  value: path,
  says,
  entries: [
    { argv: ['projects', 'create', '--name', 'App', `--path=${path}`] },
    { argv: ['projects', 'update', P, `--path=${path}`] },
    { argv: ['projects', 'fork', P, `--path=${path}`] },
    {
      yaml: onProject(`    settings:\n      path: ${JSON.stringify(path)}\n`),
      at: `collab.yaml:5:13: projects["${P}"].settings.path`,
    },
    {
      yaml: onGroup(`    projects:\n      settings:\n        path: ${JSON.stringify(path)}\n`),
      at: 'collab.yaml:6:15: groups.acme.projects.settings.path',
    },
  ],
});

const projectName = (name: string, says: string): BadValue => ({
  value: name,
  says,
  entries: [
    { argv: ['projects', 'create', `--name=${name}`] },
    { argv: ['projects', 'update', P, `--name=${name}`] },
    { argv: ['projects', 'fork', P, `--name=${name}`] },
    {
      yaml: onProject(`    settings:\n      name: ${JSON.stringify(name)}\n`),
      at: `collab.yaml:5:13: projects["${P}"].settings.name`,
    },
  ],
});

const groupName = (name: string, says: string): BadValue => ({
  value: name,
  says,
  entries: [
    { argv: ['groups', 'create', `--name=${name}`, '--path', 'newgroup'] },
    { argv: ['groups', 'update', 'acme', `--name=${name}`] },
    {
      yaml: onGroup(`    settings:\n      name: ${JSON.stringify(name)}\n`),
      at: 'collab.yaml:5:13: groups.acme.settings.name',
    },
  ],
});

const defaultBranch = (value: string, says: string): BadValue => ({
  value,
  says: `invalid default branch "${value}": ${says}`,
  entries: [
    { argv: ['projects', 'update', P, `--default-branch=${value}`] },
    {
      yaml: onProject(`    settings:\n      default_branch: ${JSON.stringify(value)}\n`),
      at: `collab.yaml:5:23: projects["${P}"].settings.default_branch`,
    },
    {
      yaml: onGroup(`    projects:\n      settings:\n        default_branch: ${JSON.stringify(value)}\n`),
      at: 'collab.yaml:6:25: groups.acme.projects.settings.default_branch',
    },
  ],
});

const color = (value: string): BadValue => ({
  value,
  says: `invalid color "${value}": must be #RRGGBB, #RGB or a color name GitLab knows, such as orange`,
  entries: [
    { argv: ['labels', 'create', 'triage', '--project', P, '--color', value] },
    { argv: ['labels', 'update', 'bug', '--group', 'acme', '--color', value] },
    { yaml: onProject(label('triage', value)), at: `collab.yaml:6:16: projects["${P}"].labels[0].color` },
    { yaml: onGroup(label('triage', value)), at: 'collab.yaml:6:16: groups.acme.labels[0].color' },
  ],
});

const priority = (value: string): BadValue => ({
  value,
  says: `invalid label priority "${value}": must be a whole number, 0 or more`,
  entries: [
    { argv: ['labels', 'create', 'triage', '--project', P, '--color', 'red', `--priority=${value}`] },
    { argv: ['labels', 'update', 'bug', '--project', P, `--priority=${value}`] },
    {
      yaml: onProject(`${label('triage')}        priority: ${value}\n`),
      at: `collab.yaml:7:19: projects["${P}"].labels[0].priority`,
    },
  ],
});

const ROLES = 'guest (10), planner (15), reporter (20), developer (30), maintainer (40), owner (50)';
const accessLevel = (value: string): BadValue => ({
  value,
  says: `invalid access level "${value}": must be a role: ${ROLES}`,
  entries: [
    { argv: ['projects', 'members', 'add', P, '--user', 'dana', `--access=${value}`] },
    { argv: ['projects', 'members', 'update', P, '--user', 'dana', `--access=${value}`] },
    { argv: ['share', 'add', '--project', P, '--with', 'globex', `--access=${value}`] },
    {
      yaml: onProject(`    members:\n      - username: dana\n        access_level: ${value}\n`),
      at: `collab.yaml:6:23: projects["${P}"].members[0].access_level`,
    },
    {
      yaml: onGroup(`    shares:\n      - group_id: globex\n        group_access: ${value}\n`),
      at: 'collab.yaml:6:23: groups.acme.shares[0].group_access',
    },
  ],
});

/**
 * A group's role, Minimal Access (5) among them: an LDAP link's group_access (values_with_minimal_access,
 * src/params/access.ts) and a group member's; No access (0) and Admin (60) are neither.
 */
const groupRole = (value: string): BadValue => ({
  value,
  says: `invalid access level "${value}": must be a role: minimal (5), ${ROLES}`,
  entries: [
    { argv: ['groups', 'ldap-links', 'add', 'acme', '--cn', 'readers', '--provider', 'ldapmain', `--access=${value}`] },
    { argv: ['groups', 'members', 'add', 'acme', '--user', 'dana', `--access=${value}`] },
    {
      yaml: onGroup(
        `    ldap_links:\n      - cn: readers\n        provider: ldapmain\n        group_access: ${value}\n`,
      ),
      at: 'collab.yaml:7:23: groups.acme.ldap_links[0].group_access',
    },
    {
      yaml: onGroup(`    members:\n      - username: dana\n        access_level: ${value}\n`),
      at: 'collab.yaml:6:23: groups.acme.members[0].access_level',
    },
  ],
});

const schedule = (cron: string, zone = 'UTC', ref = 'main') =>
  `    pipeline_schedules:\n      - description: nightly\n        ref: ${JSON.stringify(ref)}\n        cron: ${JSON.stringify(cron)}\n        cron_timezone: ${JSON.stringify(zone)}\n`;
const newSchedule = ['schedules', 'create', '--project', P, '--description', 'nightly', '--ref', 'main'];

const cron = (value: string, says: string): BadValue => ({
  value,
  says,
  entries: [
    { argv: [...newSchedule, '--cron', value] },
    { argv: ['schedules', 'update', '1', '--project', P, '--cron', value] },
    { yaml: onProject(schedule(value)), at: `collab.yaml:7:15: projects["${P}"].pipeline_schedules[0].cron` },
  ],
});

const timezone = (value: string, near = ''): BadValue => ({
  value,
  says: `invalid cron time zone "${value}": must be an IANA time zone (UTC, Europe/Berlin, America/New_York) or an ActiveSupport name (Berlin, Pacific Time (US & Canada))${near}`,
  entries: [
    { argv: [...newSchedule, '--cron', '0 2 * * *', '--cron-timezone', value] },
    { argv: ['schedules', 'update', '1', '--project', P, '--cron-timezone', value] },
    {
      yaml: onProject(schedule('0 2 * * *', value)),
      at: `collab.yaml:8:24: projects["${P}"].pipeline_schedules[0].cron_timezone`,
    },
  ],
});

/** A ref git refuses names no branch or tag: refused before the service is asked which it names. */
const scheduleRef = (value: string, says: string): BadValue => ({
  value,
  says: `invalid ref "${value}": ${says}`,
  entries: [
    {
      argv: [
        'schedules',
        'create',
        '--project',
        P,
        '--description',
        'nightly',
        '--cron',
        '0 2 * * *',
        `--ref=${value}`,
      ],
    },
    { argv: ['schedules', 'update', '1', '--project', P, `--ref=${value}`] },
    {
      yaml: onProject(schedule('0 2 * * *', 'UTC', value)),
      at: `collab.yaml:6:14: projects["${P}"].pipeline_schedules[0].ref`,
    },
  ],
});

/** A protection's name is any text GitLab matches as a pattern, but not blank (ProtectedRef's presence). */
const protectedRefName = (kind: 'branch' | 'tag', value: string): BadValue => ({
  value,
  says: `invalid protected ${kind} name ${JSON.stringify(value)}: must not be empty`,
  entries: [
    { argv: [`protected-${kind}es`.replace('tages', 'tags'), 'create', value, '--project', P], at: '<name>' },
    {
      yaml: onProject(`    protected_${kind}es:\n      - name: ${JSON.stringify(value)}\n`.replace('tages', 'tags')),
      at: `collab.yaml:5:15: projects["${P}"].protected_${kind === 'branch' ? 'branches' : 'tags'}[0].name`,
    },
  ],
});

/** A membership's or a share's last day: the one date rule. */
const expiry = (value: string, says: string): BadValue => ({
  value,
  says: `invalid date "${value}": ${says}`,
  entries: [
    { argv: ['projects', 'members', 'add', P, '--user', 'dana', '--access', 'developer', `--expires-at=${value}`] },
    { argv: ['share', 'add', '--group', 'acme', '--with', 'globex', '--access', 'developer', `--expires-at=${value}`] },
    {
      yaml: onProject(
        `    members:\n      - username: dana\n        access_level: developer\n        expires_at: ${value}\n`,
      ),
      at: `collab.yaml:7:21: projects["${P}"].members[0].expires_at`,
    },
    {
      yaml: onGroup(
        `    shares:\n      - group_id: globex\n        group_access: developer\n        expires_at: ${value}\n`,
      ),
      at: 'collab.yaml:7:21: groups.acme.shares[0].expires_at',
    },
  ],
});

/** What the service compiles with RE2, in a push rule. */
const pushRuleRegex = (value: string, says: string): BadValue => ({
  value,
  says: `invalid regular expression "${value}": ${says}`,
  entries: [
    { argv: ['push-rule', 'set', '--project', P, `--commit-message-regex=${value}`] },
    { argv: ['push-rule', 'set', '--group', 'acme', `--branch-name-regex=${value}`] },
    {
      yaml: onProject(`    push_rule:\n      commit_message_regex: ${JSON.stringify(value)}\n`),
      at: `collab.yaml:5:29: projects["${P}"].push_rule.commit_message_regex`,
    },
    {
      yaml: onGroup(`    push_rule:\n      branch_name_regex: ${JSON.stringify(value)}\n`),
      at: 'collab.yaml:5:26: groups.acme.push_rule.branch_name_regex',
    },
  ],
});

/** An integer of a table with no rule of its own counts something: never below 0. */
const count = (value: string): BadValue => ({
  value,
  says: `invalid max file size "${value}": must be a whole number, 0 or more`,
  entries: [
    { argv: ['push-rule', 'set', '--project', P, `--max-file-size=${value}`] },
    { argv: ['push-rule', 'set', '--group', 'acme', `--max-file-size=${value}`] },
    {
      yaml: onProject(`    push_rule:\n      max_file_size: ${value}\n`),
      at: `collab.yaml:5:22: projects["${P}"].push_rule.max_file_size`,
    },
    {
      yaml: onGroup(`    push_rule:\n      max_file_size: ${value}\n`),
      at: 'collab.yaml:5:22: groups.acme.push_rule.max_file_size',
    },
  ],
});

/** A user ID or a username: what is neither names no user, so nothing is looked up. */
const user = (value: string, says: string): BadValue => ({
  value,
  says: `invalid user "${value}": ${says}`,
  entries: [
    { argv: ['users', 'view', value], at: '<user>' },
    { argv: ['users', 'block', value], at: '<user>' },
    { argv: ['projects', 'members', 'add', P, `--user=${value}`, '--access', 'developer'] },
    { argv: ['projects', 'members', 'remove', P, `--user=${value}`, '--yes'] },
    {
      yaml: onProject(`    members:\n      - username: ${JSON.stringify(value)}\n        access_level: developer\n`),
      at: `collab.yaml:5:19: projects["${P}"].members[0].username`,
    },
  ],
});

const approvalsRequired = (value: string): BadValue => ({
  value,
  says: `invalid approvals required "${value}": must be a whole number from 0 to 100`,
  entries: [
    { argv: ['approval-rules', 'create', 'security', '--project', P, `--approvals=${value}`] },
    { argv: ['approval-rules', 'update', 'security', '--project', P, `--approvals=${value}`] },
    {
      yaml: onProject(`    approval_rules:\n      - name: security\n        approvals_required: ${value}\n`),
      at: `collab.yaml:6:29: projects["${P}"].approval_rules[0].approvals_required`,
    },
  ],
});

/** A CI setting with a range of its own (the model's validation): outside it, refused as the flag refuses it. */
const ciSetting = (name: string, value: string, range: string, create: boolean): BadValue => {
  const flag = `--${name.replace(/_/g, '-')}=${value}`;
  const column = 6 + name.length + 3;
  return {
    value,
    says: `invalid ${name.replace(/_/g, ' ')} "${value}": must be a whole number from ${range}`,
    entries: [
      ...(create ? [{ argv: ['projects', 'create', '--name', 'App', flag] }] : []),
      { argv: ['projects', 'update', P, flag] },
      {
        yaml: onProject(`    settings:\n      ${name}: ${value}\n`),
        at: `collab.yaml:5:${column}: projects["${P}"].settings.${name}`,
      },
      {
        yaml: onGroup(`    projects:\n      settings:\n        ${name}: ${value}\n`),
        at: `collab.yaml:6:${column + 2}: groups.acme.projects.settings.${name}`,
      },
    ],
  };
};

/** A push mirror's URL may hold credentials: never quoted. */
const mirrorUrl = (value: string, says = 'must start with ssh://, git://, http:// or https://'): BadValue => ({
  value,
  says: `invalid push mirror URL: ${says}`,
  entries: [
    { argv: ['mirrors', 'create', '--project', P, '--url', value] },
    { argv: ['mirrors', 'create', '--project', P], input: value, at: 'standard input' },
    {
      yaml: onProject(`    remote_mirrors:\n      - url: ${JSON.stringify(value)}\n`),
      at: `collab.yaml:5:14: projects["${P}"].remote_mirrors[0].url`,
    },
  ],
});

const TOKEN = `$${'{'}env:JIRA_TOKEN}`;
const jira = (url: string) =>
  `    integrations:\n      - slug: jira\n        url: ${JSON.stringify(url)}\n        password: ${TOKEN}\n`;

const integrationUrl = (value: string, says = 'must start with http:// or https://'): BadValue => ({
  value,
  says: `invalid integration URL "${value}": ${says}`,
  entries: [
    { argv: ['integrations', 'set', 'jira', '--project', P, '--url', value, '--token-file', '-'], input: 'token' },
    { argv: ['integrations', 'set', 'jira', '--group', 'acme', '--url', value, '--token-file', '-'], input: 'token' },
    { yaml: onProject(jira(value)), at: `collab.yaml:6:14: projects["${P}"].integrations[0].url` },
    { yaml: onGroup(jira(value)), at: 'collab.yaml:6:14: groups.acme.integrations[0].url' },
  ],
});

/** A webhook URL carries its key: read from a file or standard input, never quoted. */
const webhookUrl = (value: string, says = 'must be a URL such as https://host/path'): BadValue => ({
  value,
  says: `invalid webhook URL: ${says}`,
  entries: [
    {
      argv: ['integrations', 'set', 'slack', '--project', P, '--webhook-file', '-'],
      input: value,
      at: 'the webhook in standard input',
    },
  ],
});

const hooks = (url: string) => `    hooks:\n      - url: ${JSON.stringify(url)}\n`;

const hookUrl = (value: string, says = 'must start with http:// or https://'): BadValue => ({
  value,
  says: `invalid hook URL "${value}": ${says}`,
  entries: [
    { argv: ['hooks', 'create', '--project', P, '--url', value] },
    { argv: ['hooks', 'create', '--group', 'acme', '--url', value] },
    { argv: ['hooks', 'update', '1', '--project', P, '--url', value] },
    { yaml: onProject(hooks(value)), at: `collab.yaml:5:14: projects["${P}"].hooks[0].url` },
    { yaml: onGroup(hooks(value)), at: 'collab.yaml:5:14: groups.acme.hooks[0].url' },
  ],
});

const badges = (link: string) =>
  `    badges:\n      - name: pipeline\n        link_url: ${JSON.stringify(link)}\n        image_url: https://ci.example.com/badge.svg\n`;

const badgeLink = (value: string, says = 'must be a URL such as https://host/path'): BadValue => ({
  value,
  says: `invalid badge link URL "${value}": ${says}`,
  entries: [
    { argv: ['badges', 'create', '--project', P, '--link', value, '--image', 'https://ci.example.com/b.svg'] },
    { argv: ['badges', 'create', '--group', 'acme', '--link', value, '--image', 'https://ci.example.com/b.svg'] },
    { yaml: onProject(badges(value)), at: `collab.yaml:6:19: projects["${P}"].badges[0].link_url` },
    { yaml: onGroup(badges(value)), at: 'collab.yaml:6:19: groups.acme.badges[0].link_url' },
  ],
});

/** A key given by mistake may be a private one: never quoted. */
const deployKey = (value: string): BadValue => ({
  value,
  says: 'invalid public key: must be an OpenSSH public key line such as "ssh-ed25519 AAAA… comment" (the .pub file, never the private key)',
  entries: [
    { argv: ['deploy-keys', 'create', '--project', P, '--title', 'ci'], input: value, at: 'standard input' },
    {
      yaml: onProject(`    deploy_keys:\n      - title: ci\n        key: ${JSON.stringify(value)}\n`),
      at: `collab.yaml:6:14: projects["${P}"].deploy_keys[0].key`,
    },
  ],
});

const KEY_LINE = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ci@example';

const deployKeyTitle = (value: string, says: string): BadValue => ({
  value,
  says: `invalid deploy key title "${value.length > 60 ? `${value.slice(0, 60)}…` : value}": ${says}`,
  entries: [
    { argv: ['deploy-keys', 'create', '--project', P, '--title', value], input: KEY_LINE },
    { argv: ['deploy-keys', 'update', '1', '--project', P, '--title', value] },
    {
      yaml: onProject(`    deploy_keys:\n      - title: ${JSON.stringify(value)}\n        key: ${KEY_LINE}\n`),
      at: `collab.yaml:5:16: projects["${P}"].deploy_keys[0].title`,
    },
  ],
});

const PORT = "must have a port from 1 to 65535, or none for the scheme's own";

const SPECIAL_ENDS = 'must not start or end with a special character (_ - .) nor hold two in a row';

const BAD: readonly BadValue[] = [
  labelName('needs,triage', 'invalid label name "needs,triage": must not contain a comma'),
  labelName('', 'invalid label name "": must not be empty'),
  labelName(LONG, `invalid label name "${'x'.repeat(60)}…": must be at most 255 characters`),
  variableKey('bad-key', 'invalid variable key "bad-key": must not contain a dash (-)'),
  variableKey(`K${'X'.repeat(255)}`, `invalid variable key "K${'X'.repeat(59)}…": must be at most 255 characters`),
  environmentScope('review/*!'),
  maskedValue('short', 'invalid masked value: must be 8 or more characters'),
  maskedValue('has a space', 'invalid masked value: must not contain a space'),
  projectPath('-app', `invalid project path "-app": ${SPECIAL_ENDS}`),
  projectPath('app.', `invalid project path "app.": ${SPECIAL_ENDS}`),
  projectName(
    '-app',
    `invalid project name "-app": must start with a letter, digit, emoji or '_' and hold only those, '.', '+', dashes and spaces`,
  ),
  groupName('', 'invalid group name "": must not be empty'),
  groupName(LONG, `invalid group name "${'x'.repeat(60)}…": must be at most 255 characters`),
  defaultBranch('release..next', 'must not contain two dots in a row (..)'),
  defaultBranch('has space', 'must not contain a space'),
  color('blurple'),
  // A CSS name GitLab does not know (lib/gitlab/color.rb has aqua and fuchsia, not cyan and magenta).
  color('cyan'),
  priority('-1'),
  priority('1.5'),
  accessLevel('-10'),
  accessLevel('2.5'),
  groupRole('0'),
  groupRole('60'),
  cron('0 25 * * *', 'invalid cron "0 25 * * *": the hour field "25" is out of range (0-23)'),
  cron(
    '0 2 * *',
    'invalid cron "0 2 * *": a cron line has five fields (minute hour day-of-month month day-of-week), such as 0 1 * * *',
  ),
  timezone('Mars/Olympus'),
  // ActiveSupport's names are looked up as spelt (MAPPING[name]): another case is no zone to GitLab.
  timezone('pacific time (us & canada)', ': did you mean "Pacific Time (US & Canada)"?'),
  timezone('Pacific Time (US and Canada)', ': did you mean "Pacific Time (US & Canada)"?'),
  timezone('europe/berlin', ': did you mean "Europe/Berlin"?'),
  timezone('+12:00'),
  approvalsRequired('101'),
  approvalsRequired('-1'),
  user('0', 'must be a user ID from 1, or a username'),
  user('a b', "must be a user ID or a username: letters, digits, '_', '-' and '.', not starting with '-'"),
  user('dana/ops', "must be a user ID or a username: letters, digits, '_', '-' and '.', not starting with '-'"),
  count('-1'),
  count('2.5'),
  ciSetting('build_timeout', '599', '600 to 2629745', true),
  ciSetting('build_timeout', '2629746', '600 to 2629745', true),
  ciSetting('ci_default_git_depth', '1001', '0 to 1000', false),
  pushRuleRegex('^(main|release', 'it does not compile: unterminated group'),
  pushRuleRegex('(?<=feature/)x', "look-behind (?<= is not supported by RE2, the service's regular expression engine"),
  expiry('2099-13-40', 'must be a real calendar date as YYYY-MM-DD'),
  expiry('2099-02-30', 'must be a real calendar date as YYYY-MM-DD'),
  expiry('31/12/2099', 'must be a date as YYYY-MM-DD'),
  scheduleRef('release..next', 'must not contain two dots in a row (..)'),
  scheduleRef('feature/', 'must not start or end with a slash (/)'),
  scheduleRef('main.lock', 'must not have a part that starts with a dot (.) or ends in .lock'),
  protectedRefName('branch', '  '),
  protectedRefName('tag', ' '),
  mirrorUrl('ftp://example.com/acme/storefront.git'),
  // A port TCP has not reaches nothing: GitLab saves the URL (it checks no port), every request fails.
  mirrorUrl('https://example.com:0/acme/storefront.git', PORT),
  integrationUrl('ftp://acme.atlassian.net'),
  integrationUrl('https://acme.atlassian.net:0', PORT),
  integrationUrl('https://acme.atlassian.net:65536', PORT),
  webhookUrl('hooks.slack.com/services/T000/B000/key'),
  webhookUrl('https://hooks.slack.com:0/services/T000/B000/key', PORT),
  hookUrl('ftp://example.com/h'),
  hookUrl('https://example.com:70000/h', PORT),
  badgeLink('ci.example.com/pipelines'),
  badgeLink('ftp://ci.example.com/%{project_path}', 'must start with http:// or https://'),
  deployKey('ssh-ed25519 AAAA ci@example'),
  deployKeyTitle(LONG, 'must be at most 255 characters'),
];

describe('one rule per parameter: every entry point refuses a bad value the same way', () => {
  it.each(BAD.map((bad) => [bad.says, bad] as const))('%s', async (_says, bad) => {
    const { collab, file, sandbox, dir } = await world();
    const seen: string[] = [];
    for (const entry of bad.entries) {
      sandbox.resetStats();
      const argv = entry.argv ?? ['plan', '-f', file(entry.yaml as string)];
      const run = await collab(argv, entry.input === undefined ? {} : { input: entry.input });
      const line = run.stderr.split('\n').find((l) => l.includes(bad.says)) ?? run.stderr;
      seen.push(`${run.exitCode} ${sandbox.requestLog.length} ${line.replace(`${dir}/`, '')}`);
    }
    // A flag's message starts with the flag, a file's with where in it; the words are the rule's.
    expect(seen).toEqual(
      bad.entries.map((entry) => {
        const where = entry.at ?? (entry.argv && flagOf(entry.argv, bad.value));
        return `2 0 ${entry.yaml ? '' : 'error: '}${where}: ${bad.says}`;
      }),
    );
  });
});

/** Where a command line gave the value: the flag (`--color`), or the argument (`<name>`, `<key>`), or standard input. */
function flagOf(argv: readonly string[], value: string): string {
  for (const [i, word] of argv.entries()) {
    if (word.startsWith('--') && word.endsWith(`=${value}`)) return word.slice(0, word.indexOf('='));
    if (argv[i + 1] === value && word.startsWith('--')) return word;
  }
  return argv.includes(value) ? (argv[0] === 'labels' ? '<name>' : '<key>') : 'the value';
}

describe('the sandbox holds the same rules, answering in the model’s words', () => {
  it.each([
    ['/labels', { name: 'needs,triage', color: 'red' }, { title: ['is invalid'] }],
    ['/labels', { name: LONG, color: 'red' }, { title: ['is too long (maximum is 255 characters)'] }],
    ['/labels', { name: 'triage', color: 'blurple' }, { color: ['must be a valid color code'] }],
    ['/variables', { key: 'bad-key', value: 'x' }, { key: ["can contain only letters, digits and '_'."] }],
    ['/variables', { key: 'TOKEN', value: 'short', masked: true }, { value: ['is invalid'] }],
    ['/variables', { key: 'TOKEN', value: 'has a space', masked: true }, { value: ['is invalid'] }],
    [
      '/pipeline_schedules',
      { description: 'nightly', ref: 'main', cron: '0 25 * * *' },
      { cron: ['syntax is invalid'] },
    ],
    [
      '/pipeline_schedules',
      { description: 'nightly', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Mars/Olympus' },
      { cron_timezone: ['syntax is invalid'] },
    ],
    [
      '/remote_mirrors',
      { url: 'ftp://example.com/acme/storefront.git' },
      { url: ['is blocked: Only allowed schemes are ssh, git, http, https'] },
    ],
    [
      '/integrations/jira',
      { url: 'ftp://acme.atlassian.net', password: 'x' },
      // Integrations::UpdateService's words: the errors inspected into a string (src/sandbox/routes/integrations.ts).
      'Failed to update integration. {:url=>["is blocked: Only allowed schemes are http, https"]}',
    ],
    [
      '/badges',
      { link_url: 'ftp://ci.example.com/%{project_path}', image_url: 'ci.example.com/b.svg' },
      { link_url: ['is blocked: Only allowed schemes are http, https'], image_url: ['must be a valid URL'] },
    ],
    [
      '/deploy_keys',
      { title: 'ci', key: 'ssh-ed25519 AAAA ci@example' },
      { key: ['is invalid'], fingerprint_sha256: ['cannot be generated'] },
    ],
    ['/deploy_keys', { title: LONG, key: KEY_LINE }, { title: ['is too long (maximum is 255 characters)'] }],
  ])('%s %j answers 400 %j', async (path, body, message) => {
    const { call } = await world();
    const method = path.startsWith('/integrations/') ? 'PUT' : 'POST';
    const answer = await call(method, `/projects/${encodeURIComponent(P)}${path}`, { json: body });
    expect([answer.status, answer.body]).toEqual([400, { message }]);
  });
});

describe('the sandbox saves a URL whose port TCP has not, as GitLab does', () => {
  it.each([
    ['PUT', '/integrations/jira', { url: 'https://acme.atlassian.net:0', password: 'x' }],
    ['POST', '/hooks', { url: 'https://example.com:70000/h' }],
    ['POST', '/remote_mirrors', { url: 'https://example.com:0/acme/storefront.git' }],
  ])('%s %s %j answers 2xx', async (method, path, body) => {
    const { call } = await world();
    const answer = await call(method, `/projects/${encodeURIComponent(P)}${path}`, { json: body });
    expect(answer.status).toBeLessThan(300);
  });
});

describe('an environment scope with a space is one GitLab takes (environment_scope_regex has the space)', () => {
  it('variables create --environment-scope "review apps" creates the variable', async () => {
    const { collab } = await world();
    const argv = [
      'variables',
      'create',
      'APP_ENV',
      '--project',
      P,
      '--value',
      'x',
      '--environment-scope',
      'review apps',
    ];
    const run = await collab(argv);
    expect([run.exitCode, run.stderr]).toEqual([0, `created variable APP_ENV (scope review apps) on project ${P}\n`]);
  });

  it('plan with environment_scope "review apps/*" in collab.yaml plans the variable (exit 8)', async () => {
    const { collab, file } = await world();
    const yaml = onProject(variable('REVIEW_ENV', '        environment_scope: review apps/*\n'));
    const run = await collab(['plan', '-f', file(yaml)]);
    expect([run.exitCode, run.stderr.split(';')[0]]).toEqual([8, '1 change on 1 target (1 to add)']);
  });
});

describe('a protected branch name is any text GitLab matches as a pattern (ProtectedRef checks only presence)', () => {
  it.each(['a..b', 'hotfix/*'])('protected-branches create %s protects it', async (name) => {
    const { collab } = await world();
    const run = await collab(['protected-branches', 'create', name, '--project', P]);
    expect([run.exitCode, run.stderr]).toEqual([0, `protected branch ${name} of project ${P}\n`]);
  });

  it.each([
    ['/protected_branches', { name: '  ' }],
    ['/protected_tags', { name: ' ' }],
  ])('the sandbox answers POST %s %j 422 as the model does', async (path, body) => {
    const { call } = await world();
    const answer = await call('POST', `/projects/${encodeURIComponent(P)}${path}`, { json: body });
    expect([answer.status, answer.body]).toEqual([422, { message: ["Name can't be blank"] }]);
  });
});

describe('the sandbox holds a CI setting to its model’s range', () => {
  it.each([
    [{ build_timeout: 599 }, { build_timeout: ['needs to be between 10 minutes and 1 month'] }],
    [{ build_timeout: 2629746 }, { build_timeout: ['needs to be between 10 minutes and 1 month'] }],
    [{ ci_default_git_depth: 1001 }, { ci_default_git_depth: ['is invalid'] }],
  ])('PUT %j answers 400 %j', async (body, message) => {
    const { call } = await world();
    const answer = await call('PUT', `/projects/${encodeURIComponent(P)}`, { json: body });
    expect([answer.status, answer.body]).toEqual([400, { message }]);
  });
});

describe('a job token allowlist entry is read by the parser of its flag', () => {
  it('refuses acme//web in collab.yaml before any request, as --target-project does', async () => {
    const { collab, file, sandbox } = await world();
    const seen: string[] = [];
    for (const argv of [
      ['job-token-scope', 'add', '--project', P, '--target-project', 'acme//web'],
      ['plan', '-f', file(onProject('    job_token_scope:\n      projects:\n        - path: acme//web\n'))],
    ]) {
      sandbox.resetStats();
      const run = await collab(argv);
      const line = run.stderr.split('\n').find((l) => l.includes('acme//web')) ?? run.stderr;
      seen.push(`${run.exitCode} ${sandbox.requestLog.length} ${line.replace(/^.*?(invalid value)/, '$1')}`);
    }
    expect(seen).toEqual([
      '2 0 invalid value "acme//web" for --target-project: expected a project ID or full path such as grp/sub/app',
      '2 0 invalid value "acme//web" for path: expected a project ID or full path such as grp/sub/app',
    ]);
  });
});
