import type { IntegrationView } from '../../api/integrations.js';
import type { Owner } from '../../api/owner.js';
import { CollabError, isCollabError, withHint } from '../../errors.js';
import { type Column, type DetailField, onOrNo, PRIORITY } from '../../output/format.js';
import { INTEGRATIONS, integrationName, integrationNamed, isEventField } from '../../params/integrations.js';
import { closest } from '../../util/suggest.js';

/** An integration's columns, and its view: the settings its table names (src/params), secrets as set or not. */

const eventsOn = (item: unknown): string[] =>
  Object.entries((item ?? {}) as Record<string, unknown>)
    .filter(([key, value]) => key.endsWith('_events') && value === true)
    .map(([key]) => key.replace(/_events$/, ''));

const joined = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : '(none)');

const EVENTS = { path: 'events', derive: eventsOn };

export const INTEGRATION_COLUMNS: readonly Column[] = [
  { header: 'SLUG', path: 'slug', priority: PRIORITY.identifying },
  { header: 'TITLE', path: 'title', text: true },
  { header: 'ACTIVE', path: 'active', format: onOrNo, choices: ['yes', 'no'] },
  // A group's above reaches its projects and subgroups: set up there, its settings are the group's.
  { header: 'INHERITED', path: 'inherited', format: onOrNo, choices: ['yes', 'no'] },
  { header: 'EVENTS', ...EVENTS, text: true, format: joined, none: '(none)', priority: PRIORITY.low },
  { header: 'UPDATED', path: 'updated_at', priority: PRIORITY.date },
];

const words = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * The view of one integration: its own fields, then each setting its table names, or all the service
 * shows. A secret is never in the answer, so its row says only that one is kept, and only while the
 * integration is active: the API's disable resets every setting, secrets too ("Integration settings
 * are reset", doc/api/project_integrations.md @ba00d505, "Disable Jira"; gitlabhq
 * lib/api/integrations/integratable_operations.rb sets each field to its column's default), and
 * one never set up has none.
 */
export function integrationView(view: IntegrationView) {
  const spec = integrationNamed(view.slug);
  const names = (
    spec
      ? spec.params.filter((param) => !isEventField(param.name)).map((param) => param.name)
      : Object.keys(view.properties ?? {})
  ).filter((name) => view.active === true || !spec?.secrets.includes(name));
  const detail: DetailField[] = [
    { label: 'Slug', path: 'slug' },
    { label: 'Title', path: 'title' },
    { label: 'Active', path: 'active', format: onOrNo, tone: (v) => (v === false ? 'yellow' : undefined) },
    { label: 'Inherited', path: 'inherited', format: onOrNo },
    { label: 'Events', ...EVENTS, format: joined },
    ...names.map(
      (name): DetailField =>
        spec?.secrets.includes(name)
          ? { label: words(name), path: `secret.${name}`, derive: () => '(a secret: never shown)' }
          : { label: words(name), path: `properties.${name}` },
    ),
    { label: 'Updated', path: 'updated_at' },
  ];
  return { columns: INTEGRATION_COLUMNS, detail };
}

/**
 * A refusal that is the slug's, not the owner's: no such integration; a likely typo is named. A PUT
 * to a slug the service has none for is no route (404); a GET or DELETE is Grape's 400 on `:slug`'s
 * values (lib/api/integrations/integratable_operations.rb), told as the not-found it is.
 */
export function unknownIntegration(error: unknown, owner: Owner, slug: string): unknown {
  if (!isCollabError(error)) return error;
  const badSlug = error.status === 400 && /\bslug does not have a valid value/.test(error.message);
  if (!badSlug && (error.status !== 404 || /Project|Group/.test(error.message))) return error;
  const guess = closest(
    integrationName(slug),
    INTEGRATIONS.map((spec) => spec.name),
  );
  const hint = `${guess ? `did you mean ${guess}? ` : ''}the service has no integration ${slug}: \`collab integrations list --${owner.kind} ${owner.ref}\` lists those set up`;
  return badSlug
    ? new CollabError('not-found', error.message, {
        hint,
        ...(error.status !== undefined ? { status: error.status } : {}),
        ...(error.request ? { request: error.request } : {}),
      })
    : withHint(error, hint);
}
