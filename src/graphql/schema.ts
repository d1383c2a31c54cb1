/**
 * The part of GitLab's GraphQL schema collab reads, as SDL: a subset of the types, and of their
 * fields and arguments, with GitLab's exact names and types. A TypeScript string rather than a
 * .graphql file so that both bundles (the CLI's back and dist/sandbox.js) carry it without a loader
 * and nothing reads a file at run time.
 *
 * Source: GitLab's GraphQL reference, gitlabhq/gitlabhq `doc/api/graphql/reference/_index.md` at
 * commit 0016ea0586afbe89b5823f3fc254045ce7115af2: sections `Query.*`, `Project`, `Group`,
 * `BranchRule`, `BranchProtection`, `MergeAccessLevel`, `PushAccessLevel`, `AccessLevel*`,
 * `CiProjectVariable`, `CiGroupVariable`, `Label`, `MemberInterface`, `ProjectMember`,
 * `GroupMember`, `PipelineSchedule`, `PipelineScheduleVariable`, `ProjectCiCdSetting`,
 * `CiJobTokenScopeType`, `CiJobTokenAccessibleGroup`, `CiJobTokenAccessibleProject`, `ProjectPermissions`, `QueryComplexity`, `PageInfo`, the
 * connection and edge types, the enums (`AccessLevelEnum`, `CiVariableType`, `CiVariableSort`,
 * `LabelSearchFieldList`, `MemberSort`, `ProjectMemberRelation`, `GroupMemberRelation`,
 * `PipelineScheduleSort`, `PipelineScheduleStatus`, `UserState`) and the scalars (`ProjectID`, `UserID`,
 * `ProjectsBranchRuleID`, `Time`; `LabelID` as named there; `UserCore` as the `User` interface
 * lists it). A subset: the fields collab reads and the sandbox answers (labels' createdAt,
 * updatedAt and lockOnMerge are left out: the sandbox keeps none of them). Facts from the
 * reference worth knowing on the client side:
 * - `Query.projects(fullPaths:)`: "You cannot provide more than 50 full paths."
 * - `Project.pipelineSchedules`: "can only be resolved for one project per request."
 * - `Group.projects` returns `ProjectConnection!`.
 * - `Project.labels(searchIn:)` and `Group.labels(searchIn:)` are `[LabelSearchFieldList!]!` with no
 *   default in the reference; the SDL defaults them to every field (`[TITLE, DESCRIPTION]`) so a
 *   query without them validates here: pass `searchIn` to a real instance to be safe.
 */
