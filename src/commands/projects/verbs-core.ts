import type { CommandSpec } from '../spec.js';

export const CORE_VERBS: CommandSpec[] = [];
