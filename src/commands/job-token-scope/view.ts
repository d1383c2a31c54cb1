import type { VerbContext } from '../../context.js';
import { type DetailField, onOrNo } from '../../output/format.js';
import type { VerbInput } from '../verb.js';
import { readAllowlists, readScope } from './read.js';
import { ownerVerb } from '../owner.js';

export const VIEW = ownerVerb({
  kinds: ['project'],
  name: 'view',
  summary: 'Show whether job tokens are limited to the allowlists, and the allowlisted projects and groups',
  examples: ['collab job-token-scope view --project acme/web/storefront'],
});

type ViewScopeOptions = VerbInput<typeof VIEW>;

const paths = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : '(none)');

const SCOPE_DETAIL: readonly DetailField[] = [
  {
    label: 'Limited to allowlists',
    path: 'inbound_enabled',
    format: onOrNo,
    tone: (v) => (v === false ? 'yellow' : undefined),
  },
  { label: 'Projects', path: 'projects', format: paths },
  { label: 'Groups', path: 'groups', format: paths },
];

/**
 * The setting and both allowlists, as one resource: the service's own answer of GET
 * /projects/:id/job_token_scope (inbound_enabled, outbound_enabled: doc/api/project_job_token_scopes.md),
 * each of its fields as it has them for -o json and --fields, beside the allowlists' paths.
 */
export async function run(ctx: VerbContext, opts: ViewScopeOptions): Promise<void> {
  const project = opts.owner.ref;
  const [scope, rows] = await Promise.all([readScope(ctx, project), readAllowlists(ctx, project)]);
  const of = (type: string) => rows.filter((row) => row.type === type).map((row) => row.path);
  await ctx.presenter.resource(
    { ...scope, projects: of('project'), groups: of('group') },
    { columns: SCOPE_DETAIL.map((field) => ({ ...field, header: field.label.toUpperCase() })), detail: SCOPE_DETAIL },
  );
}
