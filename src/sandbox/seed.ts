import type { Group, Project, User, Visibility } from './model.js';
import { seededRandom } from './random.js';
import { ACCESS } from './access.js';
import { moreVisible } from '../params/visibility.js';
import { Store } from './store.js';
import { seedProtectedRefs } from './seed-refs.js';
import { seedVariablesLabelsBadges } from './seed-ci.js';
import { saveExpirationPolicy } from './routes/project-settings.js';

/** The sandbox's users: one per role the API reference talks about. Tokens are fixed so scripts can use them. */
export const SANDBOX_USERS = [
  { key: 'admin', username: 'root', name: 'Administrator', is_admin: true, external: false },
  { key: 'owner', username: 'olivia', name: 'Olivia Owner', is_admin: false, external: false },
  { key: 'maintainer', username: 'max', name: 'Max Maintainer', is_admin: false, external: false },
  { key: 'developer', username: 'dana', name: 'Dana Developer', is_admin: false, external: false },
  { key: 'reporter', username: 'rui', name: 'Rui Reporter', is_admin: false, external: false },
  { key: 'external', username: 'xena', name: 'Xena External', is_admin: false, external: true },
] as const;

export type SandboxRole = (typeof SANDBOX_USERS)[number]['key'];

export function tokenFor(role: SandboxRole): string {
  return `glpat-sandbox-${role}-token`;
}

const EPOCH = Date.UTC(2021, 0, 4, 9, 0, 0);
const ADJECTIVES = [
  'amber',
  'brisk',
  'calm',
  'deft',
  'eager',
  'fleet',
  'grand',
  'hardy',
  'ivory',
  'jolly',
  'keen',
  'lucid',
  'mellow',
  'nimble',
  'opal',
  'proud',
  'quiet',
  'rapid',
  'sable',
  'tidy',
];
const NOUNS = [
  'atlas',
  'beacon',
  'cobalt',
  'delta',
  'ember',
  'falcon',
  'garnet',
  'harbor',
  'iris',
  'juniper',
  'kestrel',
  'lumen',
  'meadow',
  'nova',
  'orbit',
  'pylon',
  'quartz',
  'ridge',
  'summit',
  'tundra',
];
const TOPICS = ['api', 'cli', 'web', 'infra', 'ml', 'docs', 'mobile', 'security'];
const LANGUAGES = ['Ruby', 'Go', 'TypeScript', 'Python', 'Rust', 'Shell', 'Java', 'HTML'];

/** Named projects that every sandbox starts with (the demo and the tests use them). */
const NAMED_PROJECTS: Array<{ group: string; name: string; visibility: Visibility; description: string }> = [
  { group: 'acme/web', name: 'storefront', visibility: 'public', description: 'The public web shop' },
  { group: 'acme/platform', name: 'api', visibility: 'internal', description: 'Core API service' },
  { group: 'acme/platform/infra', name: 'terraform', visibility: 'private', description: 'Infrastructure as code' },
  {
    group: 'acme',
    name: 'legacy-monolith',
    visibility: 'internal',
    description: 'Old monolith; forks of it fail [fail-import]',
  },
  { group: 'globex', name: 'handbook', visibility: 'public', description: 'How Globex works' },
  { group: 'globex/research', name: 'atlas', visibility: 'public', description: 'Research prototypes' },
  { group: 'initech', name: 'tps-reports', visibility: 'private', description: 'Reports nobody reads' },
  { group: 'acme/web', name: 'design-system', visibility: 'internal', description: 'Shared UI components' },
];

/**
 * The tree of groups, parents first. Like GitLab, none is more visible than its parent, so that the
 * generated projects, kept within their own group's visibility, are within every enclosing group's.
 */
const GROUPS: Array<{
  path: string;
  name: string;
  visibility: Visibility;
  description: string;
  members?: Array<[SandboxRole, number]>;
}> = [
  {
    path: 'acme',
    name: 'Acme',
    visibility: 'public',
    description: 'Acme Corporation',
    members: [
      ['owner', ACCESS.owner],
      ['maintainer', ACCESS.maintainer],
      ['developer', ACCESS.developer],
      ['reporter', ACCESS.reporter],
    ],
  },
  { path: 'acme/platform', name: 'Platform', visibility: 'internal', description: 'Platform team' },
  { path: 'acme/platform/infra', name: 'Infra', visibility: 'private', description: 'Infrastructure' },
  { path: 'acme/web', name: 'Web', visibility: 'public', description: 'Web team' },
  {
    path: 'globex',
    name: 'Globex',
    visibility: 'public',
    description: 'Globex Corporation',
    members: [['owner', ACCESS.owner]],
  },
  { path: 'globex/research', name: 'Research', visibility: 'public', description: 'Globex research' },
  {
    path: 'initech',
    name: 'Initech',
    visibility: 'private',
    description: 'Initech (no members but the administrator)',
  },
];

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
}

