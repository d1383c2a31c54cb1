import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'push-rule',
  summary: 'not yet implemented',
  subcommands: [],
};
