import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { parseSetting, SETTINGS, type SettingSpec } from '../../config/settings.js';
import { chooseHost } from '../../config/host.js';
import { type ConfigStore, configPath, hostKey } from '../../config/store.js';
import type { Column } from '../../output/format.js';
import { maskToken } from '../../util/secrets.js';
import type { VerbInput } from '../verb.js';
import type { GET, SET } from './index.js';

async function targetHost(ctx: VerbContext, config: ConfigStore, setting: SettingSpec): Promise<string> {
  const target = await chooseHost(ctx.session.givenHost, ctx.session.env, () => config.get('host'));
  if (!target)
    throw new CollabError('usage', `${setting.key} is set per host, and no host was given`, {
      hint: `pass --host <url>`,
    });
  return target.key;
}

export const getCommand = {
  async run(ctx: VerbContext, { setting }: VerbInput<typeof GET>): Promise<void> {
    const config = await ctx.session.config();
    let value: unknown;
    if (setting.scope === 'host')
      value = config.host(await targetHost(ctx, config, setting))?.[setting.key as 'ca_file'];
    else value = config.get(setting.key);
    value ??= setting.default;
    if (value !== undefined) await ctx.presenter.value({ plain: `${String(value)}\n` });
  },
};

export const setCommand = {
  /** The value checked before the file is touched. */
  parse(input: VerbInput<typeof SET>): VerbInput<typeof SET> {
    parseSetting(input.setting, input.value);
    if (input.setting.value.type === 'url') hostKey(input.value);
    return input;
  },
  async run(ctx: VerbContext, { setting, value }: VerbInput<typeof SET>): Promise<void> {
    // Unchecked: setting a good value is how a bad one in the file is repaired.
    const config = await ctx.session.config({ check: false });
    const parsed = parseSetting(setting, value);
    if (setting.scope === 'host') {
      const key = await targetHost(ctx, config, setting);
      await config.setHost(key, (current) => ({ ...current, [setting.key]: parsed }));
      ctx.terminal.info(`${setting.key} set for ${key}`);
    } else {
      await config.set(setting.key, setting.value.type === 'url' ? hostKey(String(parsed)) : parsed);
      ctx.terminal.info(`${setting.key} set`);
    }
    const caveat = setting.caveat?.(parsed);
    if (caveat) ctx.terminal.warn(caveat);
  },
};

const COLUMNS: Column[] = [
  { header: 'KEY', path: 'key' },
  { header: 'VALUE', path: 'value' },
  { header: 'HOST', path: 'host' },
];

export const listCommand = {
  async run(ctx: VerbContext): Promise<void> {
    const config = await ctx.session.config();
    const rows: Array<{ key: string; value: unknown; host: string }> = [];
    for (const setting of SETTINGS.filter((s) => s.scope === 'global'))
      rows.push({ key: setting.key, value: config.get(setting.key) ?? setting.default ?? '', host: '' });
    for (const [host, entry] of Object.entries(config.hosts())) {
      if (entry.token) rows.push({ key: 'token', value: maskToken(entry.token), host });
      if (entry.token_command) rows.push({ key: 'token_command', value: entry.token_command, host });
      if (entry.user) rows.push({ key: 'user', value: entry.user, host });
      for (const setting of SETTINGS.filter((s) => s.scope === 'host')) {
        const value = entry[setting.key as keyof typeof entry];
        if (value !== undefined) rows.push({ key: setting.key, value, host });
      }
    }
    await ctx.presenter.list(rows, { columns: COLUMNS });
  },
};

/** Where the config file is (or would be): read from the environment only, so it works even when the file is broken. */
export const pathCommand = {
  async run(ctx: VerbContext): Promise<void> {
    await ctx.presenter.value({ plain: `${configPath(ctx.session.env)}\n` });
  },
};
