import { eventDefault, type IntegrationSpec, integrationNamed, isEventField } from '../../params/integrations.js';
import { ACCESS, ownerChain } from '../access.js';
import { apiError, HttpError, notFound, paramError, rubyHash } from '../errors.js';
import { findOwner, type OwnerRef } from '../guards.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Integration, OwnerKey } from '../model.js';
import { bool, modelError, readParams } from '../params.js';
import { ownerKey, type Store } from '../store.js';

/**
 * Integrations of a project or group (doc/api/project_integrations.md, group_integrations.md
 * @ba00d505): the Maintainer role; PUT sets one up with its required parameters (on every PUT, as
 * the docs' tables mark them), DELETE disables it and resets its settings (its event flags kept).
 * GET and DELETE of one never set up are `404 Integration Not Found`, one disabled is answered
 * inactive (lib/api/integrations/integratable_operations.rb: `not_found!('Integration') unless
 * integration&.persisted?`). The list holds the active ones, without properties. A
 * secret (password fields, `webhook`) is never in `properties`, as GitLab's API leaves them out.
 * A slug the service has no integration for is no PUT route (404 `{"error": "404 Not Found"}`), and
 * no value GET and DELETE take (400); one a group cannot have (Jenkins) is refused first (400).
 *
 * A group's active integration is its subgroups' and projects' too, `inherited: true` with the
 * group's settings, where they have none of their own: GitLab propagates it to every descendant
 * without custom settings and reflects the group's changes there (the group-level integrations
 * epic, gitlab-org&2543; `inherited` in each answer of doc/api/project_integrations.md). The
 * sandbox finds it at read time, from the nearest group above with an integration of its own. A
 * PUT below makes the settings custom (its own, from the inherited ones), `use_inherited_settings:
 * true` goes back to the group's (the docs' parameter, GitLab 17.3), a DELETE disables it there
 * alone (its own, inactive: the group's changes no longer reach it).
 */

/**
 * The integration a route names, as lib/api/integrations/integratable_operations.rb (gitlabhq/
 * gitlabhq @1c950e0a) finds it: its `before` block refuses a project's own integration on a
 * group first (400 `Integration not available`, Jenkins on a group); PUT has a route for each
 * hyphenated slug (none for another: 404), GET and DELETE one `:slug` route whose `values:` are
 * those slugs (400 `slug does not have a valid value`). The docs say none of it.
 */
function specOf(req: SandboxRequest, kind: OwnerRef['kind']): IntegrationSpec {
  const spec = integrationNamed(req.params.slug ?? '');
  if (spec && kind === 'group' && !spec.owners.includes(kind)) throw apiError(400, '400 Integration not available');
  if (!spec || req.params.slug?.includes('_') || !spec.owners.includes(kind))
    throw req.method === 'PUT'
      ? new HttpError(404, { error: '404 Not Found' })
      : paramError('slug does not have a valid value');
  return spec;
}

/**
 * The integration's own validations of what PUT gives it (public_url: the URLs), all of them, as
 * Integrations::UpdateService says them: `error("Failed to update integration.
 * #{integration.errors.messages}", :bad_request)` (app/services/integrations/update_service.rb,
 * gitlabhq/gitlabhq @67fef3a9), which lib/api/integrations/integratable_operations.rb @1c950e0a
 * answers `render_api_error!(message, 400)`: `{"message": "Failed to update integration.
 * {:url=>[\"is blocked: …\"]}"}`, the errors as Ruby 3.3 (.ruby-version @9e8f1feb) inspects a
 * hash, never the `{"message": {"url": [...]}}` of render_validation_error!. 422 is for what the
 * API cannot create (GitLab for Slack app), none of the integrations collab sets up. The doc
 * (doc/api/project_integrations.md @ba00d505) names no answer for either.
 */
