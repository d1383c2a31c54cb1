import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';

export const spec: CommandSpec = {
  ...noun('completion'),
  description: `Generated from the command tree: commands, subcommands, flags and their choices; the paths of
projects and groups come from the service as you type (the scripts run \`collab __complete\`).
  bash:  source <(collab completion bash)
  zsh:   collab completion zsh > "\${fpath[1]}/_collab"
  fish:  collab completion fish > ~/.config/fish/completions/collab.fish`,
  args: [{ name: 'shell', description: 'bash, zsh or fish' }],
  load: () => import('./run.js'),
};
