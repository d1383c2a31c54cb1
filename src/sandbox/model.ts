import type { Visibility } from '../params/visibility.js';

/** The sandbox's in-memory state: plain records, indexed for the lookups the routes make. */

export interface StoredFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface User {
  id: number;
  username: string;
  name: string;
  email: string;
  /** GitLab's user states: blocked, ldap_blocked and banned are each a kind of blocked (`blocked?`). */
  state: 'active' | 'blocked' | 'ldap_blocked' | 'banned' | 'deactivated';
  /** The day the user was last active (YYYY-MM-DD), or null: deactivation needs 90 days without. */
  last_activity_on: string | null;
  is_admin: boolean;
  external: boolean;
  bot: boolean;
  can_create_group: boolean;
  created_at: string;
  token: string;
  namespace_id: number;
  /** Provisioned by this group (group SAML/SCIM), for GET /groups/:id/provisioned_users. */
  provisioned_by_group_id: number | null;
}

/**
 * What a membership records besides its level (`members` maps user id to level): when and by
 * whom it was made, and when it ends. A member without details (seeded, or added by a project's
 * creation or a member import) was there from the start of its project or group. A membership
 * past its expires_at still counts, as on the service until its daily RemoveExpiredMembersWorker
 * removes it; the sandbox runs no such job.
 */
export interface MemberDetails {
  created_at: string;
  created_by: number | null;
  expires_at: string | null;
}

/** Where members are: a project or a group. */
export type MemberSource = { kind: 'project'; project: Project } | { kind: 'group'; group: Group };

export interface ShareLink {
  group_id: number;
  group_access_level: number;
  expires_at: string | null;
}

export interface LdapLink {
  cn: string | null;
  filter: string | null;
  group_access: number;
  provider: string;
}

export interface Group {
  id: number;
  name: string;
  path: string;
  description: string;
  visibility: Visibility;
  parent_id: number | null;
  created_at: string;
  /** Every other attribute of the group (settings), as the API names them. */
  attrs: Record<string, unknown>;
  members: Map<number, number>;
  memberDetails: Map<number, MemberDetails>;
  shares: ShareLink[];
  ldap_links: LdapLink[];
  marked_for_deletion_on: string | null;
  /** An immediate deletion under way: the group answers until it is done. */
  deletion: BackgroundJob | null;
  avatar: StoredFile | null;
  custom_attributes: Record<string, string>;
  statistics: Record<string, number>;
}

export type { Visibility };

/** A job the service runs in the background, moved on by the clock (jobs.ts). */
export interface BackgroundJob {
  /** When it started (ms since the epoch). */
  startedAt: number;
  /** How long it takes (ms). */
  durationMs: number;
}

/** A fork's, an import URL's or a pull mirror's copy of a repository (import_status, import_error). */
export interface ImportState extends BackgroundJob {
  status: 'none' | 'scheduled' | 'started' | 'finished' | 'failed';
  error: string | null;
  willFail: boolean;
  /** The import_error it ends with if it fails (a fork's message when not given). */
  failure?: string;
}

export interface Project {
  id: number;
  name: string;
  path: string;
  namespace_id: number;
  description: string | null;
  visibility: Visibility;
  created_at: string;
  last_activity_at: string;
  creator_id: number;
  /** Settings and other attributes, as the API names them. */
  attrs: Record<string, unknown>;
  topics: string[];
  /** The repository's branches (names only: no commits are kept); none in an empty repository. */
  branches: string[];
  /** Its tags, each on the one commit the sandbox keeps (routes/repository.ts). */
  tags: RepositoryTag[];
  members: Map<number, number>;
  memberDetails: Map<number, MemberDetails>;
  shares: ShareLink[];
  forked_from_id: number | null;
  import: ImportState;
  archived: boolean;
  marked_for_deletion_on: string | null;
  /** An immediate deletion under way: the project answers until it is done. */
  deletion: BackgroundJob | null;
  avatar: StoredFile | null;
  uploads: Array<{ id: number; secret: string; file: StoredFile }>;
  languages: Record<string, number>;
  custom_attributes: Record<string, string>;
  statistics: Record<string, number>;
  /** When housekeeping last started (ms), for GitLab's 24-hour lease; null if never. */
  housekeepingStartedAt: number | null;
  /**
   * Cached JSON of the full view without `permissions`, as UTF-8 bytes (lists copy them into the
   * page as they are), with the store's version it was made at: ViewCache.json() (view-cache.ts) alone reads
   * and writes it, and any change to the store makes it stale.
   */
  json: { version: number; bytes: Buffer } | undefined;
}

export interface Namespace {
  id: number;
  kind: 'group' | 'user';
  /** Group id or user id. */
  ownerId: number;
}

export type NoteableKind = 'issue' | 'merge_request' | 'snippet' | 'epic';

/** An issue, merge request, snippet or epic: just enough to carry notes. */
export interface Noteable {
  id: number;
  iid: number;
  kind: NoteableKind;
  /** Project id, or group id for epics. */
  parentId: number;
  title: string;
  author_id: number;
  created_at: string;
  confidential: boolean;
}

export interface Note {
  id: number;
  noteableKey: string;
  body: string;
  author_id: number;
  created_at: string;
  updated_at: string;
  system: boolean;
  confidential: boolean;
}

export interface Hook {
  id: number;
  owner: OwnerKey;
  url: string;
  token: string | null;
  created_at: string;
  /** Event flags and other settings (push_events, enable_ssl_verification, push_events_branch_filter...). */
  attrs: Record<string, unknown>;
}

