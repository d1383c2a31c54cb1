import type { Item } from './section.js';

/**
 * What the sections' GraphQL fills share: a node's fields read as the REST read would have them,
 * each check failing (undefined) rather than guessing, so that the section is read by REST.
 */

/** `gid://gitlab/User/5` -> 5; undefined for anything else. */
export function gidNumber(id: unknown): number | undefined {
  if (typeof id !== 'string') return undefined;
  const match = /^gid:\/\/gitlab\/[A-Za-z:]+\/(\d+)$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

export const isNode = (value: unknown): value is Item =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A nested connection's nodes, read whole: fewer than a page (100), or undefined (more would need paging). */
export function wholeNodes(connection: unknown): Item[] | undefined {
  if (!isNode(connection) || !Array.isArray(connection.nodes)) return undefined;
  const nodes = connection.nodes as unknown[];
  return nodes.length < 100 && nodes.every(isNode) ? (nodes as Item[]) : undefined;
}

/** Each node mapped, or undefined when one cannot be. */
export function allOf<T>(nodes: readonly Item[], map: (node: Item) => T | undefined): T[] | undefined {
  const out: T[] = [];
  for (const node of nodes) {
    const item = map(node);
    if (item === undefined) return undefined;
    out.push(item);
  }
  return out;
}

export const isText = (value: unknown): value is string => typeof value === 'string';
export const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
export const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * Each node mapped, in the REST list's order: by their records' IDs, ascending. A connection given
 * no order answers a relation without one by the primary key, descending (GitLab's keyset
 * connection, lib/gitlab/graphql/pagination/keyset/connection.rb, gitlabhq/gitlabhq @88d3e50d); the
 * REST list orders it by ID, ascending (lib/gitlab/pagination/offset_pagination.rb,
 * add_default_order). For the connections whose REST list has no order of its own (variables,
 * members). Undefined when a node has no such ID or cannot be mapped.
 */
export function allInRecordOrder<T>(nodes: readonly Item[], map: (node: Item) => T | undefined): T[] | undefined {
  const ids = nodes.map((node) => gidNumber(node.id));
  if (!ids.every((id) => id !== undefined)) return undefined;
  const ordered = nodes
    .map((node, at) => ({ node, id: ids[at] as number }))
    .sort((a, b) => a.id - b.id)
    .map(({ node }) => node);
  return allOf(ordered, map);
}
