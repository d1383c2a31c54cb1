import { PROJECTS_OFFSET_LIMIT } from '../params/projects.js';
import { SANDBOX_DEFAULTS } from './defaults.js';
import { DeletionQueue } from './jobs.js';
import { TOTAL_LIMIT } from './pagination.js';
import {
  type ApprovalRule,
  type Badge,
  type CiVariable,
  type DeployKey,
  type Group,
  type Hook,
  type Integration,
  type Label,
  type Namespace,
  type Note,
  type Noteable,
  type OwnerKey,
  type Project,
  type ProjectRefs,
  type ProtectedEnvironment,
  type JobTokenScope,
  type PipelineSchedule,
  type PushRule,
  type RemoteMirror,
  sameOwner,
  type User,
} from './model.js';
import { ViewCache } from './view-cache.js';

/** The key of a project's or group's record in the maps kept by owner. */
export const ownerKey = (owner: OwnerKey): string => `${owner.kind}:${owner.id}`;

/**
 * The whole state of one sandbox, with the lookups every route shares. Everything a route
 * changes lives here (or in the records held here): no module keeps state of its own. Who may
 * do what is access.ts's.
 */
export class Store {
  readonly users = new Map<number, User>();
  readonly usersByToken = new Map<string, User>();
  readonly groups = new Map<number, Group>();
  readonly projects = new Map<number, Project>();
  /** Project ids in ascending order (deleted ones are skipped when read). */
  projectIds: number[] = [];
  /**
   * allProjects()'s answer, kept until a project is added or removed: every page of a list reads
   * it, and rebuilding it from 100,000 map lookups took 7 ms a page (bench/README.md, case 6).
   */
  private liveProjects: readonly Project[] | undefined;
  readonly namespaces = new Map<number, Namespace>();
  readonly stars = new Map<number, Map<number, string>>();
  readonly noteables = new Map<string, Noteable>();
  readonly notes = new Map<number, Note>();
  readonly notesByNoteable = new Map<string, number[]>();
  readonly hooks = new Map<number, Hook>();
  readonly pushRules = new Map<string, PushRule>();
  /** Each project's protected branches and tags and enabled deploy keys, by project id (made when first written). */
  readonly projectRefs = new Map<number, ProjectRefs>();
  /** Deploy keys by id, shared between the projects that enable them. */
  readonly deployKeys = new Map<number, DeployKey>();
  /** CI/CD variables, labels and badges of projects and groups (removed with their owner). */
  readonly variables: CiVariable[] = [];
  readonly labels = new Map<number, Label>();
  readonly badges = new Map<number, Badge>();
  /** Paid features (src/params/tiers.ts): projects' approval rules; approval settings, protected environments and integrations by `ownerKey`. */
  readonly approvalRules = new Map<number, ApprovalRule>();
  readonly approvalSettings = new Map<string, Record<string, boolean>>();
  /**
   * The instance's merge request approval settings, by their application settings' names
   * (`prevent_merge_requests_author_approval`, ...): what an administrator sets in the Admin area
   * (doc/administration/merge_requests_approvals.md). None is on in a new instance; a test sets them.
   */
  readonly instanceApprovalSettings: Record<string, boolean> = {};
  readonly protectedEnvironments = new Map<string, Map<string, ProtectedEnvironment>>();
  readonly integrations = new Map<string, Map<string, Integration>>();
  /** `--tier`: premium answers the paid features' routes, free answers them as GitLab Free (no such route). */
  tier: 'premium' | 'free' = SANDBOX_DEFAULTS.tier;
  /** Projects' pipeline schedules and push mirrors by id, and job token scopes by project id (made when first written). */
  readonly schedules = new Map<number, PipelineSchedule>();
  readonly remoteMirrors = new Map<number, RemoteMirror>();
  readonly jobTokenScopes = new Map<number, JobTokenScope>();
  /** How many forks each project has (kept as forks come and go, so views need no scan). */
  readonly forkCounts = new Map<number, number>();
  /**
   * Old full paths (lower case) of moved projects and groups (renamed, transferred, or below a
   * group that was): they answer 301 to the new address (as GitLab does). Written only by recordMove(),
   * which the re-indexing after every move calls.
   */
  readonly redirects = { project: new Map<string, number>(), group: new Map<string, number>() };
  /** Award emoji given by notes whose body was only an emoji: noteable key -> emoji -> user ids. */
  readonly awards = new Map<string, Map<string, Set<number>>>();
  /** Parts of the world made on first use (a project's noteables, provisioned users), by name. */
  private readonly madeOnDemand = new Set<string>();
  private readonly projectPaths = new Map<string, number>();
  private readonly groupPaths = new Map<string, number>();
  private counters: Record<string, number> = {};
  /** How long a fork's import, or a pull mirror's update, takes (ms); `--fork-duration`. */
  forkDurationMs: number = SANDBOX_DEFAULTS.forkDurationMs;
  /** Records GET /projects serves by offset (SandboxOptions.offsetWindow). */
  offsetWindow = PROJECTS_OFFSET_LIMIT;
  /** Records an offset list may hold and still carry its totals (SandboxOptions.totalsLimit). */
  totalsLimit = TOTAL_LIMIT;
  /**
   * The sandbox's clock (ms since the epoch), which moves background jobs on: tests may replace
   * it to move them without waiting.
   */
  now: () => number = Date.now;

