import { HOOK_DEFAULTS, HOOK_URL, type HookOwnerKind, hookParamsFor } from '../../params/hooks.js';
import { OWNER_ADMIN_ROLE } from '../access.js';
import { findOwner, type OwnerRef } from '../guards.js';
import { apiError, HttpError, paramError, unprocessable } from '../errors.js';
import { collectionRoutes, json, noContent, type Route, type SandboxRequest, type SandboxResponse } from '../http.js';
import { type Hook, sameOwner } from '../model.js';
import { paginateArray } from '../pagination.js';
import { int, modelError, readParams, requireGiven, str } from '../params.js';

/**
 * Project hooks (Maintainer role) and group hooks (Owner role), as GitLab's API v4 serves them:
 * url required on POST and PUT, the token write-only, push_events and enable_ssl_verification
 * on by default, DELETE of a missing hook 404.
 */

function hookJson(hook: Hook): Record<string, unknown> {
  const view: Record<string, unknown> = { id: hook.id, url: hook.url, [`${hook.owner.kind}_id`]: hook.owner.id };
  for (const param of hookParamsFor(hook.owner.kind)) {
    view[param.name] =
      param.name in hook.attrs
        ? hook.attrs[param.name]
        : param.name in HOOK_DEFAULTS
          ? HOOK_DEFAULTS[param.name]
          : false;
  }
  // Fields of the answer that no request sets (doc/api/project_webhooks.md, group_webhooks.md): the
  // sandbox never delivers, so a hook stays executable and never has a repository update to send.
  Object.assign(view, {
    repository_update_events: false,
    alert_status: 'executable',
    disabled_until: null,
    url_variables: [],
  });
  view.created_at = hook.created_at;
  return view;
}

/** url, the table's fields and the token, checked as the service checks them. */
function readHookInput(
  req: SandboxRequest,
  kind: HookOwnerKind,
): { url: string; attrs: Record<string, unknown>; token: string | undefined } {
  // Grape's `requires :url` asks only that the key be there: an empty URL reaches WebHook's
  // `validates :url, presence: true, url: true`, and so the 422 below (gitlabhq/gitlabhq
  // app/models/hooks/web_hook.rb@0da44e16a3703634793f195d0387f68c4aeecbaf,
  // app/services/web_hooks/create_service.rb@1b5844438cdc477a7bc2ee3f08788c2235e28dbb).
  const url = requireGiven(req.input, 'url');
  const attrs = readParams(req.input, hookParamsFor(kind));
  for (const [key, value] of Object.entries(attrs)) if (value === undefined) delete attrs[key];
  const token = str(req.input, 'token');
  // GitLab answers a bad URL with this message rather than the validation errors.
  if (modelError(HOOK_URL.rule, url)) throw unprocessable('Invalid url given');
  if (token !== undefined && /\n/.test(token)) throw new HttpError(422, { message: { token: ['is invalid'] } });
  return { url, attrs, token };
}

/**
 * GitLab finds a hook with `hook_scope.find(params.delete(:hook_id))` (`user_project.hooks`,
 * `user_group.hooks`): one not there is an ActiveRecord::RecordNotFound, which the API answers with
 * its generic `404 Not found` (gitlabhq/gitlabhq lib/api/helpers/web_hooks_helpers.rb@1b9e60e8b7ab8c68d581ec73d6ff8f6ea7439f69,
 * lib/api/project_hooks.rb@038366a0932c5f88019cc3db85382f26af3933e7).
 */
function findHook(req: SandboxRequest, owner: OwnerRef): Hook {
  const id = int(req.params, 'hook_id');
  const hook = id === undefined ? undefined : req.store.hooks.get(id);
  if (!hook || !sameOwner(hook.owner, owner)) throw apiError(404, '404 Not found');
  return hook;
}

/** The hooks of :id, in one table per kind of owner. */
function hookRoutes(kind: HookOwnerKind): Route[] {
  const base = kind === 'project' ? '/projects/:id/hooks' : '/groups/:id/hooks';
  const role = OWNER_ADMIN_ROLE[kind];

  const list = (req: SandboxRequest): SandboxResponse => {
    const owner = findOwner(req, kind, role);
    const hooks = [...req.store.hooks.values()].filter((h) => sameOwner(h.owner, owner)).sort((a, b) => a.id - b.id);
    return paginateArray(req, hooks, (hook) => JSON.stringify(hookJson(hook)));
  };

  const view = (req: SandboxRequest): SandboxResponse => json(hookJson(findHook(req, findOwner(req, kind, role))));

  const create = (req: SandboxRequest): SandboxResponse => {
    const owner = findOwner(req, kind, role);
    const { url, attrs, token } = readHookInput(req, kind);
    const hook: Hook = {
      id: req.store.nextId('hook'),
      owner: { kind, id: owner.id },
      url,
      token: token ?? null,
      created_at: req.store.nowIso(),
      attrs,
    };
    req.store.hooks.set(hook.id, hook);
    return json(hookJson(hook), 201);
  };

  const update = (req: SandboxRequest): SandboxResponse => {
    const hook = findHook(req, findOwner(req, kind, role));
    const { url, attrs, token } = readHookInput(req, kind);
    // As GitLab's WebHook#reset_token: a new URL without a token given along forgets the old token.
    if (url !== hook.url && token === undefined) hook.token = null;
    if (token !== undefined) hook.token = token;
    hook.url = url;
    Object.assign(hook.attrs, attrs);
    return json(hookJson(hook));
  };

  const remove = (req: SandboxRequest): SandboxResponse => {
    const owner = findOwner(req, kind, role);
    const id = int(req.params, 'hook_id');
    if (id === undefined) throw paramError('hook_id is invalid');
    // "Idempotent" in the API reference's sense: the state is the same however often it is sent; a hook
    // that is already gone answers 404, as GitLab does.
    findHook(req, owner);
    req.store.hooks.delete(id);
    return noContent();
  };

  return collectionRoutes(base, 'hook_id', { list, view, create, update, remove });
}

export const projectHookRoutes = hookRoutes('project');
export const groupHookRoutes = hookRoutes('group');
