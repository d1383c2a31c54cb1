import { eventDefault, type IntegrationSpec, integrationNamed, isEventField } from '../../params/integrations.js';
import { ACCESS } from '../access.js';
import { HttpError, notFound, paramError } from '../errors.js';
import { findOwner, type OwnerRef } from '../guards.js';
import { json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { Integration } from '../model.js';
import { paginateArray } from '../pagination.js';
import { checkParam, readParams } from '../params.js';
import { ownerKey, type Store } from '../store.js';

/**
 * Integrations of a project or group (doc/api/project_integrations.md, group_integrations.md
 * @ba00d505): the Maintainer role; PUT sets one up with its required parameters (on every PUT, as
 * the docs' tables mark them), DELETE disables it and resets its settings (its event flags kept).
 * GET and DELETE of one never set up are `404 Integration Not Found`, one disabled is answered
 * inactive (lib/api/integrations/integratable_operations.rb: `not_found!('Integration') unless
 * integration&.persisted?`). The list holds the active ones, without properties. A
 * secret (password fields, `webhook`) is never in `properties`, as GitLab's API leaves them out.
 * A slug the service has no integration for is no route (404 `{"error": "404 Not Found"}`), as is
 * one the owner cannot have (Jenkins on a group).
 */

function specOf(req: SandboxRequest, kind: OwnerRef['kind']): IntegrationSpec {
  const spec = integrationNamed(req.params.slug ?? '');
  // The API's routes are the hyphenated slugs alone.
  if (!spec || req.params.slug?.includes('_') || !spec.owners.includes(kind))
    throw new HttpError(404, { error: '404 Not Found' });
  return spec;
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

const integrationsOf = (store: Store, owner: OwnerRef) => store.integrations.get(ownerKey(owner));

function integrationJson(spec: IntegrationSpec, found: Integration | undefined, withProperties: boolean) {
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
  view.inherited = false;
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
    const active = [...(integrationsOf(req.store, owner)?.values() ?? [])].filter((i) => i.active);
    return paginateArray(req, active, (found) => {
      const spec = integrationNamed(found.slug) as IntegrationSpec;
      return JSON.stringify(integrationJson(spec, found, false));
    });
  };

  /** One set up, active or disabled since. */
  const persisted = (req: SandboxRequest, spec: IntegrationSpec): Integration => {
    const found = integrationsOf(req.store, ownerOf(req, kind))?.get(spec.name);
    if (!found) throw notFound('Integration');
    return found;
  };

  const view = (req: SandboxRequest) => {
    const spec = specOf(req, kind);
    return json(integrationJson(spec, persisted(req, spec), true));
  };

  const set = (req: SandboxRequest): SandboxResponse => {
    const spec = specOf(req, kind);
    const owner = ownerOf(req, kind);
    for (const param of spec.params)
      if (param.required && (req.input[param.name] === undefined || req.input[param.name] === ''))
        throw paramError(`${param.name} is missing`);
    const given = readParams(req.input, spec.params);
    // The integration's URL validations (public_url): the model's 400, in its words.
    for (const param of spec.params) if (given[param.name] !== undefined) checkParam(param, given[param.name]);
    const key = ownerKey(owner);
    const all = req.store.integrations.get(key) ?? new Map<string, Integration>();
    const now = req.store.nowIso();
    const found: Integration = all.get(spec.name) ?? {
      id: req.store.nextId('integration'),
      owner: { kind, id: owner.id },
      slug: spec.name,
      active: true,
      created_at: now,
      updated_at: now,
      events: {},
      properties: {},
    };
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
    const found = persisted(req, spec);
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