  /** The clock's time as the API writes it (created_at, updated_at): 2024-05-01T10:00:00.000Z */
  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  /** The clock's day (UTC), YYYY-MM-DD, as the service dates expiries and deletion marks. */
  today(): string {
    return this.nowIso().slice(0, 10);
  }
  /** Immediate deletions under way (jobs.ts), finished as the clock passes their end. */
  readonly deletions: DeletionQueue = new DeletionQueue(this);
  /** Where the sandbox answers, for web_url and links: http://127.0.0.1:PORT */
  origin = 'http://127.0.0.1';

  /**
   * Whether anything may have changed since the store was seeded (a write request, data made on
   * first use, a test's own hand): Sandbox.reset() seeds a new store only then.
   */
  changed = false;
  /** Projects' views as JSON bytes, made again after any change (view-cache.ts). */
  readonly views = new ViewCache();

  /**
   * Something changed (or may be about to): every cached view is stale. The server calls it
   * before and after every request that is not a read, and the store itself for what changes on
   * a read (a background job's step, data made on first use, a removal that came due): no route
   * clears a cache by hand.
   */
  touch(): void {
    this.views.invalidate();
    this.changed = true;
  }

  /** True the first time it is asked about `part`: lazily seeded data is made then, once. */
  firstUse(part: string): boolean {
    if (this.madeOnDemand.has(part)) return false;
    this.madeOnDemand.add(part);
    this.touch();
    return true;
  }

  nextId(kind: string): number {
    this.counters[kind] = (this.counters[kind] ?? 0) + 1;
    return this.counters[kind] as number;
  }

  // ---- users and namespaces ----

  addUser(user: User): void {
    this.users.set(user.id, user);
    this.usersByToken.set(user.token, user);
    this.namespaces.set(user.namespace_id, { id: user.namespace_id, kind: 'user', ownerId: user.id });
  }

  userByName(ref: string): User | undefined {
    if (/^\d+$/.test(ref)) return this.users.get(Number(ref));
    const lower = ref.toLowerCase();
    for (const user of this.users.values()) if (user.username.toLowerCase() === lower) return user;
    return undefined;
  }

  namespacePath(namespaceId: number): string {
    const ns = this.namespaces.get(namespaceId);
    if (!ns) return '';
    if (ns.kind === 'user') return this.users.get(ns.ownerId)?.username ?? '';
    const group = this.groups.get(ns.ownerId);
    return group ? this.groupFullPath(group) : '';
  }

  /** A namespace by id or full path (group or user). */
  findNamespace(ref: string | number): Namespace | undefined {
    if (typeof ref === 'number' || /^\d+$/.test(String(ref))) return this.namespaces.get(Number(ref));
    const group = this.findGroup(String(ref));
    if (group) return this.namespaces.get(group.id);
    const user = this.userByName(String(ref));
    return user ? this.namespaces.get(user.namespace_id) : undefined;
  }

  // ---- groups ----

  addGroup(group: Group): void {
    this.groups.set(group.id, group);
    this.namespaces.set(group.id, { id: group.id, kind: 'group', ownerId: group.id });
    this.groupPaths.set(this.groupFullPath(group).toLowerCase(), group.id);
  }

  removeGroup(group: Group): void {
    for (const child of this.descendants(group)) this.removeGroupOnly(child);
    this.removeGroupOnly(group);
  }

