import {
  buildSchema,
  type DocumentNode,
  type FieldNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  typeFromAST,
} from 'graphql';
import { GITLAB_SDL } from './schema.js';

/**
 * GitLab's GraphQL limits, from `doc/api/graphql/_index.md` (section Limits) of gitlabhq/gitlabhq at
 * commit 0c97aa5810d9daea001280eae7e3346eb1dd62b0.
 */
export const GRAPHQL_LIMITS = {
  /** "100 records (nodes) per page" for most connections. */
  maxPageSize: 100,
  /** "200 for unauthenticated requests and 250 for authenticated requests". */
  maxComplexityAuthenticated: 250,
  maxComplexityUnauthenticated: 200,
  /** "10,000 characters per query or mutation". */
  maxQueryCharacters: 10_000,
} as const;

const PAGINATION = new Set(['after', 'before', 'first', 'last']);

let schema: GraphQLSchema | undefined;
/** The schema of `GITLAB_SDL`, built once. */
export function gitlabSchema(): GraphQLSchema {
  schema ??= buildSchema(GITLAB_SDL);
  return schema;
}

/**
 * A query's complexity as GitLab scores it. The doc says each field adds 1, more for some fields
 * and some arguments; how is GitLab's code (gitlabhq/gitlabhq `app/graphql/types/base_field.rb` at
 * d9b3f39acad88d81eb7a75627c4325651fb7ff13, `app/graphql/resolvers/base_resolver.rb` at
 * 0653e08efd039a5905f3fa4f6e9cef9f5d2f799c):
 * - a field is 1 plus its selections;
 * - a field with a resolver adds 1, 1 more with `sort`, 5 more with `search`, to its selections, and
 *   when it is a connection, 1% of that for each item it may load (`first`, `last` or the page size
 *   of 100, the least of them; none with `iid`/`iids`): 100 items double it, truncated to an integer.
 * Which connections have a resolver the reference tells by where it lists them: under "Fields with
 * arguments" (arguments other than the four of pagination: `Project.labels`, `Group.projects`) they
 * have one; in a type's plain "Fields" table (`BranchProtection.pushAccessLevels`,
 * `PipelineSchedule.variables`) they are plain fields. The SDL keeps that: a connection whose only
 * arguments are pagination counts as a plain field.
 * Fragments count as if written out, for every type they name. Throws on a field the schema lacks:
 * validate first.
 */
export function queryComplexity(
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
  onSchema: GraphQLSchema = gitlabSchema(),
): number {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((op) => op.name?.value === operationName) : operations[0];
  if (!operation) throw new Error(`no operation${operationName ? ` named ${operationName}` : ''} in the document`);
  const root = operation.operation === 'query' ? onSchema.getQueryType() : onSchema.getMutationType();
  if (!root) throw new Error(`the schema has no ${operation.operation} type`);
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [],
    ),
  );

  const selectionsOf = (set: SelectionSetNode | undefined, type: GraphQLCompositeType): number => {
    let sum = 0;
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) sum += fieldComplexity(selection, type);
      else {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
        if (!fragment)
          throw new Error(`unknown fragment ${selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : ''}`);
        const condition = fragment.typeCondition ? typeFromAST(onSchema, fragment.typeCondition) : type;
        sum += selectionsOf(fragment.selectionSet, isCompositeType(condition) ? condition : type);
      }
    }
    return sum;
  };

  const fieldComplexity = (node: FieldNode, parent: GraphQLCompositeType): number => {
    if (node.name.value.startsWith('__')) return 1;
    const fields = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields() : {};
    const field = fields[node.name.value];
    if (!field) throw new Error(`${parent.name} has no field ${node.name.value}`);
    const returned = getNamedType(field.type);
    const children = isCompositeType(returned) ? selectionsOf(node.selectionSet, returned) : 0;
    if (!returned.name.endsWith('Connection') || !field.args.some((arg) => !PAGINATION.has(arg.name)))
      return 1 + children;
    const args = getArgumentValues(field, node, variables);
    let complexity = children + 1 + (args.sort !== undefined ? 1 : 0) + (args.search !== undefined ? 5 : 0);
    const items = Math.min(
      ...[args.first, args.last, GRAPHQL_LIMITS.maxPageSize].filter((n): n is number => typeof n === 'number'),
    );
    const perItem = args.iid !== undefined || args.iids !== undefined ? 0 : 0.01;
    complexity += complexity * (items * perItem);
    return Math.trunc(complexity);
  };

  return selectionsOf(operation.selectionSet, root);
}
