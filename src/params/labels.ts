import { COLOR_RULE } from './rules.js';
import type { ParamSpec } from './types.js';

/**
 * A label's name (the API's `name`, the model's `title`): present, no comma, at most 255 characters
 * (doc/api/labels.md; app/models/label.rb `validates :title, presence, format: /\A[^,]+\z/, length: 255`).
 */
export const LABEL_NAME = {
  name: 'name',
  type: 'string',
  description: 'the label’s name',
  rule: {
    what: 'label name',
    source: 'doc/api/labels.md; app/models/label.rb (title)',
    minLength: 1,
    maxLength: 255,
    forbids: [[',', 'a comma']],
    service: { field: 'title' },
  },
} as const satisfies ParamSpec;

/** Label fields of GitLab's labels and group labels API (doc/api/labels.md, group_labels.md). */
export const LABEL_PARAMS = [
  { name: 'color', type: 'string', description: 'the color: #RRGGBB, or a CSS color name (orange)', rule: COLOR_RULE },
  { name: 'description', type: 'string', description: 'what the label means' },
] as const satisfies readonly ParamSpec[];

/** Project labels only: their order in lists (0 first; null removes it; doc/api/labels.md `priority`, a non-negative integer). */
export const LABEL_PRIORITY = {
  name: 'priority',
  type: 'integer',
  description: 'priority of a project label (0 or more, lower first)',
  rule: {
    what: 'label priority',
    source: 'doc/api/labels.md (priority); app/models/label_priority.rb',
    integer: { min: 0 },
    service: { invalid: 'must be greater than or equal to 0' },
  },
} as const satisfies ParamSpec;
