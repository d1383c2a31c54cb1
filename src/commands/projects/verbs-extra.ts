import type { CommandSpec } from '../spec.js';

export const EXTRA_VERBS: CommandSpec[] = [];