  private removeGroupOnly(group: Group): void {
    for (const project of this.projectsInNamespace(group.id)) this.removeProject(project);
    this.groupPaths.delete(this.groupFullPath(group).toLowerCase());
    this.groups.delete(group.id);
    this.namespaces.delete(group.id);
    this.pushRules.delete(`group:${group.id}`);
    this.removeOwnedBy({ kind: 'group', id: group.id });
  }

  /**
   * Call after a group's path or parent changes: paths below it change too. Every group and
   * project whose full path changed keeps its old one as a redirect.
   */
  reindexGroupPaths(): void {
    const oldGroups = [...this.groupPaths];
    const oldProjects = [...this.projectPaths];
    this.groupPaths.clear();
    for (const group of this.groups.values()) this.groupPaths.set(this.groupFullPath(group).toLowerCase(), group.id);
    this.projectPaths.clear();
    for (const project of this.projects.values()) {
      this.projectPaths.set(this.projectFullPath(project).toLowerCase(), project.id);
    }
    this.touch();
    for (const [path, id] of oldGroups) this.recordMove('group', path, id);
    for (const [path, id] of oldProjects) this.recordMove('project', path, id);
  }

  /**
   * The one place old paths are kept: `oldPath` of a project or group that now has another
   * answers 301 (readableProject, readableGroup). A path that is someone's again is found first.
   */
  private recordMove(kind: 'project' | 'group', oldPath: string, id: number): void {
    const record = kind === 'project' ? this.projects.get(id) : this.groups.get(id);
    if (!record) return;
    const now = kind === 'project' ? this.projectFullPath(record as Project) : this.groupFullPath(record as Group);
    if (now.toLowerCase() !== oldPath.toLowerCase()) this.redirects[kind].set(oldPath.toLowerCase(), id);
  }

  groupFullPath(group: Group): string {
    const parts = [group.path];
    let parent = group.parent_id === null ? undefined : this.groups.get(group.parent_id);
    while (parent) {
      parts.unshift(parent.path);
      parent = parent.parent_id === null ? undefined : this.groups.get(parent.parent_id);
    }
    return parts.join('/');
  }

  groupFullName(group: Group): string {
    return this.ancestors(group)
      .reverse()
      .concat(group)
      .map((g) => g.name)
      .join(' / ');
  }

  /** Parent first, then its parent, up to the top. */
  ancestors(group: Group): Group[] {
    const out: Group[] = [];
    let parent = group.parent_id === null ? undefined : this.groups.get(group.parent_id);
    while (parent) {
      out.push(parent);
      parent = parent.parent_id === null ? undefined : this.groups.get(parent.parent_id);
    }
    return out;
  }

  children(group: Group): Group[] {
    return [...this.groups.values()].filter((g) => g.parent_id === group.id);
  }

  /** Every group below, depth first, each group's children in the store's order (one pass over the groups, however deep). */
  descendants(group: Group): Group[] {
    const children = new Map<number, Group[]>();
    for (const g of this.groups.values()) {
      if (g.parent_id === null) continue;
      const siblings = children.get(g.parent_id);
      if (siblings) siblings.push(g);
      else children.set(g.parent_id, [g]);
    }
    const out: Group[] = [];
    const walk = (id: number) => {
      for (const child of children.get(id) ?? []) {
        out.push(child);
        walk(child.id);
      }
    };
    walk(group.id);
    return out;
  }

  findGroup(ref: string | number): Group | undefined {
    const text = String(ref);
    if (/^\d+$/.test(text)) return this.groups.get(Number(text));
    const id = this.groupPaths.get(text.toLowerCase());
    return id === undefined ? undefined : this.groups.get(id);
  }

  groupPathTaken(fullPath: string): boolean {
    return this.groupPaths.has(fullPath.toLowerCase()) || this.projectPaths.has(fullPath.toLowerCase());
  }

  // ---- projects ----

  addProject(project: Project): void {
    this.projects.set(project.id, project);
    this.liveProjects = undefined;
    const last = this.projectIds[this.projectIds.length - 1];
    if (last === undefined || last < project.id) this.projectIds.push(project.id);
    else {
      this.projectIds.push(project.id);
      this.projectIds.sort((a, b) => a - b);
    }
    this.projectPaths.set(this.projectFullPath(project).toLowerCase(), project.id);
  }