function modelErrors(spec: IntegrationSpec, given: Record<string, unknown>): string | undefined {
  const errors: Record<string, string[]> = {};
  for (const param of spec.params) {
    const error = given[param.name] === undefined ? undefined : modelError(param.rule, given[param.name]);
    if (error) errors[param.rule?.service?.field ?? param.name] = [error];
  }
  return Object.keys(errors).length > 0 ? rubyHash(errors) : undefined;
}

/**
 * The event flags every integration's answer carries, whether or not it takes them (the docs' list
 * example; GitLab's API::Entities::IntegrationBasic exposes each of them for every integration),
 * beside those of its own table (Slack's `incidents_events`). `vulnerability_events` is left out:
 * the docs name it Enterprise Edition's alone.
 */
const SHOWN_EVENTS = [
  'commit_events',
  'push_events',
  'issues_events',
  'alert_events',
  'confidential_issues_events',
  'merge_requests_events',
  'tag_push_events',
  'deployment_events',
  'note_events',
  'confidential_note_events',
  'pipeline_events',
  'wiki_page_events',
  'job_events',
  'comment_on_event_enabled',
] as const;

const ownerOf = (req: SandboxRequest, kind: OwnerRef['kind']) => findOwner(req, kind, ACCESS.maintainer);

const integrationsOf = (store: Store, owner: OwnerKey) => store.integrations.get(ownerKey(owner));

/** What an owner has of an integration: its own, else the nearest group's above that has one (inherited). */
function effective(
  store: Store,
  owner: OwnerKey,
  slug: string,
): { found: Integration; inherited: boolean } | undefined {
  const own = integrationsOf(store, owner)?.get(slug);
  if (own) return { found: own, inherited: false };
  for (const above of ownerChain(store, owner).slice(1)) {
    const found = integrationsOf(store, above)?.get(slug);
    if (found) return found.active ? { found, inherited: true } : undefined;
  }
  return undefined;
}

/** A new integration of an owner's own, made now. */
function ownRecord(
  store: Store,
  owner: OwnerKey,
  slug: string,
  state: Pick<Integration, 'active' | 'events' | 'properties'>,
): Integration {
  const now = store.nowIso();
  return { id: store.nextId('integration'), owner, slug, created_at: now, updated_at: now, ...state };
}

function integrationJson(
  spec: IntegrationSpec,
  found: Integration | undefined,
  withProperties: boolean,
  inherited = false,
) {
  const view: Record<string, unknown> = {
    id: found?.id ?? null,
    title: spec.title,
    slug: spec.name.replace(/_/g, '-'),
    created_at: found?.created_at ?? null,
    updated_at: found?.updated_at ?? null,
    active: found?.active ?? false,
  };
  const own = spec.params.map((param) => param.name).filter(isEventField);
  for (const name of new Set([...SHOWN_EVENTS, ...own])) view[name] = found?.events[name] ?? eventDefault(name);
  view.inherited = inherited;
  if (withProperties)
    view.properties = Object.fromEntries(
      spec.params
        .filter((param) => !isEventField(param.name) && !spec.secrets.includes(param.name))
        .map((param) => [param.name, found?.properties[param.name] ?? null]),
    );
  return view;
}

