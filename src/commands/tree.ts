/** Every noun's definition (defined beside the nouns' list, which the completion verb is given it from). */
export { loadCommandTree } from './manifest.js';
