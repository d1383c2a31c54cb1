/** The built entry point (bin/collab.js loads it): runs the program and exits with its code. */
import { runAndExit } from './main.js';

await runAndExit(process.argv);