function routes(kind: OwnerRef['kind']): Route[] {
  const base = `/${kind === 'project' ? 'projects' : 'groups'}/:id/integrations`;

  const list = (req: SandboxRequest): SandboxResponse => {
    const owner = ownerOf(req, kind);
    const slugs = new Set(
      ownerChain(req.store, owner).flatMap((key) => [...(integrationsOf(req.store, key)?.keys() ?? [])]),
    );
    const active = [...slugs]
      .flatMap((slug) => effective(req.store, owner, slug) ?? [])
      .filter((each) => each.found.active && integrationNamed(each.found.slug)?.owners.includes(kind))
      .sort((a, b) => a.found.id - b.found.id);
    // The whole list, no page of it: `present integrations, with: Entities::IntegrationBasic`,
    // never `paginate` (lib/api/integrations/integratable_operations.rb @1c950e0a), so GitLab sends
    // no pagination headers and reads no page or per_page (the docs name none either).
    return json(
      active.map(({ found, inherited }) =>
        integrationJson(integrationNamed(found.slug) as IntegrationSpec, found, false, inherited),
      ),
    );
  };

  /** One set up here or above, active or disabled since. */
  const persisted = (req: SandboxRequest, spec: IntegrationSpec): { found: Integration; inherited: boolean } => {
    const found = effective(req.store, ownerOf(req, kind), spec.name);
    if (!found) throw notFound('Integration');
    return found;
  };

  const view = (req: SandboxRequest) => {
    const spec = specOf(req, kind);
    const { found, inherited } = persisted(req, spec);
    return json(integrationJson(spec, found, true, inherited));
  };

  const set = (req: SandboxRequest): SandboxResponse => {
    const spec = specOf(req, kind);
    const owner = ownerOf(req, kind);
    const key = ownerKey(owner);
    // Grape's `requires` first, before the route's body, whichever settings it would take.
    for (const param of spec.params)
      if (param.required && (req.input[param.name] === undefined || req.input[param.name] === ''))
        throw paramError(`${param.name} is missing`);
    if (bool(req.input, 'use_inherited_settings') === true) {
      const groups = ownerChain(req.store, owner).slice(1);
      const above = groups.find((group) => integrationsOf(req.store, group)?.get(spec.name)?.active);
      if (above) {
        // The group's settings again: its own are dropped, and the group's changes reach it.
        integrationsOf(req.store, owner)?.delete(spec.name);
        const { found } = effective(req.store, owner, spec.name) as { found: Integration };
        return json(integrationJson(spec, found, true, true));
      }
      // No group above has one of its own (and the sandbox has no instance-level one): UpdateService's
      // `error('Default integration not found.', :not_found)`, which the API answers 400.
      if (!groups.some((group) => integrationsOf(req.store, group)?.has(spec.name)))
        throw apiError(400, 'Default integration not found.');
    }
    const given = readParams(req.input, spec.params);
    const refused = modelErrors(spec, given);
    if (refused) throw apiError(400, `Failed to update integration. ${refused}`);
    const all = req.store.integrations.get(key) ?? new Map<string, Integration>();
    const now = req.store.nowIso();
    // Custom settings start from the inherited ones, as the descendant's copy holds them.
    const from = effective(req.store, owner, spec.name);
    const found: Integration =
      all.get(spec.name) ??
      ownRecord(req.store, { kind, id: owner.id }, spec.name, {
        active: true,
        events: { ...from?.found.events },
        properties: { ...from?.found.properties },
      });
    for (const [name, value] of Object.entries(given)) {
      if (value === undefined) continue;
      if (isEventField(name)) found.events[name] = value as boolean;
      else found.properties[name] = value;
    }
    found.active = true;
    found.updated_at = now;
    all.set(spec.name, found);
    req.store.integrations.set(key, all);
    return json(integrationJson(spec, found, true));
  };

  const disable = (req: SandboxRequest): SandboxResponse => {
    const spec = specOf(req, kind);
    const owner = ownerOf(req, kind);
    const { found, inherited } = persisted(req, spec);
    if (inherited) {
      // Disabled here alone: an inactive one of its own, with the event flags it had.
      const all = req.store.integrations.get(ownerKey(owner)) ?? new Map<string, Integration>();
      all.set(
        spec.name,
        ownRecord(req.store, { kind, id: owner.id }, spec.name, {
          active: false,
          events: { ...found.events },
          properties: {},
        }),
      );
      req.store.integrations.set(ownerKey(owner), all);
      return noContent();
    }
    found.active = false;
    found.properties = {};
    found.updated_at = req.store.nowIso();
    return noContent();
  };

  return [
    ['GET', base, list],
    ['GET', `${base}/:slug`, view],
    ['PUT', `${base}/:slug`, set],
    ['DELETE', `${base}/:slug`, disable],
  ];
}

export const integrationRoutes: readonly Route[] = [...routes('project'), ...routes('group')];
