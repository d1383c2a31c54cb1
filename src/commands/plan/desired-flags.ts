import { statSync } from 'node:fs';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import type { Env } from '../../runtime.js';

type Shard = { index: number; count: number };

/** What `collab plan` and `collab apply` read from their flags alike. */
export interface DesiredFlags {
  file: string;
  only: string[];
  /** `auto`: GitLab CI's parallel job (CI_NODE_INDEX of CI_NODE_TOTAL), read when the run starts. */
  shard: Shard | 'auto' | undefined;
  rotateSecrets: boolean;
  allowMissing: boolean;
  concurrency: number | undefined;
  /** --no-graphql: false; undefined: the graphql setting decides. */
  graphql: boolean | undefined;
}

interface DesiredInput {
  targets: string[];
  file: string | undefined;
  shard: DesiredFlags['shard'];
  rotateSecrets: boolean;
  allowMissing: boolean;
  concurrency: number | undefined;
  graphql: boolean | undefined;
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * A word that names an existing file is the file (`collab apply plan.json`, terraform's habit), never
 * a target filter that would select nothing and pass as "no changes"; beside -f it is refused.
 */
export function desiredFlags(input: DesiredInput): DesiredFlags {
  const files = input.targets.filter(isFile);
  if (files.length > 0 && input.file !== undefined) {
    throw new CollabError(
      'usage',
      `${files[0]} is a file, not a target: the file is given with -f (here ${input.file})`,
      { hint: `drop ${files[0]}, or give it as -f ${files[0]}` },
    );
  }
  if (files.length > 1)
    throw new CollabError('usage', `${files.join(' and ')} are files: one file at a time`, {
      hint: `collab … -f ${files[0]}`,
    });
  return {
    file: input.file ?? files[0] ?? 'collab.yaml',
    only: input.targets.filter((word) => !files.includes(word)).map((path) => path.replace(/^\/+|\/+$/g, '')),
    shard: input.shard,
    rotateSecrets: input.rotateSecrets,
    allowMissing: input.allowMissing,
    concurrency: input.concurrency,
    graphql: input.graphql,
  };
}

/**
 * `--shard auto`: GitLab CI's `parallel:` job says which it is in CI_NODE_INDEX (1-based) of
 * CI_NODE_TOTAL (GitLab's predefined CI/CD variables); without them there is nothing to go by.
 */
export function shardOf(shard: DesiredFlags['shard'], env: Env): Shard | undefined {
  if (shard !== 'auto') return shard;
  const index = Number(env.CI_NODE_INDEX);
  const count = Number(env.CI_NODE_TOTAL);
  if (
    !env.CI_NODE_INDEX ||
    !env.CI_NODE_TOTAL ||
    !Number.isInteger(index) ||
    !Number.isInteger(count) ||
    index < 1 ||
    index > count
  ) {
    const seen =
      env.CI_NODE_INDEX || env.CI_NODE_TOTAL
        ? ` (CI_NODE_INDEX=${env.CI_NODE_INDEX ?? ''}, CI_NODE_TOTAL=${env.CI_NODE_TOTAL ?? ''})`
        : '';
    throw new CollabError(
      'usage',
      `--shard auto needs CI_NODE_INDEX and CI_NODE_TOTAL, as a GitLab CI job with parallel: sets them${seen}`,
      { hint: 'give --shard k/n, or run it in a job with parallel: N' },
    );
  }
  return { index, count };
}

export async function planOptions(ctx: VerbContext, flags: DesiredFlags) {
  return {
    only: flags.only,
    shard: shardOf(flags.shard, ctx.session.env),
    rotateSecrets: flags.rotateSecrets,
    allowMissing: flags.allowMissing,
    concurrency: flags.concurrency ?? (await ctx.session.numberSetting('concurrency')),
    graphql: await graphqlAllowed(ctx, flags.graphql),
  };
}

/** Whether reads may go through GraphQL: --no-graphql says no, else the graphql setting (settings table: true). */
export async function graphqlAllowed(ctx: VerbContext, flag: boolean | undefined): Promise<boolean> {
  return flag ?? (await ctx.session.textSetting('graphql')) === 'true';
}
