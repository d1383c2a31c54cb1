import { findSetting, SETTINGS } from '../../config/settings.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { arg, asText } from '../flags.js';
import { verb } from '../verb.js';

const KEY = arg({ name: 'key', description: 'setting name' }, findSetting);

export const GET = verb({
  name: 'get',
  summary: 'Print the value of a setting',
  args: { setting: KEY },
  offline: true,
});

export const SET = verb({
  name: 'set',
  summary: 'Change a setting',
  args: { setting: KEY, value: arg({ name: 'value', description: 'new value' }, asText) },
  examples: [
    'collab config set output json',
    'collab config set timeout 60',
    'collab config set ca_file ./corp-ca.pem --host https://gitlab.corp',
  ],
  offline: true,
});

export const PATH = verb({
  name: 'path',
  flags: {},
  summary: 'Print where the config file is (COLLAB_CONFIG_DIR moves it)',
  offline: true,
});

export const LIST = verb({ name: 'list', flags: {}, summary: 'Print every setting (tokens masked)', offline: true });

/** Two spaces at least after the widest key: help lays the descriptions out as a second column (help-layout.ts). */
const KEY_WIDTH = Math.max(...SETTINGS.map((s) => s.key.length)) + 2;
const keys = SETTINGS.map(
  (s) => `  ${s.key.padEnd(KEY_WIDTH)}${s.scope === 'host' ? '(per host) ' : ''}${s.description}`,
).join('\n');

export const spec: CommandSpec = {
  ...noun('config'),
  description: `Settings:\n${keys}\n\nPer-host settings apply to --host (or the default host).`,
  subcommands: [
    { ...GET, load: () => import('./run.js').then((m) => m.getCommand) },
    { ...SET, load: () => import('./run.js').then((m) => m.setCommand) },
    { ...PATH, load: () => import('./run.js').then((m) => m.pathCommand) },
    { ...LIST, load: () => import('./run.js').then((m) => m.listCommand) },
  ],
};
