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
  plan: () => import('./plan/index.js'),
  apply: () => import('./apply/index.js'),
  users: () => import('./users/index.js'),
  api: () => import('./api/index.js'),
  auth: () => import('./auth/index.js'),
  config: () => import('./config/index.js'),
  completion: () => import('./completion/index.js'),
  sandbox: () => import('./sandbox/index.js'),
};

export const NOUNS: readonly NounEntry[] = (Object.keys(LOADERS) as NounName[]).map((name) => ({
  ...noun(name),
  load: async () => {
    const loaded = await LOADERS[name]();
    return { ...loaded, spec: withVerbAliases(loaded.spec) };
  },
}));

/** The noun a word of argv names, by its name or an alias. */
export function findNoun(word: string | undefined): NounEntry | undefined {
  return word === undefined ? undefined : NOUNS.find((entry) => entry.name === word || entry.aliases?.includes(word));
}
