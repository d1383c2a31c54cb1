import { SETTINGS } from '../../config/settings.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';

const keys = SETTINGS.map((s) => `  ${s.key.padEnd(14)}${s.scope === 'host' ? '(per host) ' : ''}${s.description}`).join('\n');

export const spec: CommandSpec = {
  ...noun('config'),
  description: `Settings:\n${keys}\n\nPer-host settings apply to --host (or the default host).`,
  subcommands: [
    {
      name: 'get',
      summary: 'Print the value of a setting',
      args: [{ name: 'key', description: 'setting name' }],
      load: () => import('./run.js').then((m) => m.getCommand),
    },
    {
      name: 'set',
      summary: 'Change a setting',
      args: [
        { name: 'key', description: 'setting name' },
        { name: 'value', description: 'new value' },
      ],
      examples: ['collab config set output json', 'collab config set timeout 60', 'collab config set ca_file ./corp-ca.pem --host https://gitlab.corp'],
      load: () => import('./run.js').then((m) => m.setCommand),
    },
    {
      name: 'path',
      summary: 'Print where the config file is (COLLAB_CONFIG_DIR moves it)',
      load: () => import('./run.js').then((m) => m.pathCommand),
    },
    {
      name: 'list',
      summary: 'Print every setting (tokens masked)',
      load: () => import('./run.js').then((m) => m.listCommand),
    },
  ],
};