function createUsers(store: Store): Record<SandboxRole, User> {
  const users = {} as Record<SandboxRole, User>;
  for (const spec of SANDBOX_USERS) {
    const id = store.nextId('user');
    const user: User = {
      id,
      username: spec.username,
      name: spec.name,
      email: `${spec.username}@example.com`,
      state: 'active',
      last_activity_on: iso(EPOCH - 86_400_000 * 30).slice(0, 10),
      is_admin: spec.is_admin,
      external: spec.external,
      bot: false,
      can_create_group: !spec.external,
      created_at: iso(EPOCH - 86_400_000 * 30),
      token: tokenFor(spec.key),
      namespace_id: store.nextId('namespace'),
      provisioned_by_group_id: null,
    };
    store.addUser(user);
    users[spec.key] = user;
  }
  return users;
}

export function newGroup(
  store: Store,
  fields: Pick<Group, 'name' | 'path' | 'visibility' | 'description' | 'parent_id'> & { created_at?: string },
): Group {
  return {
    id: store.nextId('namespace'),
    name: fields.name,
    path: fields.path,
    description: fields.description,
    visibility: fields.visibility,
    parent_id: fields.parent_id,
    created_at: fields.created_at ?? iso(store.now()),
    attrs: {},
    members: new Map(),
    memberDetails: new Map(),
    shares: [],
    ldap_links: [],
    marked_for_deletion_on: null,
    deletion: null,
    avatar: null,
    custom_attributes: {},
    statistics: {
      storage_size: 0,
      repository_size: 0,
      wiki_size: 0,
      lfs_objects_size: 0,
      job_artifacts_size: 0,
      pipeline_artifacts_size: 0,
      packages_size: 0,
      snippets_size: 0,
      uploads_size: 0,
    },
  };
}

export function newProject(
  store: Store,
  fields: Pick<Project, 'name' | 'path' | 'namespace_id' | 'visibility' | 'description' | 'creator_id'> & {
    created_at?: string;
  },
): Project {
  const created = fields.created_at ?? iso(store.now());
  return {
    id: store.nextId('project'),
    name: fields.name,
    path: fields.path,
    namespace_id: fields.namespace_id,
    description: fields.description,
    visibility: fields.visibility,
    created_at: created,
    last_activity_at: created,
    creator_id: fields.creator_id,
    attrs: {},
    topics: [],
    branches: ['main'],
    tags: [],
    members: new Map(),
    memberDetails: new Map(),
    shares: [],
    forked_from_id: null,
    import: { status: 'none', error: null, startedAt: 0, durationMs: 0, willFail: false },
    archived: false,
    marked_for_deletion_on: null,
    deletion: null,
    avatar: null,
    uploads: [],
    languages: {},
    custom_attributes: {},
    statistics: {
      commit_count: 0,
      storage_size: 0,
      repository_size: 0,
      wiki_size: 0,
      lfs_objects_size: 0,
      job_artifacts_size: 0,
      pipeline_artifacts_size: 0,
      packages_size: 0,
      snippets_size: 0,
      uploads_size: 0,
    },
    housekeepingStartedAt: null,
    json: undefined,
  };
}

/**
 * A deterministic world: the users, a tree of groups, and `projectCount` projects spread over
 * the groups and two personal namespaces. 100,000 projects take well under 3 s: records are
 * small and their JSON is built on first read.
 */
