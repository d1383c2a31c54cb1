import type { ParamSpec } from './types.js';

/** Label fields of GitLab's labels and group labels API (doc/api/labels.md, group_labels.md). */
export const LABEL_PARAMS = [
  { name: 'color', type: 'string', description: 'the color: #RRGGBB, or a CSS color name (orange)' },
  { name: 'description', type: 'string', description: 'what the label means' },
] as const satisfies readonly ParamSpec[];

/** Project labels only: their order in lists (0 first; null removes it). */
export const LABEL_PRIORITY = {
  name: 'priority',
  type: 'integer',
  description: 'priority of a project label (0 or more, lower first)',
} as const satisfies ParamSpec;
