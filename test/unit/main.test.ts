import { afterEach, describe, expect, it } from 'vitest';
import { GLOBAL_OPTIONS, longFlag, shortFlag, takesValue } from '../../src/commands/common-options.js';
import { EXIT_CODES } from '../../src/errors.js';
import { displayWidth } from '../../src/output/text-width.js';
import { runMain, tempConfigDir } from '../helpers/cli.js';

/** main() is one run given everything from outside (environment, streams, signal): it returns the exit code. */
describe('main', () => {
  const NO_SERVICE = { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'x' };

  it('wraps error: and hint: lines at a 40-column terminal between words, later lines indented by two', async () => {
    const tty = { env: { COLLAB_FORCE_TTY: '40' } };
    const ours = await runMain(['projects', 'list', '-o', 'markdown'], NO_SERVICE, tty);
    expect(ours.exitCode).toBe(2);
    expect(ours.stderr).toBe(
      'error: -o markdown is a document of a\n  plan: list does not write one\nhint: use -o table, json, ndjson or csv\n',
    );
    const commanders = await runMain(['projects', 'lst'], NO_SERVICE, tty);
    expect(commanders.exitCode).toBe(2);
    expect(commanders.stderr).toBe(
      "error: unknown command 'lst'\nhint: did you mean list? Or see\n  `collab projects --help`\n",
    );
  });

  it('names a command once in a suggestion, not again by its alias (list, not list and ls)', async () => {
    const result = await runMain(['notes', 'lis'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe("error: unknown command 'lis'\nhint: did you mean list? Or see `collab notes --help`\n");
  });

  it('offers the verb of the same meaning the noun has: projects remove is delete, not restore', async () => {
    const remove = await runMain(['projects', 'remove', 'acme/app'], NO_SERVICE);
    expect(remove.exitCode).toBe(EXIT_CODES.usage);
    expect(remove.stderr).toBe(
      "error: unknown command 'remove'\nhint: did you mean delete? Or see `collab projects --help`\n",
    );
    const add = await runMain(['hooks', 'add', '--project', 'acme/app'], NO_SERVICE);
    expect(add.stderr).toBe("error: unknown command 'add'\nhint: did you mean create? Or see `collab hooks --help`\n");
    const del = await runMain(['projects', 'members', 'delete', 'acme/app'], NO_SERVICE);
    expect(del.stderr).toBe(
      "error: unknown command 'delete'\nhint: did you mean remove? Or see `collab projects members --help`\n",
    );
  });

  it("refuses a parameter's choice in collab's words, as every other bad value, not commander's", async () => {
    const result = await runMain(['projects', 'list', '--visibility', 'secret'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      'error: invalid value "secret" for --visibility: expected one of private, internal, public\n' +
        'hint: see `collab projects list --help`\n',
    );
  });

  it('names the option for a project given as an argument to a verb that takes it as --project', async () => {
    const result = await runMain(['labels', 'list', 'acme/web/storefront'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      'error: collab labels list takes the project or group as --project or --group, not as an argument\n' +
        'hint: run `collab labels list --project acme/web/storefront` (--group for a group)\n',
    );
  });

  it("keeps the verb's own arguments in the command it offers when the project came among them", async () => {
    // protected-branches requires --project: commander reports the missing option, not the extra argument.
    const result = await runMain(['protected-branches', 'view', 'main', 'acme/web/storefront'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      'error: collab protected-branches view takes the project as --project, not as an argument\n' +
        'hint: run `collab protected-branches view main --project acme/web/storefront`\n',
    );
  });

  it("keeps commander's message for an extra argument when --project was given", async () => {
    const result = await runMain(['labels', 'list', 'extra', '--project', 'acme/web/storefront'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: too many arguments for 'list'. Expected 0 arguments but got 1.\nhint: see `collab labels list --help`\n",
    );
  });

  it("names a noun's verbs for a verb no near name matches", async () => {
    const result = await runMain(['protected-environments', 'protect', 'production'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: unknown command 'protect'\n" +
        'hint: collab protected-environments takes list, view, create, update or delete (see `collab protected-environments --help`)\n',
    );
  });

  it('offers the flags of the first word of an unknown flag no near name matches', async () => {
    const result = await runMain(
      ['protected-environments', 'create', 'production', '--project', '1', '--deploy-access', 'maintainer'],
      NO_SERVICE,
    );
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: unknown option '--deploy-access'\n" +
        'hint: did you mean --deploy-role, --deploy-user or --deploy-group? Or see `collab protected-environments create --help`\n',
    );
  });

  it('offers the flag itself beside its longer kin', async () => {
    const result = await runMain(['variables', 'create', 'KEY', '--project', '1', '--masked-value', 'x'], NO_SERVICE);
    expect(result.stderr.split('\n')[1]).toBe(
      'hint: did you mean --masked or --masked-and-hidden? Or see `collab variables create --help`',
    );
  });

  it('offers the flags an unknown one-word flag begins', async () => {
    const result = await runMain(['job-token-scope', 'add', '--project', '1', '--target', '2'], NO_SERVICE);
    expect(result.stderr.split('\n')[1]).toBe(
      'hint: did you mean --target-project or --target-group? Or see `collab job-token-scope add --help`',
    );
  });

  it("names the global --host for glab's --hostname, on any command", async () => {
    const result = await runMain(['auth', 'login', '--hostname', 'gitlab.example.com'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: unknown option '--hostname'\nhint: did you mean --host? Or see `collab auth login --help`\n",
    );
  });

  it.each(['--token-stdin', '--stdin'])("names --with-token for glab's or docker's %s on auth login", async (flag) => {
    const result = await runMain(['auth', 'login', '--host', 'https://gitlab.example.com', flag], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      `error: unknown option '${flag}'\nhint: did you mean --with-token? Or see \`collab auth login --help\`\n`,
    );
  });

  it.each([
    ['--private', '--visibility private'],
    ['--public', '--visibility public'],
    ['--readme', '--initialize-with-readme'],
    ['--tag', '--topics'],
    ['--group', '--namespace'],
  ])("names our flag for glab repo create's %s on projects create", async (flag, ours) => {
    const result = await runMain(['projects', 'create', '--name', 'web', flag], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      `error: unknown option '${flag}'\nhint: did you mean ${ours}? Or see \`collab projects create --help\`\n`,
    );
  });

  it('offers no family for an unknown --no- flag', async () => {
    const result = await runMain(['variables', 'create', 'KEY', '--project', '1', '--no-such-thing'], NO_SERVICE);
    expect(result.stderr).toBe("error: unknown option '--no-such-thing'\nhint: see `collab variables create --help`\n");
  });

  it('says what a required option not given is, as its help does', async () => {
    const result = await runMain(
      ['share', 'add', '--project', 'acme/web/storefront', '--group', 'globex', '--access', 'developer'],
      NO_SERVICE,
    );
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: required option '--group-id <group>' not specified\n" +
        'hint: --group-id <group>: the group to share with (ID or full path) (also --with); see `collab share add --help`\n',
    );
  });

  // glab's `repo members add` takes the member as an argument; collab takes it as --user.
  it("names the option an argument beyond the verb's was likely meant for, when that option is missing", async () => {
    const result = await runMain(
      ['projects', 'members', 'add', 'acme/web/storefront', 'alice', '--role', 'dev'],
      NO_SERVICE,
    );
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: required option '--user <user>' not specified\n" +
        'hint: give alice as `--user alice`; --user <user>: a username or user ID (repeat for several); see `collab projects members add --help`\n',
    );
  });

  it.each([
    [['export', '--project', 'acme/web/storefront'], 'collab export', 'project', 'acme/web/storefront'],
    [['groups', 'view', '--group=acme'], 'collab groups view', 'group', 'acme'],
  ])(
    '%j: a project or group given as an option where the verb takes it as an argument',
    async (args, path, kind, value) => {
      const result = await runMain(args, NO_SERVICE);
      expect(result.exitCode).toBe(EXIT_CODES.usage);
      expect(result.stderr.split('\n')[1]).toBe(
        `hint: ${path} takes the ${kind} as an argument: \`${path} ${value}\`; see \`${path} --help\``,
      );
    },
  );

  it('offers the commands below the nouns for a top-level word that names them', async () => {
    const result = await runMain(['members', 'list', 'acme'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: unknown command 'members'\nhint: did you mean `collab projects members` or `collab groups members`?\n",
    );
  });

  it('points a verb that is a noun of its own to that noun, with the project given', async () => {
    const result = await runMain(['projects', 'variables', 'acme/web/storefront'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: unknown command 'variables'\nhint: did you mean `collab variables list --project acme/web/storefront`?\n",
    );
  });

  it('points a verb that is a noun of its own to that noun, with a placeholder for the group', async () => {
    const result = await runMain(['groups', 'labels'], NO_SERVICE);
    expect(result.stderr).toBe(
      "error: unknown command 'labels'\nhint: did you mean `collab labels list --group <group>`?\n",
    );
  });

  it('points a path where a verb belongs to the list that takes it', async () => {
    const result = await runMain(['groups', 'members', 'acme/web'], NO_SERVICE);
    expect(result.exitCode).toBe(EXIT_CODES.usage);
    expect(result.stderr).toBe(
      "error: unknown command 'acme/web'\nhint: did you mean `collab groups members list acme/web`?\n",
    );
  });

  it('points an ID where a verb belongs to the view that takes it', async () => {
    const result = await runMain(['projects', '12'], NO_SERVICE);
    expect(result.stderr).toBe("error: unknown command '12'\nhint: did you mean `collab projects view 12`?\n");
  });

  it('lists the verbs for a word where a verb belongs that is neither a path nor a noun', async () => {
    const result = await runMain(['groups', 'members', 'invite'], NO_SERVICE);
    expect(result.stderr).toBe(
      "error: unknown command 'invite'\nhint: collab groups members takes list, add, update or remove (see `collab groups members --help`)\n",
    );
  });

  it('offers no command for a path under a noun whose views take no path', async () => {
    const result = await runMain(['variables', 'acme/x'], NO_SERVICE);
    expect(result.stderr).toMatch(/^error: unknown command 'acme\/x'\nhint: collab variables takes list, /);
  });

  it('measures a wrapped error line in display cells: wide characters take two', async () => {
    const wide = '日本語'.repeat(4);
    const result = await runMain(['projects', 'list', '--limit', wide], NO_SERVICE, {
      env: { COLLAB_FORCE_TTY: '40' },
    });
    expect(result.exitCode).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.map((line) => displayWidth(line) <= 40)).toEqual(lines.map(() => true));
    expect(lines[0]).toBe('error: invalid value');
    expect(lines[1]).toBe(`  "${wide}" for`);
  });

  it('leaves error: and hint: lines whole in a pipe', async () => {
    const piped = await runMain(['projects', 'list', '-o', 'markdown'], NO_SERVICE);
    expect(piped.stderr).toBe(
      'error: -o markdown is a document of a plan: list does not write one\nhint: use -o table, json, ndjson or csv\n',
    );
  });

  it('lists every exit code of EXIT_CODES in the help, once', async () => {
    const help = await runMain(['--help'], {});
    expect(help.exitCode).toBe(0);
    const listed = /\nExit codes: ([\s\S]*?)\.\n/.exec(help.stdout)?.[1] ?? '';
    const codes = [...listed.matchAll(/(?:^|, |\n)(\d+) /g)].map((match) => Number(match[1]));
    expect(codes).toEqual([0, ...new Set(Object.values(EXIT_CODES))].sort((a, b) => a - b));
    expect(listed).toContain('2 usage');
    expect(listed).toContain('130 interrupted');
  });

  const valued = GLOBAL_OPTIONS.filter(takesValue);
  const values: Record<string, string> = { '--host': 'http://127.0.0.1:9', '--output': 'json', '--fields': 'id' };
  it.each(
    valued.flatMap((option) =>
      [longFlag(option), shortFlag(option)]
        .filter((flag): flag is string => flag !== undefined)
        .map((flag) => [flag, values[longFlag(option)] ?? 'x']),
    ),
  )('finds the command after the global option %s and its value', async (flag, value) => {
    // The noun is found past the option's value, so the verb is built with its own flags.
    const result = await runMain([flag, value, 'projects', 'list', '--limit', 'none'], {});
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: invalid value "none" for --limit: expected a whole number from 1',
    );
  });

  describe('reads the environment it is given, not the process', () => {
    const saved = process.env.COLLAB_TOKEN;
    afterEach(() => {
      if (saved === undefined) delete process.env.COLLAB_TOKEN;
      else process.env.COLLAB_TOKEN = saved;
    });

    it('has no token when its environment has none', async () => {
      process.env.COLLAB_TOKEN = 'glpat-of-the-test-process';
      const dir = tempConfigDir();
      const result = await runMain(['api', 'user'], { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_CONFIG_DIR: dir });
      expect(result.exitCode).toBe(3);
      expect(result.stderr).toBe(
        'error: no token for http://127.0.0.1:9\nhint: run `collab auth login --host http://127.0.0.1:9`, or set COLLAB_TOKEN\n',
      );
    });
  });

  it('ends a run whose signal is aborted as Ctrl-C does, and returns instead of exiting', async () => {
    const dir = tempConfigDir();
    const result = await runMain(
      ['api', 'user'],
      { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'glpat-x', COLLAB_CONFIG_DIR: dir },
      { timeout: 0 },
    );
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toBe('error: interrupted\n');
    // The process is still here, and the next run starts afresh.
    const next = await runMain(['projects', 'list', '--limit', '0'], {});
    expect(next.exitCode).toBe(2);
    expect(next.stderr).not.toContain('interrupted');
  });
});
