import type { ApiRequest } from '../http/client.js';
import { apiPath } from '../http/path.js';

/** A namespace (a group, or a user's own) as GET /namespaces/:id answers: the fields collab reads. */
export interface NamespaceRecord {
  id: number;
  full_path: string;
  kind?: string;
  [key: string]: unknown;
}

/** GET /namespaces/:id, by ID or full path. */
export function getNamespace(namespace: string | number): ApiRequest {
  return { method: 'GET', path: apiPath`/namespaces/${namespace}`, expect: 'object' };
}
