import type { NounEntry } from './spec.js';

/** The top-level commands. Each noun's verbs (and their flags) load only when that noun is used. */
export const NOUNS: readonly NounEntry[] = [
  { name: 'projects', summary: 'List, create, fork, configure and remove projects', load: () => import('./projects/index.js') },
  { name: 'groups', summary: 'List, create, configure, transfer and remove groups', load: () => import('./groups/index.js') },
  { name: 'notes', summary: 'Comments on issues, merge requests, snippets and epics', load: () => import('./notes/index.js') },
  { name: 'hooks', summary: 'Webhooks of a project or a group', load: () => import('./hooks/index.js') },
  { name: 'push-rule', summary: 'The push rule of a project or a group', load: () => import('./push-rule/index.js') },
  { name: 'share', summary: 'Share a project or a group with a group', load: () => import('./share/index.js') },
  { name: 'api', summary: 'Make an authenticated request to any API path', load: () => import('./api/index.js') },
  { name: 'auth', summary: 'Log in, check and log out of hosts', load: () => import('./auth/index.js') },
  { name: 'config', summary: 'Read and change settings', load: () => import('./config/index.js') },
  { name: 'completion', summary: 'Print a shell completion script (bash, zsh, fish)', load: () => import('./completion/index.js') },
  { name: 'sandbox', summary: 'Run a local, in-memory Collaboration Service to try collab against', load: () => import('./sandbox/index.js') },
];