function seedStore(store: Store, projectCount: number, seed = 1): Record<SandboxRole, User> {
  const random = seededRandom(seed);
  const users = createUsers(store);
  const groupsByPath = new Map<string, Group>();
  GROUPS.forEach((spec, index) => {
    const parentPath = spec.path.includes('/') ? spec.path.slice(0, spec.path.lastIndexOf('/')) : undefined;
    const parent = parentPath ? groupsByPath.get(parentPath) : undefined;
    const group = newGroup(store, {
      name: spec.name,
      path: spec.path.split('/').pop() as string,
      visibility: spec.visibility,
      description: spec.description,
      parent_id: parent?.id ?? null,
      created_at: iso(EPOCH - 86_400_000 * (20 - index)),
    });
    for (const [role, level] of spec.members ?? []) group.members.set(users[role].id, level);
    group.custom_attributes = { team: spec.path.split('/')[0] as string };
    store.addGroup(group);
    groupsByPath.set(spec.path, group);
  });
  // acme/web is shared with globex (developer access), so shares show up from the start.
  (groupsByPath.get('acme/web') as Group).shares.push({
    group_id: (groupsByPath.get('globex') as Group).id,
    group_access_level: ACCESS.developer,
    expires_at: null,
  });

  const groupList = [...groupsByPath.values()];
  const homes: Array<{ namespaceId: number; visibility: Visibility }> = [
    ...groupList.map((g) => ({ namespaceId: g.id, visibility: g.visibility })),
    { namespaceId: users.owner.namespace_id, visibility: 'public' as Visibility },
    { namespaceId: users.developer.namespace_id, visibility: 'public' as Visibility },
  ];
  const visibilities: Visibility[] = [
    'public',
    'public',
    'public',
    'public',
    'internal',
    'internal',
    'internal',
    'private',
    'private',
    'private',
  ];
  const namedProjects: Project[] = [];
  for (let i = 0; i < projectCount; i++) {
    const named = NAMED_PROJECTS[i];
    let namespaceId: number;
    let visibility: Visibility;
    let name: string;
    let description: string;
    if (named) {
      namespaceId = (groupsByPath.get(named.group) as Group).id;
      visibility = named.visibility;
      name = named.name;
      description = named.description;
    } else {
      const home = homes[i % homes.length] as (typeof homes)[number];
      namespaceId = home.namespaceId;
      const wanted = visibilities[Math.floor(random() * visibilities.length)] as Visibility;
      visibility = moreVisible(wanted, home.visibility) ? home.visibility : wanted;
      name = `${ADJECTIVES[i % ADJECTIVES.length]}-${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]}-${i}`;
      description = `${name.replace(/-\d+$/, '').replace('-', ' ')} service`;
    }
    const created = EPOCH + i * 600_000;
    const project = newProject(store, {
      name,
      path: name,
      namespace_id: namespaceId,
      visibility,
      description,
      creator_id: users.owner.id,
      created_at: iso(created),
    });
    // Its policy is saved with it (app/models/project.rb, after_create), as POST /projects saves it:
    // next_run_at a cadence after its creation, disabled as it is (gitlab.com shows a new
    // project's disabled policy so; the cleanup worker runs and reschedules enabled ones only).
    saveExpirationPolicy(project, created);
    project.last_activity_at = iso(created + Math.floor(random() * 90) * 86_400_000);
    project.topics = TOPICS.filter(() => random() < 0.2);
    project.attrs.seed_stars = Math.floor(random() * 40);
    // The sandbox keeps no issues: a seeded project says it has a few, one made later none.
    project.attrs.seed_open_issues = 3;
    const first = LANGUAGES[Math.floor(random() * LANGUAGES.length)] as string;
    const second = LANGUAGES[Math.floor(random() * LANGUAGES.length)] as string;
    const share = Math.round((50 + random() * 45) * 100) / 100;
    project.languages =
      first === second ? { [first]: 100 } : { [first]: share, [second]: Math.round((100 - share) * 100) / 100 };
    const size = Math.floor(random() * 50_000_000);
    project.statistics = {
      commit_count: Math.floor(random() * 5000),
      storage_size: size + 4096,
      repository_size: size,
      wiki_size: 4096,
      lfs_objects_size: 0,
      job_artifacts_size: 0,
      pipeline_artifacts_size: 0,
      packages_size: 0,
      snippets_size: 0,
      uploads_size: 0,
    };
    project.custom_attributes = { tier: i % 3 === 0 ? 'gold' : 'silver' };
    store.addProject(project);
    if (named) namedProjects.push(project);
  }
  seedProtectedRefs(store, namedProjects.slice(0, 3), users.owner);
  seedVariablesLabelsBadges(store);
  return users;
}

/** A fresh store with the world above. */
export function createSeededStore(projectCount: number, seed = 1): { store: Store; users: Record<SandboxRole, User> } {
  const store = new Store();
  const users = seedStore(store, projectCount, seed);
  return { store, users };
}
