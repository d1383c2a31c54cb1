import type { Context } from '../../context.js';

/** What `collab plan` and `collab apply` read from their flags alike. */
export interface DesiredFlags {
  file: string;
  only: string[];
  shard: { index: number; count: number } | undefined;
  rotateSecrets: boolean;
  concurrency: number | undefined;
}

export function desiredFlags(input: { targets: string[]; file: string | undefined; shard: DesiredFlags['shard']; rotateSecrets: boolean; concurrency: number | undefined }): DesiredFlags {
  return {
    file: input.file ?? 'collab.yaml',
    only: input.targets.map((path) => path.replace(/^\/+|\/+$/g, '')),
    shard: input.shard,
    rotateSecrets: input.rotateSecrets,
    concurrency: input.concurrency,
  };
}

export async function planOptions(ctx: Context, flags: DesiredFlags) {
  return { only: flags.only, shard: flags.shard, rotateSecrets: flags.rotateSecrets, concurrency: flags.concurrency ?? (await ctx.numberSetting('concurrency')) };
}
