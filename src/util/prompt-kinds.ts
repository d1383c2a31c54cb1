// The prompts collab asks, each from its own package: @inquirer/prompts, which holds them all, also
// holds the editor prompt, and with it iconv-lite's tables of encodings (0.5 MB of the back bundle,
// read at the start of every command).
export { default as input } from '@inquirer/input';
export { default as password } from '@inquirer/password';
export { default as select } from '@inquirer/select';
