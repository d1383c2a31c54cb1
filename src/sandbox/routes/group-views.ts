import { PROVISIONED_USER_FILTERS } from '../../params/groups.js';
import { ACCESS } from '../access.js';
import { readableGroup, requireGroupRole, requireUser } from '../guards.js';
import { notFound } from '../errors.js';
import { json, type SandboxRequest, type SandboxResponse } from '../http.js';
import type { User } from '../model.js';
import { paginateArray } from '../pagination.js';
import { bool, readParams } from '../params.js';
import type { Store } from '../store.js';
import { groupObject, userObject } from '../views.js';

/** Reading one group (the groups API reference): its details, its avatar, the users it provisioned. */

export function viewGroup(req: SandboxRequest): SandboxResponse {
  const group = readableGroup(req);
  // with_projects defaults to true (deprecated, removal in API v5).
  const withProjects = bool(req.input, 'with_projects') ?? true;
  const customAttributes = bool(req.input, 'with_custom_attributes') === true;
  return json(groupObject(req.store, group, req.user, { details: true, withProjects, customAttributes }));
}

export function groupAvatar(req: SandboxRequest): SandboxResponse {
  const group = readableGroup(req);
  if (!group.avatar) throw notFound('Avatar');
  return {
    status: 200,
    body: group.avatar.data,
    headers: {
      'content-type': group.avatar.contentType,
      'content-disposition': `attachment; filename="${group.avatar.filename.replace(/"/g, '')}"`,
    },
  };
}

/** A few users provisioned by acme (and one by acme/platform, which acme's list leaves out), made on first use. */
function ensureProvisionedUsers(store: Store): void {
  if (!store.firstUse('provisioned users')) return;
  const people: Array<{ username: string; name: string; state: User['state']; group: string; created: string }> = [
    {
      username: 'pia.provisioned',
      name: 'Pia Provisioned',
      state: 'active',
      group: 'acme',
      created: '2023-03-01T10:00:00.000Z',
    },
    {
      username: 'quinn.provisioned',
      name: 'Quinn Provisioned',
      state: 'blocked',
      group: 'acme',
      created: '2024-06-15T10:00:00.000Z',
    },
    {
      username: 'sam.platform',
      name: 'Sam Platform',
      state: 'active',
      group: 'acme/platform',
      created: '2024-02-01T10:00:00.000Z',
    },
  ];
  for (const person of people) {
    const group = store.findGroup(person.group);
    if (!group) continue;
    const id = store.nextId('user');
    store.addUser({
      id,
      username: person.username,
      name: person.name,
      email: `${person.username}@acme.example.com`,
      state: person.state,
      last_activity_on: null,
      is_admin: false,
      external: false,
      bot: false,
      can_create_group: false,
      created_at: person.created,
      token: `glpat-sandbox-provisioned-${id}`,
      namespace_id: store.nextId('namespace'),
      provisioned_by_group_id: group.id,
    });
  }
}

function provisionedUserJson(store: Store, user: User): Record<string, unknown> {
  return {
    ...userObject(store, user),
    created_at: user.created_at,
    bio: '',
    location: null,
    public_email: null,
    skype: '',
    linkedin: '',
    twitter: '',
    website_url: '',
    organization: null,
    job_title: '',
    pronouns: null,
    bot: user.bot,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
    last_sign_in_at: null,
    confirmed_at: user.created_at,
    last_activity_on: null,
    email: user.email,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: 100000,
    current_sign_in_at: null,
    identities: [],
    can_create_group: user.can_create_group,
    can_create_project: true,
    two_factor_enabled: false,
    external: user.external,
    private_profile: false,
    commit_email: user.email,
    shared_runners_minutes_limit: null,
    extra_shared_runners_minutes_limit: null,
  };
}

/** Maintainers and above; users provisioned by subgroups are left out. */
export function listProvisionedUsers(req: SandboxRequest): SandboxResponse {
  const { store } = req;
  requireUser(req);
  const group = readableGroup(req);
  requireGroupRole(req, group, ACCESS.maintainer);
  ensureProvisionedUsers(store);
  const query = readParams(req.input, PROVISIONED_USER_FILTERS);
  let users = [...store.users.values()].filter((u) => u.provisioned_by_group_id === group.id);
  if (typeof query.username === 'string')
    users = users.filter((u) => u.username.toLowerCase() === (query.username as string).toLowerCase());
  if (typeof query.search === 'string' && query.search !== '') {
    const search = query.search.toLowerCase();
    users = users.filter((u) => [u.name, u.email, u.username].some((text) => text.toLowerCase().includes(search)));
  }
  if (query.active === true) users = users.filter((u) => u.state === 'active');
  if (query.blocked === true) users = users.filter((u) => u.state === 'blocked');
  if (typeof query.created_after === 'string')
    users = users.filter((u) => Date.parse(u.created_at) > Date.parse(query.created_after as string));
  if (typeof query.created_before === 'string')
    users = users.filter((u) => Date.parse(u.created_at) < Date.parse(query.created_before as string));
  users.sort((a, b) => a.id - b.id);
  return paginateArray(req, users, (u) => JSON.stringify(provisionedUserJson(store, u)));
}