export interface PushRule {
  id: number;
  owner: { kind: 'project' | 'group'; id: number };
  created_at: string;
  attrs: Record<string, unknown>;
}

/**
 * One entry of who may push, merge, unprotect or create: a role's level, a deploy key (push), or
 * (Premium) a user or a group, whose entry holds no level (the API pages answer it `null`). The
 * routes make roles and deploy keys; a test may keep a user's or a group's entry in the store.
 */
export interface RefAccess {
  id: number;
  access_level: number | null;
  deploy_key_id?: number;
  user_id?: number;
  group_id?: number;
}

/** A tag: annotated when it has a message (and then a date), lightweight when not. */
export interface RepositoryTag {
  name: string;
  message: string | null;
  created_at: string | null;
}

export interface ProtectedBranch {
  id: number;
  name: string;
  push: RefAccess[];
  merge: RefAccess[];
  unprotect: RefAccess[];
  allow_force_push: boolean;
  code_owner_approval_required: boolean;
}

export interface ProtectedTag {
  id: number;
  name: string;
  create: RefAccess[];
}

/** A deploy key: one record however many projects have it enabled (each with its own can_push). */
export interface DeployKey {
  id: number;
  title: string;
  key: string;
  fingerprint: string;
  fingerprint_sha256: string;
  created_at: string;
  expires_at: string | null;
  /** Who added it first: keys they can manage elsewhere may be enabled by them again. */
  user_id: number;
}

/** A project's protected branches and tags (by name, in the order they were made) and its deploy keys (key id -> can_push). */
export interface ProjectRefs {
  branches: Map<string, ProtectedBranch>;
  tags: Map<string, ProtectedTag>;
  deployKeys: Map<number, { can_push: boolean }>;
}

/** What a CI/CD variable, a label, a badge or a hook belongs to. */
export interface OwnerKey {
  kind: 'project' | 'group';
  id: number;
}

/** The same project, or the same group (a project and a group may share an ID). */
export function sameOwner(a: OwnerKey, b: OwnerKey): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** A CI/CD variable: its identity is key + environment_scope within its owner. */
export interface CiVariable {
  owner: OwnerKey;
  key: string;
  value: string;
  variable_type: 'env_var' | 'file';
  protected: boolean;
  masked: boolean;
  /** masked_and_hidden: the value is never answered again. */
  hidden: boolean;
  raw: boolean;
  environment_scope: string;
  description: string | null;
}

export interface Label {
  id: number;
  owner: OwnerKey;
  name: string;
  /** `#RRGGBB` (a CSS name given is stored as its hex). */
  color: string;
  description: string | null;
  /** Project labels only. */
  priority: number | null;
}

export interface Badge {
  id: number;
  owner: OwnerKey;
  name: string | null;
  link_url: string;
  image_url: string;
}

/** A project's merge request approval rule (Premium). */
export interface ApprovalRule {
  id: number;
  owner: OwnerKey;
  name: string;
  rule_type: 'regular' | 'any_approver';
  approvals_required: number;
  user_ids: number[];
  group_ids: number[];
  protected_branch_ids: number[];
  applies_to_all_protected_branches: boolean;
}

/** Who may deploy to or approve a deployment to a protected environment: a role, a user or a group. */
export interface EnvironmentAccess {
  id: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  group_inheritance_type: number;
  /** Approval rules only. */
  required_approvals?: number;
}

/** A protected environment of a project or (a deployment tier) of a group (Premium). */
export interface ProtectedEnvironment {
  owner: OwnerKey;
  name: string;
  deploy: EnvironmentAccess[];
  approvals: EnvironmentAccess[];
  required_approval_count: number;
}

/** An integration set up on a project or group: its slug, events and properties (secret ones included, never shown). */
export interface Integration {
  id: number;
  owner: OwnerKey;
  slug: string;
  active: boolean;
  created_at: string;
  updated_at: string;
  events: Record<string, boolean>;
  properties: Record<string, unknown>;
}

/** A project's pipeline schedule (doc/api/pipeline_schedules.md). */
export interface PipelineSchedule {
  id: number;
  project_id: number;
  description: string;
  /** Always a full ref: the service expands `main` to `refs/heads/main`. */
  ref: string;
  cron: string;
  cron_timezone: string;
  active: boolean;
  created_at: string;
  updated_at: string;
  owner_id: number;
  variables: Array<{ key: string; value: string; variable_type: 'env_var' | 'file'; raw: boolean }>;
  /** Pipelines run by play (the sandbox runs none: it counts them). */
  played: number;
}

/** A project's push mirror (doc/api/remote_mirrors.md): the URL with its credentials, never answered with them. */
export interface RemoteMirror {
  id: number;
  project_id: number;
  url: string;
  enabled: boolean;
  only_protected_branches: boolean;
  keep_divergent_refs: boolean;
  mirror_branch_regex: string | null;
  auth_method: 'password' | 'ssh_public_key';
  update_status: 'none' | 'scheduled' | 'started' | 'finished' | 'failed';
  last_update_started_at: string | null;
  created_at: string;
  /**
   * The public half of the key GitLab makes once the mirror signs in by SSH key, and keeps
   * (MirrorAuthentication's generate_ssh_private_key!, before validation when none is held).
   */
  ssh_public_key: string | null;
}

/** A project's CI/CD job token scope (doc/api/project_job_token_scopes.md): the limit and its two allowlists. */
export interface JobTokenScope {
  inbound_enabled: boolean;
  projects: number[];
  groups: number[];
}
