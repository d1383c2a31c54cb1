import { CollabError } from '../../errors.js';
import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { arg } from '../flags.js';
import { verb } from '../verb.js';

/** What completion.run.ts generates: a shell's script, or `markdown`, the command reference (docs/COMMANDS.md). */
const SHELLS = ['bash', 'zsh', 'fish', 'markdown'] as const;
export type Shell = (typeof SHELLS)[number];

function shellName(value: string): Shell {
  const found = SHELLS.find((shell) => shell === value);
  if (found === undefined)
    throw new CollabError('usage', `unsupported shell "${value}"`, { hint: 'choose bash, zsh or fish' });
  return found;
}

export const COMPLETION = verb({
  ...noun('completion'),
  description: `Generated from the command tree: commands, subcommands, flags and their choices; the paths of
projects and groups come from the service as you type (the scripts run \`collab __complete\`).
  bash:  source <(collab completion bash)
  zsh:   collab completion zsh > "\${fpath[1]}/_collab"
  fish:  collab completion fish > ~/.config/fish/completions/collab.fish`,
  args: { shell: arg({ name: 'shell', description: 'bash, zsh or fish' }, shellName) },
});

// Its implementation is named by the manifest, which gives it the command tree (completion/run.ts).
export const spec: CommandSpec = COMPLETION;
