import type { CommandSpec } from './spec.js';

/**
 * The house style of the command tree that can be derived rather than written, here its verbs'
 * aliases: every noun's verbs of the same kind answer to the same short names, as gh's and
 * kubectl's do. Written here only; manifest.ts applies it to each noun as it loads, so help,
 * the parser, completion and `collab __complete` all see the same aliases.
 */
export const VERB_ALIASES: Readonly<Record<string, readonly string[]>> = {
  list: ['ls'],
  view: ['show', 'get'],
  update: ['edit'],
  delete: ['rm'],
  remove: ['rm'],
};

/** A noun's tree with the verbs' aliases of VERB_ALIASES added (at every depth: `groups ldap-links ls`). */
export function withVerbAliases(spec: CommandSpec): CommandSpec {
  const subcommands = spec.subcommands?.map((sub) => {
    const extra = (VERB_ALIASES[sub.name] ?? []).filter((alias) => !(sub.aliases ?? []).includes(alias));
    const withAliases = extra.length > 0 ? { ...sub, aliases: [...(sub.aliases ?? []), ...extra] } : sub;
    return withVerbAliases(withAliases);
  });
  return subcommands ? { ...spec, subcommands } : spec;
}
