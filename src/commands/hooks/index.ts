import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'hooks',
  summary: 'not yet implemented',
  subcommands: [],
};
