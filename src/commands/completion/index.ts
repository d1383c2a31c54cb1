import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'completion',
  summary: 'Print a shell completion script (bash, zsh, fish)',
  description: `Generated from the command tree: commands, subcommands, flags and their choices.
  bash:  source <(collab completion bash)
  zsh:   collab completion zsh > "\${fpath[1]}/_collab"
  fish:  collab completion fish > ~/.config/fish/completions/collab.fish`,
  args: [{ name: 'shell', description: 'bash, zsh or fish' }],
  offline: true,
  load: () => import('./run.js'),
};
