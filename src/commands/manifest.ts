import type { CommandSpec, NounEntry } from './spec.js';

/**
 * The top-level commands: their names, aliases and summaries are written here only (help lists
 * them without loading any noun); each noun's definition (index.ts) starts from its entry.
 * A noun's verbs (and their flags) load only when that noun is used.
 */
export const NOUNS: readonly NounEntry[] = [
  { name: 'projects', aliases: ['project'], summary: 'List, create, fork, configure and remove projects', load: () => import('./projects/index.js') },
  { name: 'groups', aliases: ['group'], summary: 'List, create, configure, transfer and remove groups', load: () => import('./groups/index.js') },
  { name: 'notes', summary: 'Comments on issues, merge requests, snippets and epics', load: () => import('./notes/index.js') },
  { name: 'hooks', aliases: ['hook'], summary: 'Webhooks of a project or a group', load: () => import('./hooks/index.js') },
  { name: 'push-rule', aliases: ['push-rules'], summary: 'The push rule of a project or a group', load: () => import('./push-rule/index.js') },
  { name: 'share', aliases: ['shares'], summary: 'Share a project or a group with a group', load: () => import('./share/index.js') },
  { name: 'api', summary: 'Make an authenticated request to any API path', load: () => import('./api/index.js') },
  { name: 'auth', summary: 'Log in, check and log out of hosts', load: () => import('./auth/index.js') },
  { name: 'config', summary: 'Read and change settings', load: () => import('./config/index.js') },
  { name: 'completion', summary: 'Print a shell completion script (bash, zsh, fish)', load: () => import('./completion/index.js') },
  { name: 'sandbox', summary: 'Run a local, in-memory Collaboration Service to try collab against', load: () => import('./sandbox/index.js') },
];

/** The noun a word of argv names, by its name or an alias. */
export function findNoun(word: string | undefined): NounEntry | undefined {
  return word === undefined ? undefined : NOUNS.find((entry) => entry.name === word || entry.aliases?.includes(word));
}

/** What a noun's definition takes from its entry here: name, aliases, summary. */
export function noun(name: string): Pick<CommandSpec, 'name' | 'aliases' | 'summary'> {
  const entry = NOUNS.find((n) => n.name === name);
  if (!entry) throw new Error(`${name} is not a noun of src/commands/manifest.ts`);
  return { name: entry.name, ...(entry.aliases ? { aliases: entry.aliases } : {}), summary: entry.summary };
}
