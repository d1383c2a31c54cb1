/**
 * The API's paid features, by the paths that serve them: GitLab's API docs mark each page
 * "Tier: Premium, Ultimate" (doc/api/merge_request_approvals.md @003efb27,
 * merge_request_approval_settings.md @017a6c12, protected_environments.md @ec05f6eb,
 * group_protected_environments.md @8ea46daa). GitLab Free has no such route: it answers them as any unknown path, 404 `{"error": "404 Not Found"}`. The sandbox's
 * `--tier free` answers so, and collab reads that answer as "needs a paid tier" (src/http/service-error.ts).
 */
export interface PaidFeature {
  /** What it is, as a sentence names it ("merge request approval rules need a paid tier"). */
  name: string;
  /** The API paths that serve it, below /api/v4. */
  path: RegExp;
}

const OWNED = '^/(projects|groups)/[^/]+';

const PAID_FEATURES: readonly PaidFeature[] = [
  { name: 'merge request approval rules', path: new RegExp(`${OWNED}/approval_rules(/|$)`) },
  { name: 'merge request approval settings', path: new RegExp(`${OWNED}/merge_request_approval_setting$`) },
  { name: 'protected environments', path: new RegExp(`${OWNED}/protected_environments(/|$)`) },
  // doc/api/project_pull_mirroring.md @ec05f6eb: "Tier: Premium, Ultimate" (the spec's "paid tier" too).
  { name: 'pull mirrors', path: /^\/projects\/[^/]+\/mirror\/pull$/ },
];

/** The paid feature a path below /api/v4 belongs to, if any. */
export function paidFeatureAt(path: string): PaidFeature | undefined {
  return PAID_FEATURES.find((feature) => feature.path.test(path));
}

/** What collab says of one (exit 3: the instance's tier, like a role, decides who may). */
export const paidTierMessage = (feature: string) =>
  `${feature} need a paid tier (GitLab Premium or Ultimate): this instance is GitLab Free`;
