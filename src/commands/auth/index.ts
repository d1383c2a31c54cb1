import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { asText, bool, option } from '../flags.js';
import { verb } from '../verb.js';

export const LOGIN = verb({
  name: 'login',
  summary: 'Store a token (or a command that prints it) for a host after checking it with GET /user',
  flags: {
    withToken: bool('--with-token', 'read the token from standard input (for scripts)'),
    tokenCommand: option('--token-command <command>', 'store this command instead of a token; it runs in the shell, with no input and 10 s to print the token', asText),
  },
  examples: [
    'collab auth login --host https://gitlab.example.com',
    'echo "$TOKEN" | collab auth login --host https://gitlab.example.com --with-token',
    "collab auth login --host https://gitlab.example.com --token-command 'pass show gitlab/token'",
    "collab auth login --host https://gitlab.example.com --token-command 'secret-tool lookup service collab host gitlab.example.com'",
  ],
});

export const STATUS = verb({ name: 'status', flags: {}, summary: 'Show which token each host uses, where it comes from, and whether it works' });

export const LOGOUT = verb({ name: 'logout', flags: {}, summary: 'Forget the token of a host (the default host unless --host)' });

export const spec: CommandSpec = {
  ...noun('auth'),
  description: `Tokens are kept in the config file (mode 0600), or a command that prints the token is kept
instead (--token-command: a password manager or the desktop keyring), run once by each command that
needs the token. COLLAB_TOKEN is sent only to COLLAB_HOST (else the default host, else the one
--host given); any other host uses its own stored token or command.`,
  subcommands: [
    { ...LOGIN, load: () => import('./login.js') },
    { ...STATUS, load: () => import('./status.js') },
    { ...LOGOUT, load: () => import('./logout.js') },
  ],
};