  setForkedFrom(project: Project, sourceId: number | null): void {
    if (project.forked_from_id !== null) {
      const old = project.forked_from_id;
      this.forkCounts.set(old, Math.max(0, (this.forkCounts.get(old) ?? 1) - 1));
    }
    project.forked_from_id = sourceId;
    if (sourceId !== null) this.forkCounts.set(sourceId, (this.forkCounts.get(sourceId) ?? 0) + 1);
    this.touch();
  }

  removeProject(project: Project): void {
    if (project.forked_from_id !== null) this.setForkedFrom(project, null);
    this.projectPaths.delete(this.projectFullPath(project).toLowerCase());
    this.projects.delete(project.id);
    this.liveProjects = undefined;
    this.stars.delete(project.id);
    this.pushRules.delete(`project:${project.id}`);
    this.projectRefs.delete(project.id);
    this.jobTokenScopes.delete(project.id);
    for (const [id, schedule] of this.schedules) if (schedule.project_id === project.id) this.schedules.delete(id);
    for (const [id, mirror] of this.remoteMirrors) if (mirror.project_id === project.id) this.remoteMirrors.delete(id);
    this.removeOwnedBy({ kind: 'project', id: project.id });
    if ((this.forkCounts.get(project.id) ?? 0) > 0) {
      for (const other of this.projects.values())
        if (other.forked_from_id === project.id) this.setForkedFrom(other, null);
    }
    // projectIds is compacted lazily by allProjects().
  }

  /** A removed project's or group's hooks, variables, labels and badges go with it. */
  private removeOwnedBy(owner: OwnerKey): void {
    const owns = (item: { owner: OwnerKey }) => sameOwner(item.owner, owner);
    for (const [id, hook] of this.hooks) if (owns(hook)) this.hooks.delete(id);
    for (let i = this.variables.length - 1; i >= 0; i--)
      if (owns(this.variables[i] as CiVariable)) this.variables.splice(i, 1);
    for (const [id, label] of this.labels) if (owns(label)) this.labels.delete(id);
    for (const [id, badge] of this.badges) if (owns(badge)) this.badges.delete(id);
    for (const [id, rule] of this.approvalRules) if (owns(rule)) this.approvalRules.delete(id);
    for (const map of [this.approvalSettings, this.protectedEnvironments, this.integrations])
      map.delete(ownerKey(owner));
  }

  /** Re-index a project after its path or namespace changed; its old path redirects to it. */
  reindexProject(project: Project, oldFullPath: string): void {
    this.projectPaths.delete(oldFullPath.toLowerCase());
    this.projectPaths.set(this.projectFullPath(project).toLowerCase(), project.id);
    this.recordMove('project', oldFullPath, project.id);
    this.touch();
  }

  /** Live projects in ascending id order (shared between calls: never change it in place). */
  allProjects(): readonly Project[] {
    if (this.liveProjects) return this.liveProjects;
    const out: Project[] = [];
    let stale = false;
    for (const id of this.projectIds) {
      const project = this.projects.get(id);
      if (project) out.push(project);
      else stale = true;
    }
    if (stale) this.projectIds = out.map((p) => p.id);
    this.liveProjects = out;
    return out;
  }

  projectsInNamespace(namespaceId: number): Project[] {
    return this.allProjects().filter((p) => p.namespace_id === namespaceId);
  }

  projectFullPath(project: Project): string {
    return `${this.namespacePath(project.namespace_id)}/${project.path}`;
  }

  findProject(ref: string | number): Project | undefined {
    const text = String(ref);
    if (/^\d+$/.test(text)) return this.projects.get(Number(text));
    const id = this.projectPaths.get(text.toLowerCase());
    return id === undefined ? undefined : this.projects.get(id);
  }

  projectPathTaken(namespaceId: number, path: string): boolean {
    const full = `${this.namespacePath(namespaceId)}/${path}`.toLowerCase();
    return this.projectPaths.has(full) || this.groupPaths.has(full);
  }

  projectNameTaken(namespaceId: number, name: string, exceptId?: number): boolean {
    const lower = name.toLowerCase();
    for (const project of this.projects.values()) {
      if (project.namespace_id === namespaceId && project.name.toLowerCase() === lower && project.id !== exceptId)
        return true;
    }
    return false;
  }
}
