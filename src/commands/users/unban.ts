import { moderate } from './moderate.js';

export const run = moderate('unban');
