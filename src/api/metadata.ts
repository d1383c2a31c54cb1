import type { ApiRequest, ApiResponse } from '../http/client.js';

/**
 * GET /metadata (doc/api/metadata.md @ec05f6eb, GitLab 15.2 and later): `enterprise` says whether
 * the instance is the Enterprise Edition; `false` is GitLab Free, which has none of the paid
 * features (src/params/tiers.ts). An older instance answers 404: its tier is then unknown.
 */
export interface Metadata {
  version?: string;
  enterprise?: boolean;
}

export function getMetadata(): ApiRequest {
  return { method: 'GET', path: '/metadata', expect: 'object', okStatuses: [404] };
}

/** Whether GET /metadata's answer says GitLab Free (an instance too old to say is taken for a paid one). */
export function isFreeAnswer(answer: ApiResponse<Metadata>): boolean {
  return answer.status !== 404 && answer.data.enterprise === false;
}
