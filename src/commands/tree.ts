import { NOUNS } from './manifest.js';
import type { CommandSpec } from './spec.js';

/** Every noun's definition: for completion scripts and tests of the whole tree. */
export async function loadCommandTree(): Promise<CommandSpec[]> {
  return Promise.all(NOUNS.map(async (entry) => (await entry.load()).spec));
}
