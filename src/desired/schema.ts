import {
  boolean,
  literal,
  minLength,
  optional,
  record,
  string,
  strictObject,
  toJSONSchema,
  type ZodMiniType,
} from 'zod/mini';
import { SECTIONS } from './sections/index.js';

/**
 * The schema of collab.yaml, made of each section's (sections/, built from the src/params/ tables as
 * src/config/schema.ts builds the config file's from its table): every settable field of project
 * and group create/update is a key of `settings`, with the service's own name and the type and
 * choices the table gives it. The JSON Schema of `collab apply --schema` is made from these same objects.
 */

export type TargetKind = 'project' | 'group';

/** What a target (or a level that applies to targets) may say, by kind (`both` is `defaults`): the sections of that kind, in the registry's order. */
function sections(kind: TargetKind | 'both'): Record<string, ZodMiniType> {
  const own = SECTIONS.filter((section) => kind === 'both' || section.kinds.includes(kind));
  // Those of both kinds first, then a kind's own.
  const ordered = [
    ...own.filter((s) => s.kinds.length > 1),
    ...own.filter((s) => s.kinds.length === 1 && s.kinds[0] === 'project'),
    ...own.filter((s) => s.kinds.length === 1 && s.kinds[0] === 'group'),
  ];
  return {
    inherit: optional(boolean()),
    skip: optional(boolean()),
    create: optional(boolean()),
    ...Object.fromEntries(ordered.map((section) => [section.name, optional(section.schema(kind))])),
  };
}

const projectLevel = strictObject(sections('project'));
const groupLevel = strictObject({
  ...sections('group'),
  projects: optional(projectLevel),
  subgroups: optional(strictObject(sections('group'))),
});

export const DESIRED_SCHEMA = strictObject({
  version: literal(1),
  defaults: optional(strictObject(sections('both'))),
  groups: optional(recordOf(groupLevel)),
  projects: optional(recordOf(projectLevel)),
});

/** A map of paths (or globs) to levels. */
function recordOf(value: ZodMiniType): ZodMiniType {
  return record(string().check(minLength(1)), value);
}

/** The JSON Schema of the file, for editors (`collab apply --schema`). */
export async function jsonSchema(): Promise<unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'collab.yaml (collab plan / collab apply)',
    ...(toJSONSchema(DESIRED_SCHEMA) as object),
  };
}
