import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'notes',
  summary: 'not yet implemented',
  subcommands: [],
};
