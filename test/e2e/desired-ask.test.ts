import { describe, expect, it } from 'vitest';
import { useDesiredWorlds } from '../helpers/desired.js';

/** collab apply shows, then asks (terraform's way): the plan and a question on a terminal, --yes elsewhere; results name what changed. */
const world = useDesiredWorlds();

const POLICY = `version: 1
projects:
  acme/web/storefront:
    settings:
      merge_method: ff
    hooks:
      - url: https://hooks.example.com/deploy
        token: \${env:DEPLOY_TOKEN}
`;
const env = { DEPLOY_TOKEN: 'deploy-secret-42' };
/** `${env:DEPLOY_TOKEN}`, as the file and the plan write it. */
const TEMPLATE = '$' + '{env:DEPLOY_TOKEN}';

describe('collab apply: shows, then asks', () => {
  it('on a terminal prints the plan and asks for yes (or the number of changes); another answer sends nothing', async () => {
    const { collab, file, writes, served } = await world();
    const path = file(POLICY);
    const declined = await collab(['apply', '-f', path], { env, tty: true, stdinTTY: true, input: 'no\n' });
    expect(declined.exitCode).toBe(2);
    expect(declined.stderr).toContain(
      `~ project acme/web/storefront\n    ~ merge_method: merge -> ff\n    + hook https://hooks.example.com/deploy {"token":"${TEMPLATE}"}\n`,
    );
    expect(declined.stderr).toContain('2 changes on 1 target (1 to add, 1 to change)');
    expect(declined.stderr).toContain('Type yes (or 2) to apply 2 changes to acme/web/storefront:');
    expect(declined.stderr).toContain('error: confirmation did not match yes or 2; nothing was done\n');
    expect(declined.stderr).not.toContain('standard input carries the targets');
    expect(writes()).toEqual([]);

    const byCount = await collab(['apply', '-f', path], { env, tty: true, stdinTTY: true, input: '2\n' });
    expect(byCount.exitCode).toBe(0);
    expect(byCount.stdout).toContain('merge_method: merge -> ff; + hook https://hooks.example.com/deploy');
    expect(byCount.stdout + byCount.stderr).not.toContain('deploy-secret-42');
    expect((await served.project('acme/web/storefront')).merge_method).toBe('ff');
  });

  it('the plan before the question is drawn as collab plan draws it: coloured, a long change wrapped to the terminal', async () => {
    const { collab, file, writes } = await world();
    const long = 'a description far longer than the sixty columns of this terminal, which it cannot show whole';
    const path = file(
      `version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      description: ${long}\n      merge_method: ff\n`,
    );
    const declined = await collab(['apply', '-f', path], {
      tty: true,
      stdinTTY: true,
      input: 'no\n',
      env: { COLLAB_FORCE_TTY: '60', NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(declined.exitCode).toBe(2);
    const lines = declined.stderr.split('\n');
    const yellow = (text: string) => `\x1b[33m${text}\x1b[39m`;
    expect(lines[0]).toBe(`${yellow('~')} \x1b[1mproject acme/web/storefront\x1b[22m`);
    const at = lines.findIndex((line) => line.includes('description:'));
    expect(lines[at]?.startsWith(`    ${yellow('~')} description: `)).toBe(true);
    // The new value whole, its later lines under the change's text, none wider than the terminal.
    const change = lines.slice(at, at + 3).map((line) => line.replace(/\x1b\[\d+m/g, ''));
    expect(
      change.slice(1).every((line) => line.startsWith('      ')),
      change.join('\n'),
    ).toBe(true);
    expect(change.map((line) => line.trim()).join(' ')).toContain(`-> ${long}`);
    expect(change.every((line) => line.length <= 60)).toBe(true);
    expect(lines).toContain(`    ${yellow('~')} merge_method: merge -> ff`);
    expect(writes()).toEqual([]);
    // The plan itself (-o json) keeps the whole value.
    const plan = await collab(['plan', '-f', path, '-o', 'json']);
    expect(plan.stdout).toContain(long);
  });

  it('a question longer than the terminal wraps at its width, between words', async () => {
    const { collab, file, writes } = await world();
    const path = file(
      'version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n  acme/platform/api:\n    settings:\n      merge_method: ff\n',
    );
    const declined = await collab(['apply', '-f', path], {
      tty: true,
      stdinTTY: true,
      input: 'no\n',
      env: { COLLAB_FORCE_TTY: '60' },
    });
    expect(declined.exitCode).toBe(2);
    // What inquirer drew, less its cursor movements and colours.
    const drawn = declined.stderr.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split('\n');
    const at = drawn.findIndex((line) => line.includes('Type yes'));
    expect(drawn[at]).toBe('! Type yes (or 2) to apply 2 changes to 2 targets');
    // Redrawn as the answer is typed: the next line goes on with the question's first line again.
    expect(drawn[at + 1]?.startsWith('(acme/platform/api, acme/web/storefront):')).toBe(true);
    expect(writes()).toEqual([]);
  });

  it('"yes" answers too; without a terminal it needs --yes and sends nothing', async () => {
    const { collab, file, writes, served } = await world();
    const path = file('version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n');
    const refused = await collab(['apply', '-f', path]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      `error: apply 1 change to acme/web/storefront needs confirmation, and standard input is not a terminal; nothing was sent\nhint: pass --yes, or review a saved plan and apply it: \`collab plan -f ${path} --out plan.json\`, then \`collab apply -f plan.json\`\n`,
    );
    expect(writes()).toEqual([]);
    const yes = await collab(['apply', '-f', path], { tty: true, stdinTTY: true, input: 'yes\n' });
    expect(yes.exitCode).toBe(0);
    expect((await served.project('acme/web/storefront')).merge_method).toBe('ff');
  });

  it('at a terminal in a CI job, the refusal says CI is set, not that there is no terminal', async () => {
    const { collab, file, writes } = await world();
    const path = file('version: 1\nprojects:\n  acme/web/storefront:\n    settings:\n      merge_method: ff\n');
    const refused = await collab(['apply', '-f', path], { tty: true, stdinTTY: true, env: { CI: 'true' } });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      'error: apply 1 change to acme/web/storefront needs confirmation, and this is a CI job (CI is set); nothing was sent',
    );
    expect(writes()).toEqual([]);
  });

  it('-o json and ndjson: each result carries a changes array {section, key, from, to, action}', async () => {
    const { collab, file } = await world();
    const path = file(POLICY);
    const applied = await collab(['apply', '-f', path, '--yes', '-o', 'ndjson'], { env });
    expect(applied.exitCode).toBe(0);
    expect(applied.lines()).toEqual([
      {
        target: 'acme/web/storefront',
        status: 'ok',
        error: null,
        response: {
          kind: 'project',
          changes: [
            { section: 'settings', key: 'merge_method', from: 'merge', to: 'ff', action: 'update' },
            {
              section: 'hooks',
              key: 'https://hooks.example.com/deploy',
              from: null,
              to: { url: 'https://hooks.example.com/deploy', token: TEMPLATE },
              action: 'create',
            },
          ],
        },
      },
    ]);
  });
});
