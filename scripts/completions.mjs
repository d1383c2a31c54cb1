// Regenerates completions/ from the command tree (the test suite fails when they are stale).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

for (const [shell, file] of [['bash', 'collab.bash'], ['zsh', '_collab'], ['fish', 'collab.fish']]) {
  const script = execFileSync('node', ['bin/collab.js', 'completion', shell], { encoding: 'utf8' });
  writeFileSync(`completions/${file}`, script);
  console.error(`completions/${file}`);
}
