// Regenerates completions/ and docs/COMMANDS.md from the command tree (tests fail when they are stale).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

for (const [shell, file] of [
  ['bash', 'completions/collab.bash'],
  ['zsh', 'completions/_collab'],
  ['fish', 'completions/collab.fish'],
  ['markdown', 'docs/COMMANDS.md'],
]) {
  const script = execFileSync('node', ['bin/collab.js', 'completion', shell], { encoding: 'utf8' });
  writeFileSync(file, script);
  console.error(file);
}