export const GITLAB_SDL = /* GraphQL */ `
"""Time represented in ISO 8601."""
scalar Time
"""A global ID: gid://gitlab/Project/1."""
scalar ProjectID
"""A global ID: gid://gitlab/Group/1."""
scalar GroupID
"""A global ID: gid://gitlab/User/1."""
scalar UserID
"""A global ID of a label."""
scalar LabelID
"""A global ID: gid://gitlab/Projects::BranchRule/1."""
scalar ProjectsBranchRuleID

type Query {
  project(fullPath: ID!): Project
  projects(
    ids: [ID!]
    fullPaths: [String!]
    membership: Boolean
    search: String
    sort: String
    after: String
    before: String
    first: Int
    last: Int
  ): ProjectConnection
  group(fullPath: ID!): Group
  queryComplexity: QueryComplexity
}

type QueryComplexity {
  limit: Int
  score: Int
}

type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
}

type Project {
  id: ID!
  fullPath: ID!
  name: String!
  nameWithNamespace: String!
  path: String!
  archived: Boolean
  visibility: String
  webUrl: String
  group: Group
  ciCdSettings: ProjectCiCdSetting
  ciJobTokenScope: CiJobTokenScopeType
  userPermissions: ProjectPermissions!
  branchRules(buildMissing: Boolean, after: String, before: String, first: Int, last: Int): BranchRuleConnection
  ciVariables(sort: CiVariableSort, after: String, before: String, first: Int, last: Int): CiProjectVariableConnection
  labels(
    includeAncestorGroups: Boolean
    searchIn: [LabelSearchFieldList!]! = [TITLE, DESCRIPTION]
    searchTerm: String
    title: String
    after: String
    before: String
    first: Int
    last: Int
  ): LabelConnection
  pipelineSchedules(
    ids: [ID!]
    sort: PipelineScheduleSort
    status: PipelineScheduleStatus
    after: String
    before: String
    first: Int
    last: Int
  ): PipelineScheduleConnection
  projectMembers(
    relations: [ProjectMemberRelation!]
    search: String
    sort: MemberSort
    after: String
    before: String
    first: Int
    last: Int
  ): MemberInterfaceConnection
}

type ProjectConnection {
  edges: [ProjectEdge]
  nodes: [Project]
  pageInfo: PageInfo!
}
type ProjectEdge {
  cursor: String!
  node: Project
}

type Group {
  id: ID!
  fullPath: ID!
  fullName: String!
  name: String!
  path: String!
  visibility: String
  webUrl: String!
  parent: Group
  ciVariables(sort: CiVariableSort, after: String, before: String, first: Int, last: Int): CiGroupVariableConnection
  labels(
    includeAncestorGroups: Boolean
    includeDescendantGroups: Boolean
    onlyGroupLabels: Boolean
    searchIn: [LabelSearchFieldList!]! = [TITLE, DESCRIPTION]
    searchTerm: String
    title: String
    after: String
    before: String
    first: Int
    last: Int
  ): LabelConnection
  groupMembers(
    accessLevels: [AccessLevelEnum!]
    enterprise: Boolean
    relations: [GroupMemberRelation!]
    search: String
    sort: MemberSort
    after: String
    before: String
    first: Int
    last: Int
  ): GroupMemberConnection
  projects(
    archivedOnly: Boolean
    ids: [ID!]
    includeArchived: Boolean
    includeSubgroups: Boolean
    notAimedForDeletion: Boolean
    search: String
    withIssuesEnabled: Boolean
    withMergeRequestsEnabled: Boolean
    after: String
    before: String
    first: Int
    last: Int
  ): ProjectConnection!
}

type ProjectPermissions {
  adminProject: Boolean!
  readProject: Boolean!
}

type ProjectCiCdSetting {
  inboundJobTokenScopeEnabled: Boolean
  jobTokenScopeEnabled: Boolean
}

type CiJobTokenScopeType {
  groupsAllowlist(after: String, before: String, first: Int, last: Int): CiJobTokenAccessibleGroupConnection!
  groupsAllowlistCount: Int!
  inboundAllowlist(after: String, before: String, first: Int, last: Int): CiJobTokenAccessibleProjectConnection!
  inboundAllowlistCount: Int!
}

type CiJobTokenAccessibleGroup {
  avatarUrl: String
  fullPath: ID!
  id: ID!
  name: String!
  path: String!
  webUrl: String
}
type CiJobTokenAccessibleGroupConnection {
  edges: [CiJobTokenAccessibleGroupEdge]
  nodes: [CiJobTokenAccessibleGroup]
  pageInfo: PageInfo!
}
type CiJobTokenAccessibleGroupEdge {
  cursor: String!
  node: CiJobTokenAccessibleGroup
}

type CiJobTokenAccessibleProject {
  avatarUrl: String
  fullPath: ID!
  id: ID!
  name: String!
  path: String!
  webUrl: String
}
type CiJobTokenAccessibleProjectConnection {
  edges: [CiJobTokenAccessibleProjectEdge]
  nodes: [CiJobTokenAccessibleProject]
  pageInfo: PageInfo!
}
type CiJobTokenAccessibleProjectEdge {
  cursor: String!
  node: CiJobTokenAccessibleProject
}

enum CiVariableType {
  ENV_VAR
  FILE
}
enum CiVariableSort {
  KEY_ASC
  KEY_DESC
}

type CiProjectVariable {
  description: String
  environmentScope: String
  hidden: Boolean
  id: ID!
  key: String
  masked: Boolean
  protected: Boolean
  raw: Boolean
  value: String
  variableType: CiVariableType
}
type CiProjectVariableConnection {
  edges: [CiProjectVariableEdge]
  nodes: [CiProjectVariable]
  pageInfo: PageInfo!
}
type CiProjectVariableEdge {
  cursor: String!
  node: CiProjectVariable
}

type CiGroupVariable {
  description: String
  environmentScope: String
  hidden: Boolean
  id: ID!
  key: String
  masked: Boolean
  protected: Boolean
  raw: Boolean
  value: String
  variableType: CiVariableType
}
type CiGroupVariableConnection {
  edges: [CiGroupVariableEdge]
  nodes: [CiGroupVariable]
  pageInfo: PageInfo!
}
type CiGroupVariableEdge {
  cursor: String!
  node: CiGroupVariable
}

enum LabelSearchFieldList {
  TITLE
  DESCRIPTION
}
type Label {
  id: LabelID!
  color: String!
  description: String
  textColor: String!
  title: String!
}
type LabelConnection {
  edges: [LabelEdge]
  nodes: [Label]
  pageInfo: PageInfo!
}
type LabelEdge {
  cursor: String!
  node: Label
}

type BranchRule {
  branchProtection: BranchProtection
  createdAt: Time
  id: ProjectsBranchRuleID
  isDefault: Boolean!
  isProtected: Boolean!
  matchingBranchesCount: Int!
  name: String!
  updatedAt: Time
}
type BranchRuleConnection {
  edges: [BranchRuleEdge]
  nodes: [BranchRule]
  pageInfo: PageInfo!
}
type BranchRuleEdge {
  cursor: String!
  node: BranchRule
}
type BranchProtection {
  allowForcePush: Boolean!
  codeOwnerApprovalRequired: Boolean!
  mergeAccessLevels(after: String, before: String, first: Int, last: Int): MergeAccessLevelConnection
  pushAccessLevels(after: String, before: String, first: Int, last: Int): PushAccessLevelConnection
}

type MergeAccessLevel {
  accessLevel: Int!
  accessLevelDescription: String!
  group: AccessLevelGroup
  user: AccessLevelUser
}
type MergeAccessLevelConnection {
  edges: [MergeAccessLevelEdge]
  nodes: [MergeAccessLevel]
  pageInfo: PageInfo!
}
type MergeAccessLevelEdge {
  cursor: String!
  node: MergeAccessLevel
}
type PushAccessLevel {
  accessLevel: Int!
  accessLevelDescription: String!
  deployKey: AccessLevelDeployKey
  group: AccessLevelGroup
  user: AccessLevelUser
}
type PushAccessLevelConnection {
  edges: [PushAccessLevelEdge]
  nodes: [PushAccessLevel]
  pageInfo: PageInfo!
}
type PushAccessLevelEdge {
  cursor: String!
  node: PushAccessLevel
}
type AccessLevelUser {
  avatarUrl: String
  id: ID!
  name: String!
  publicEmail: String
  username: String!
  webPath: String!
  webUrl: String!
}
type AccessLevelGroup {
  avatarUrl: String
  id: ID!
  name: String!
  parent: AccessLevelGroup
  webUrl: String!
}
type AccessLevelDeployKey {
  id: ID!
  title: String!
  user: AccessLevelUser!
}

enum AccessLevelEnum {
  NO_ACCESS
  MINIMAL_ACCESS
  GUEST
  PLANNER
  REPORTER
  DEVELOPER
  MAINTAINER
  OWNER
  ADMIN
}
type AccessLevel {
  humanAccess: String
  integerValue: Int
  stringValue: AccessLevelEnum
}
type UserCore {
  bot: Boolean!
  id: UserID!
  name: String!
  state: UserState!
  username: String!
  webUrl: String!
}
enum UserState {
  active
  banned
  blocked
  blocked_pending_approval
  deactivated
  ldap_blocked
}

enum ProjectMemberRelation {
  DIRECT
  INHERITED
  DESCENDANTS
  INVITED_GROUPS
  SHARED_INTO_ANCESTORS
}
enum GroupMemberRelation {
  DESCENDANTS
  DIRECT
  INHERITED
  SHARED_FROM_GROUPS
}
enum MemberSort {
  ACCESS_LEVEL_ASC
  ACCESS_LEVEL_DESC
  CREATED_ASC
  CREATED_DESC
  UPDATED_ASC
  UPDATED_DESC
  USER_FULL_NAME_ASC
  USER_FULL_NAME_DESC
}

interface MemberInterface {
  accessLevel: AccessLevel
  createdAt: Time
  createdBy: UserCore
  expiresAt: Time
  id: ID!
  updatedAt: Time
  user: UserCore
}
type ProjectMember implements MemberInterface {
  accessLevel: AccessLevel
  createdAt: Time
  createdBy: UserCore
  expiresAt: Time
  id: ID!
  updatedAt: Time
  user: UserCore
  project: Project
}
type GroupMember implements MemberInterface {
  accessLevel: AccessLevel
  createdAt: Time
  createdBy: UserCore
  expiresAt: Time
  id: ID!
  updatedAt: Time
  user: UserCore
  group: Group
}
type MemberInterfaceConnection {
  edges: [MemberInterfaceEdge]
  nodes: [MemberInterface]
  pageInfo: PageInfo!
}
type MemberInterfaceEdge {
  cursor: String!
  node: MemberInterface
}
type GroupMemberConnection {
  edges: [GroupMemberEdge]
  nodes: [GroupMember]
  pageInfo: PageInfo!
}
type GroupMemberEdge {
  cursor: String!
  node: GroupMember
}

enum PipelineScheduleSort {
  CREATED_AT_ASC
  CREATED_AT_DESC
  DESCRIPTION_ASC
  DESCRIPTION_DESC
  ID_ASC
  ID_DESC
  NEXT_RUN_AT_ASC
  NEXT_RUN_AT_DESC
  REF_ASC
  REF_DESC
  UPDATED_AT_ASC
  UPDATED_AT_DESC
}
enum PipelineScheduleStatus {
  ACTIVE
  INACTIVE
}
type PipelineSchedule {
  active: Boolean!
  createdAt: Time!
  cron: String!
  cronTimezone: String!
  description: String
  forTag: Boolean!
  id: ID!
  nextRunAt: Time
  owner: UserCore
  project: Project
  realNextRun: Time
  ref: String
  refForDisplay: String
  refPath: String
  updatedAt: Time!
  variables(after: String, before: String, first: Int, last: Int): PipelineScheduleVariableConnection
}
type PipelineScheduleConnection {
  edges: [PipelineScheduleEdge]
  nodes: [PipelineSchedule]
  pageInfo: PageInfo!
}
type PipelineScheduleEdge {
  cursor: String!
  node: PipelineSchedule
}
type PipelineScheduleVariable {
  id: ID!
  key: String
  raw: Boolean
  value: String
  variableType: CiVariableType
}
type PipelineScheduleVariableConnection {
  edges: [PipelineScheduleVariableEdge]
  nodes: [PipelineScheduleVariable]
  pageInfo: PageInfo!
}
type PipelineScheduleVariableEdge {
  cursor: String!
  node: PipelineScheduleVariable
}
`;
