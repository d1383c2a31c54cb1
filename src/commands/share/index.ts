import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'share',
  summary: 'not yet implemented',
  subcommands: [],
};
