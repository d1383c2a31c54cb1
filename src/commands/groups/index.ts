import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'groups',
  summary: 'not yet implemented',
  subcommands: [],
};
