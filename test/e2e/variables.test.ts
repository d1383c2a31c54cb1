import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, useSandbox } from '../helpers/cli.js';

/** collab variables against the sandbox: project and group variables, values kept off the command line when masked. */
describe('collab variables', () => {
  const { collab, sandbox, getJson, call } = useSandbox({ seed: 12 });
  const project = 'acme/web/storefront';
  const variablesOf = (kind: 'project' | 'group', ref: string): Promise<Array<Record<string, unknown>>> =>
    getJson(`/${kind}s/${encodeURIComponent(ref)}/variables`);
  const one = async (key: string, scope = '*') =>
    (await variablesOf('project', project)).find((v) => v.key === key && v.environment_scope === scope);

  it('lists with masked values as [masked]; -o json carries what the service sent', async () => {
    const table = await collab(['variables', 'list', '--project', project], { tty: true });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/STRIPE_API_KEY.*\[masked\]/);
    expect(table.stdout).not.toContain('sk_test_');
    const piped = await collab(['variables', 'view', 'STRIPE_API_KEY', '--project', project]);
    expect(piped.stdout).toMatch(/^Value\t\[masked\]$/m);
    const json = await collab(['variables', 'list', '--project', project, '--json']);
    expect(json.json()).toEqual(await variablesOf('project', project));
    expect(json.stdout).toContain('sk_test_4eC39HqLyjWDarjtT1zdp7dc');
  });

  const plainOnStaging = () =>
    call('POST', `/projects/${encodeURIComponent(project)}/variables`, {
      json: { key: 'PLAIN', value: 'hello', environment_scope: 'staging' },
    });

  it('create --value makes an unmasked variable in the scope given', async () => {
    const created = await collab([
      'variables',
      'create',
      'PLAIN',
      '--project',
      project,
      '--value',
      'hello',
      '--scope',
      'staging',
    ]);
    expect(created.exitCode).toBe(0);
    expect(await one('PLAIN', 'staging')).toMatchObject({ value: 'hello', masked: false });
  });

  it('create --value-file reads the value from the file, without its trailing newline', async () => {
    const file = join(tempConfigDir(), 'value.txt');
    writeFileSync(file, 'from-a-file-123\n');
    const args = [
      'variables',
      'create',
      'FROM_FILE',
      '--project',
      project,
      '--value-file',
      file,
      '--masked',
      '--protected',
    ];
    expect((await collab(args)).exitCode).toBe(0);
    expect(await one('FROM_FILE')).toMatchObject({ value: 'from-a-file-123', masked: true, protected: true });
  });

  it('set creates the variable from standard input when none has the key', async () => {
    const piped = await collab(['variables', 'set', 'FROM_STDIN', '--project', project, '--masked'], {
      input: 'piped-secret-1\n',
    });
    expect(piped).toMatchObject({
      exitCode: 0,
      stderr: 'created variable FROM_STDIN on project acme/web/storefront\n',
    });
    expect(await one('FROM_STDIN')).toMatchObject({ value: 'piped-secret-1', masked: true });
  });

  it('set updates the variable that has the key, and prints no value', async () => {
    await collab(['variables', 'set', 'FROM_STDIN', '--project', project, '--masked'], { input: 'piped-secret-1\n' });
    const again = await collab(
      ['variables', 'set', 'FROM_STDIN', '--project', project, '--masked', '--description', 'rotated'],
      { input: 'piped-secret-2' },
    );
    expect(again.stderr).toBe('updated variable FROM_STDIN on project acme/web/storefront\n');
    expect(again.stdout).not.toContain('piped-secret');
    expect(await one('FROM_STDIN')).toMatchObject({ value: 'piped-secret-2', description: 'rotated' });
  });

  it('view --scope shows the variable of that environment', async () => {
    const viewed = await collab([
      'variables',
      'view',
      'APP_ENV',
      '--project',
      project,
      '--scope',
      'production',
      '--json',
    ]);
    expect(viewed.json()).toMatchObject({ value: 'production', environment_scope: 'production' });
  });

  it('delete without --yes is a usage error that names --yes, and deletes nothing', async () => {
    await plainOnStaging();
    const refused = await collab(['variables', 'delete', 'PLAIN', '--project', project, '--scope', 'staging']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes/);
    expect(await one('PLAIN', 'staging')).toMatchObject({ value: 'hello' });
  });

  it('delete --yes removes the variable of that scope', async () => {
    await plainOnStaging();
    const args = ['variables', 'delete', 'PLAIN', '--project', project, '--scope', 'staging', '--yes'];
    expect((await collab(args)).exitCode).toBe(0);
    expect(await one('PLAIN', 'staging')).toBeUndefined();
  });

  it('a masked value on the command line: exit 2 before anything is sent', async () => {
    for (const args of [
      ['create', 'K', '--masked'],
      ['set', 'K', '--masked'],
      ['update', 'APP_ENV', '--masked'],
      ['create', 'K', '--hidden'],
    ]) {
      sandbox.resetStats();
      const result = await collab(['variables', ...args, '--project', project, '--value', 'secret-on-argv-1']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/^error: --value is refused for a masked value/);
      expect(result.stderr).not.toContain('secret-on-argv-1');
      expect(sandbox.requestLog).toEqual([]);
    }
  });

  const hide = async () => {
    const made = [
      await call('POST', `/projects/${encodeURIComponent(project)}/variables`, {
        json: { key: 'HIDDEN_KEY', value: 'hidden-value-123', masked_and_hidden: true },
      }),
      await call('POST', '/groups/acme/variables', {
        json: { key: 'GROUP_MASKED', value: 'group-value-123', masked: true },
      }),
      await call('POST', '/groups/acme/variables', {
        json: { key: 'GROUP_HIDDEN', value: 'group-value-456', masked_and_hidden: true },
      }),
    ];
    expect(made.map((response) => response.status)).toEqual([201, 201, 201]);
  };

  it('update sends only the flags given: the PUT carries protected and no value, and the value stays', async () => {
    sandbox.resetStats();
    const args = ['variables', 'update', 'APP_ENV', '--project', project, '--scope', 'production', '--protected'];
    expect((await collab(args)).exitCode).toBe(0);
    const put = sandbox.requestLog.filter((request) => request.method === 'PUT');
    expect(put.map((request) => [request.status, request.bodyKeys])).toEqual([[200, ['protected']]]);
    expect(await one('APP_ENV', 'production')).toMatchObject({ value: 'production', protected: true });
  });

  it('update of a masked variable without a value never sends the secret back: the PUT has description only', async () => {
    sandbox.resetStats();
    const args = ['variables', 'update', 'STRIPE_API_KEY', '--project', project, '--description', 'Stripe test key'];
    const result = await collab(args);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toContain('sk_test_');
    const put = sandbox.requestLog.filter((request) => request.method === 'PUT');
    expect(put.map((request) => request.bodyKeys)).toEqual([['description']]);
    expect(await one('STRIPE_API_KEY')).toMatchObject({
      value: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
      description: 'Stripe test key',
    });
  });

  it('update of a hidden variable changes its description without its value, which stays', async () => {
    await hide();
    sandbox.resetStats();
    const result = await collab(['variables', 'update', 'HIDDEN_KEY', '--project', project, '--description', 'kept']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('updated variable HIDDEN_KEY on project acme/web/storefront\n');
    const put = sandbox.requestLog.filter((request) => request.method === 'PUT');
    expect(put.map((request) => request.bodyKeys)).toEqual([['description']]);
    expect(sandbox.store.variables.find((v) => v.key === 'HIDDEN_KEY')).toMatchObject({
      value: 'hidden-value-123',
      description: 'kept',
    });
  });

  it('update --no-masked of a hidden variable: exit 2 after one read, nothing written', async () => {
    await hide();
    sandbox.resetStats();
    const result = await collab(['variables', 'update', 'HIDDEN_KEY', '--project', project, '--no-masked']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'error: HIDDEN_KEY is hidden: a hidden variable stays masked\nhint: delete it and create it again, unmasked, to show its value\n',
    );
    expect(sandbox.requestLog.map((request) => `${request.method} ${request.status}`)).toEqual(['GET 200']);
  });

  it.each<[string, string[], string]>([
    ['update of a masked one', ['update', 'STRIPE_API_KEY', '--project', project], 'STRIPE_API_KEY, which is masked'],
    ['set of a masked one', ['set', 'STRIPE_API_KEY', '--project', project], 'STRIPE_API_KEY, which is masked'],
    [
      'update --dry-run of a masked one',
      ['update', 'STRIPE_API_KEY', '--project', project, '--dry-run'],
      'STRIPE_API_KEY, which is masked',
    ],
    [
      'update of a hidden one',
      ['update', 'HIDDEN_KEY', '--project', project, '--description', 'x'],
      'HIDDEN_KEY, which is hidden',
    ],
    ['update of a masked group one', ['update', 'GROUP_MASKED', '--group', 'acme'], 'GROUP_MASKED, which is masked'],
    [
      'set --dry-run of a hidden group one',
      ['set', 'GROUP_HIDDEN', '--group', 'acme', '--dry-run'],
      'GROUP_HIDDEN, which is hidden',
    ],
  ])('--value refused for %s: exit 2 after one read, nothing written', async (_case, args, what) => {
    await hide();
    sandbox.resetStats();
    const result = await collab(['variables', ...args, '--value', 'secret-on-argv-2']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: --value is refused for ${what}: the command line ends up in shell history and process lists\nhint: use --value-file <path>, or pipe the value into standard input (--value-file -)\n`,
    );
    expect(sandbox.requestLog.map((request) => `${request.method} ${request.status}`)).toEqual(['GET 200']);
    expect((await one('STRIPE_API_KEY'))?.value).toBe('sk_test_4eC39HqLyjWDarjtT1zdp7dc');
  });

  it('--value-file updates a masked variable, the value not printed', async () => {
    const file = join(tempConfigDir(), 'rotated.txt');
    writeFileSync(file, 'rotated-secret-456\n');
    const rotated = await collab(['variables', 'update', 'STRIPE_API_KEY', '--project', project, '--value-file', file]);
    expect(rotated.exitCode).toBe(0);
    expect(rotated.stdout).not.toContain('rotated-secret-456');
    expect(await one('STRIPE_API_KEY')).toMatchObject({ value: 'rotated-secret-456', masked: true });
  });

  it('an unmasked variable takes --value', async () => {
    const plain = await collab([
      'variables',
      'update',
      'APP_ENV',
      '--project',
      project,
      '--scope',
      'production',
      '--value',
      'prod-2',
    ]);
    expect(plain.exitCode).toBe(0);
    expect(await one('APP_ENV', 'production')).toMatchObject({ value: 'prod-2', masked: false });
  });

  it('create of a key taken exits 5 with a hint naming update', async () => {
    const duplicate = await collab(['variables', 'create', 'APP_ENV', '--project', project, '--value', 'x']);
    expect(duplicate.exitCode).toBe(5);
    expect(duplicate.stderr).toMatch(/has already been taken/);
    expect(duplicate.stderr).toMatch(/^hint: .*`collab variables update APP_ENV --project acme\/web\/storefront`/m);
  });

  it('view of an unknown variable exits 4', async () => {
    const unknown = await collab(['variables', 'view', 'NOPE', '--project', project]);
    expect(unknown.exitCode).toBe(4);
  });

  it('update of an unknown variable exits 4', async () => {
    const missing = await collab(['variables', 'update', 'NOPE', '--project', project, '--value', 'x']);
    expect(missing.exitCode).toBe(4);
  });

  it("a Developer's list exits 3 with a hint naming the roles allowed", async () => {
    const developer = await collab(['variables', 'list', '--project', project], { as: 'developer' });
    expect(developer.exitCode).toBe(3);
    expect(developer.stderr).toMatch(/^hint: only maintainers, owners and administrators may do this/m);
  });

  it("a Maintainer's create of a group variable exits 3 with a hint naming the roles allowed", async () => {
    const group = await collab(['variables', 'create', 'G', '--group', 'acme', '--value', 'x'], { as: 'maintainer' });
    expect(group.exitCode).toBe(3);
    expect(group.stderr).toMatch(/^hint: only owners and administrators may do this/m);
  });

  it('an unmaskable value exits 2 before any request', async () => {
    sandbox.resetStats();
    const unmaskable = await collab(['variables', 'create', 'SHORT', '--project', project, '--masked'], {
      input: 'short',
    });
    expect(unmaskable.exitCode).toBe(2);
    expect(unmaskable.stderr).toBe('error: the value: invalid masked value: must be 8 or more characters\n');
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a bad key exits 2 before any request', async () => {
    sandbox.resetStats();
    expect((await collab(['variables', 'create', 'bad-key', '--project', project, '--value', 'x'])).exitCode).toBe(2);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a scope GitLab refuses (a comma) exits 2 before any request', async () => {
    sandbox.resetStats();
    const result = await collab([
      'variables',
      'create',
      'K',
      '--project',
      project,
      '--scope',
      'prod,staging',
      '--value',
      'x',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: --scope: invalid environment scope "prod,staging"/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a description over 255 characters exits 2 before any request', async () => {
    sandbox.resetStats();
    const long = 'd'.repeat(256);
    const result = await collab([
      'variables',
      'create',
      'K',
      '--project',
      project,
      '--value',
      'x',
      '--description',
      long,
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/must be at most 255 characters/);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('group variables, and --dry-run shows the request with the value redacted', async () => {
    const dry = await collab(['variables', 'create', 'REGION', '--group', 'acme', '--value-file', '-', '--dry-run'], {
      input: 'eu-central-1',
    });
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('POST');
    expect(dry.stdout).not.toContain('eu-central-1');
    expect((await variablesOf('group', 'acme')).map((v) => v.key)).toEqual(['DEPLOY_REGION']);
    expect(
      (await collab(['variables', 'create', 'REGION', '--group', 'acme', '--value', 'eu-central-1'], { as: 'owner' }))
        .exitCode,
    ).toBe(0);
    expect((await variablesOf('group', 'acme')).map((v) => v.key)).toEqual(['DEPLOY_REGION', 'REGION']);
  });
});
