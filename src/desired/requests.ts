import { createGroup, updateGroup } from '../api/groups.js';
import { createProject, updateProject } from '../api/projects.js';
import { CollabError } from '../errors.js';
import type { ApiRequest } from '../http/client.js';
import type { RequestSpec } from './model.js';
import { SECTIONS } from './sections/index.js';
import { withSecrets } from './sections/common.js';
import type { ChangeRequest, OnTarget } from './sections/section.js';

/**
 * A change's request as data (RequestSpec) -> the src/api/ descriptors that send it, with their
 * `recover` and idempotence rules. What only the moment of sending knows is asked of `Resolver`:
 * a secret's value from its template, a group's ID from its path (a parent made by this apply).
 */
export interface Resolver {
  /** `${env:NAME}` / `${file:path}` templates in a string -> their values now. */
  secret(text: string): string;
  groupId(ref: string | number): Promise<number>;
  /**
   * A project's ID from its path (one made by this apply), for the routes that take no path (a job
   * token allowlist's); showing a change, the ref as the plan names it.
   */
  projectId(ref: string | number): Promise<string | number>;
  namespaceId(path: string): Promise<number>;
  /** A user's ID from the username the file names (an approver). */
  userId(username: string): Promise<number>;
  /** A project's protected branch's ID from its name (protected earlier in this apply, perhaps). */
  protectedBranchId(project: string | number, name: string): Promise<number>;
  /** When a resumed change was first sent (its journal line): a recovery looks for what was made since then. */
  sentAt?: number | undefined;
  /** Where relative file paths (avatar) start: the desired-state file's directory. Undefined: only showing, no file is read. */
  dir: string | undefined;
}

type Body = Record<string, unknown>;

/** Each section's operations -> the section (create and update are the target's own). */
const BY_OP = new Map(SECTIONS.flatMap((section) => (section.ops ?? []).map((op) => [op as string, section] as const)));

const resolveBody = (body: Body, resolver: Resolver): Body => withSecrets(body, (text) => resolver.secret(text));

/** The requests a change sends, in order: the target's own (its creation, its one PUT), or its section's. */
export async function toApiRequests(spec: RequestSpec, resolver: Resolver): Promise<ChangeRequest[]> {
  if (spec.op === 'create') return [await createRequest(spec, resolveBody(spec.body, resolver), resolver)];
  if (spec.op === 'update')
    return [
      spec.kind === 'project'
        ? updateProject(spec.ref, resolveBody(spec.body, resolver))
        : updateGroup(spec.ref, resolveBody(spec.body, resolver)),
    ];
  const section = BY_OP.get(spec.op);
  if (!section?.send) {
    throw new CollabError(
      'usage',
      `the plan has a change made by ${JSON.stringify(spec.op)}, which this collab does not know`,
      { hint: 'make the plan again with this collab: `collab plan --out <file>`' },
    );
  }
  return section.send(spec, resolver);
}

/** Whether this collab knows how to send an operation (a saved plan from another build may name one it does not). */
export const knownOperation = (op: unknown): boolean => op === 'create' || op === 'update' || BY_OP.has(op as string);

/** Changes of the same batch go out as one request (a target's settings, its push rule). */
export const batchOf = (spec: RequestSpec): string | undefined => ('batch' in spec ? spec.batch : undefined);

/** A batch's changes as one request: the first's, with every body merged (a target's settings, its push rule). */
export function mergeBatch(first: RequestSpec, others: readonly RequestSpec[]): RequestSpec {
  if (others.length === 0 || !('batch' in first)) return first;
  return { ...first, body: Object.assign({}, first.body, ...others.map((spec) => ('body' in spec ? spec.body : {}))) };
}

/** A missing group or project, made with its settings in the create call; its parent by ID (made earlier in this apply, perhaps). */
async function createRequest(spec: OnTarget, body: Body, resolver: Resolver): Promise<ApiRequest> {
  const slash = spec.path.lastIndexOf('/');
  const parent = slash > 0 ? spec.path.slice(0, slash) : undefined;
  const path = spec.path.slice(slash + 1);
  const params = { name: path, path, ...body };
  if (spec.kind === 'group')
    return createGroup(
      { ...params, ...(parent ? { parent_id: await resolver.groupId(parent) } : {}) },
      undefined,
      resolver.sentAt,
    );
  return createProject(
    { ...params, namespace_id: await resolver.namespaceId(parent ?? '') },
    { sentAt: resolver.sentAt },
  );
}

/** Resolves nothing: for showing what a change sends (templates stay templates, IDs not looked up). */
const SHOWING: Resolver = {
  secret: (text) => text,
  groupId: async () => 0,
  projectId: async (ref) => ref,
  namespaceId: async () => 0,
  userId: async () => 0,
  protectedBranchId: async () => 0,
  dir: undefined,
};

/** `PUT /projects/42`, `POST /groups/7/hooks`: what a change sends, for people, from the same descriptors apply sends. */
export async function sendsText(spec: RequestSpec): Promise<string> {
  return (await toApiRequests(spec, SHOWING)).map((req) => `${req.method} ${req.path}`).join(', ');
}
