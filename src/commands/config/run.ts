import { CollabError } from '../../errors.js';
import { findSetting, SETTINGS, type SettingSpec } from '../../config/settings.js';
import { type ConfigStore, hostKey } from '../../config/store.js';
import { write } from '../../io.js';
import type { Column } from '../../output/format.js';
import { maskToken } from '../../util/secrets.js';
import type { CommandInput, CommandModule } from '../spec.js';
import type { Env } from '../../runtime.js';

interface KeyOptions {
  setting: SettingSpec;
  value?: string;
  host: string | undefined;
}

async function targetHost(config: ConfigStore, setting: SettingSpec, host: string | undefined, env: Env): Promise<string> {
  const target = host ?? (env.COLLAB_HOST || undefined) ?? (config.get('host') as string | undefined);
  if (!target) throw new CollabError('usage', `${setting.key} is set per host, and no host was given`, { hint: `pass --host <url>` });
  return hostKey(target);
}

export const getCommand: CommandModule<KeyOptions> = {
  options: ({ args }: CommandInput, ctx) => ({ setting: findSetting(args[0] ?? ''), host: ctx.globals.host }),
  async run(ctx, { setting, host }) {
    const config = await ctx.config();
    let value: unknown;
    if (setting.scope === 'host') value = config.host(await targetHost(config, setting, host, ctx.env))?.[setting.key as 'ca_file'];
    else value = config.get(setting.key);
    value ??= setting.default;
    if (value !== undefined) await write(ctx.io.stdout, `${String(value)}\n`);
  },
};

export const setCommand: CommandModule<KeyOptions> = {
  options: ({ args }: CommandInput, ctx) => {
    const setting = findSetting(args[0] ?? '');
    const value = args[1] ?? '';
    setting.parse(value);
    if (setting.key === 'host') hostKey(value);
    return { setting, value, host: ctx.globals.host };
  },
  async run(ctx, { setting, value, host }) {
    const config = await ctx.config();
    const parsed = setting.parse(value as string);
    if (setting.scope === 'host') {
      const key = await targetHost(config, setting, host, ctx.env);
      await config.setHost(key, { ...(config.host(key) ?? {}), [setting.key]: parsed });
      ctx.info(`${setting.key} set for ${key}`);
    } else {
      await config.set(setting.key, setting.key === 'host' ? hostKey(String(parsed)) : parsed);
      ctx.info(`${setting.key} set`);
    }
  },
};

const COLUMNS: Column[] = [
  { header: 'KEY', path: 'key' },
  { header: 'VALUE', path: 'value' },
  { header: 'HOST', path: 'host' },
];

export const listCommand: CommandModule<Record<string, never>> = {
  options: () => ({}),
  async run(ctx) {
    const config = await ctx.config();
    const rows: Array<{ key: string; value: unknown; host: string }> = [];
    for (const setting of SETTINGS.filter((s) => s.scope === 'global')) rows.push({ key: setting.key, value: config.get(setting.key) ?? setting.default ?? '', host: '' });
    for (const [host, entry] of Object.entries(config.hosts())) {
      rows.push({ key: 'token', value: maskToken(entry.token), host });
      if (entry.user) rows.push({ key: 'user', value: entry.user, host });
      for (const setting of SETTINGS.filter((s) => s.scope === 'host')) {
        const value = entry[setting.key as keyof typeof entry];
        if (value !== undefined) rows.push({ key: setting.key, value, host });
      }
    }
    await ctx.printItems(rows, COLUMNS);
  },
};
