import type { CommandInput } from '../spec.js';
import type { Context } from '../../context.js';

/** What `collab plan` and `collab apply` read from their flags alike. */
export interface DesiredFlags {
  file: string;
  only: string[];
  shard: { index: number; count: number } | undefined;
  rotateSecrets: boolean;
  concurrency: number | undefined;
}

export function desiredFlags(input: CommandInput): DesiredFlags {
  const o = input.options;
  return {
    file: (o.file as string | undefined) ?? 'collab.yaml',
    only: input.args.map((path) => path.replace(/^\/+|\/+$/g, '')),
    shard: o.shard as DesiredFlags['shard'],
    rotateSecrets: o.rotateSecrets === true,
    concurrency: o.concurrency as number | undefined,
  };
}

export async function planOptions(ctx: Context, flags: DesiredFlags) {
  return { only: flags.only, shard: flags.shard, rotateSecrets: flags.rotateSecrets, concurrency: flags.concurrency ?? (await ctx.setting('concurrency', 8)) };
}
