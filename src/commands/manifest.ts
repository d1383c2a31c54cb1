import { type NounName, noun } from './nouns.js';
import type { CommandSpec, NounEntry } from './spec.js';
import { withVerbAliases } from './style.js';

/** The top-level commands (names and summaries from nouns.ts). A noun's verbs and flags load only when that noun is used. */
const LOADERS: Record<NounName, () => Promise<{ spec: CommandSpec }>> = {
  projects: () => import('./projects/index.js'),
  groups: () => import('./groups/index.js'),
  notes: () => import('./notes/index.js'),
  hooks: () => import('./hooks/index.js'),
  'push-rule': () => import('./push-rule/index.js'),
  share: () => import('./share/index.js'),
  variables: () => import('./variables/index.js'),
  labels: () => import('./labels/index.js'),
  badges: () => import('./badges/index.js'),
  'protected-branches': () => import('./protected-refs/branches.js'),
  'protected-tags': () => import('./protected-refs/tags.js'),
  'deploy-keys': () => import('./deploy-keys/index.js'),
  'approval-rules': () => import('./approval-rules/index.js'),
  'approval-settings': () => import('./approval-settings/index.js'),
  schedules: () => import('./schedules/index.js'),
  mirrors: () => import('./mirrors/index.js'),
  'job-token-scope': () => import('./job-token-scope/index.js'),
  'protected-environments': () => import('./protected-environments/index.js'),
  integrations: () => import('./integrations/index.js'),
  plan: () => import('./plan/index.js'),
  apply: () => import('./apply/index.js'),
  'access-report': () => import('./access-report/index.js'),
  export: () => import('./export/index.js'),
  users: () => import('./users/index.js'),
  api: () => import('./api/index.js'),
  auth: () => import('./auth/index.js'),
  config: () => import('./config/index.js'),
  // The completion verb is given the tree here: its module importing the manifest would close a cycle.
  completion: async () => {
    const { spec } = await import('./completion/index.js');
    return {
      spec: { ...spec, load: async () => (await import('./completion/run.js')).completionOver(loadCommandTree) },
    };
  },
  sandbox: () => import('./sandbox/index.js'),
};

export const NOUNS: readonly NounEntry[] = (Object.keys(LOADERS) as NounName[]).map((name) => ({
  ...noun(name),
  load: async () => {
    const loaded = await LOADERS[name]();
    return { ...loaded, spec: withVerbAliases(loaded.spec) };
  },
}));

/** Every noun's definition: for completion scripts and tests of the whole tree. */
export async function loadCommandTree(): Promise<CommandSpec[]> {
  return Promise.all(NOUNS.map(async (entry) => (await entry.load()).spec));
}

/** The noun a word of argv names, by its name or an alias. */
export function findNoun(word: string | undefined): NounEntry | undefined {
  return word === undefined ? undefined : NOUNS.find((entry) => entry.name === word || entry.aliases?.includes(word));
}

/**
 * The commands below the nouns named `word` (by name or alias), as paths: `members` is `projects
 * members` and `groups members`. For the hint of an unknown top-level command, so it loads every noun.
 */
export async function commandsNamed(word: string): Promise<string[]> {
  const found: string[] = [];
  const visit = (spec: CommandSpec, path: string[]) => {
    for (const sub of spec.subcommands ?? []) {
      const subPath = [...path, sub.name];
      if (sub.name === word || sub.aliases?.includes(word)) found.push(subPath.join(' '));
      visit(sub, subPath);
    }
  };
  for (const spec of await loadCommandTree()) visit(spec, [spec.name]);
  return found;
}
