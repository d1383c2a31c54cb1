import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';

export const spec: CommandSpec = {
  ...noun('auth'),
  description: `Tokens are kept in the config file (mode 0600), or a command that prints the token is kept
instead (--token-command: a password manager or the desktop keyring), run once by each command that
needs the token. COLLAB_TOKEN is sent only to COLLAB_HOST (else the default host, else the one
--host given); any other host uses its own stored token or command.`,
  subcommands: [
    {
      name: 'login',
      summary: 'Store a token (or a command that prints it) for a host after checking it with GET /user',
      options: [
        { flags: '--with-token', description: 'read the token from standard input (for scripts)' },
        { flags: '--token-command <command>', description: 'store this command instead of a token; it runs in the shell, with no input and 10 s to print the token' },
      ],
      examples: [
        'collab auth login --host https://gitlab.example.com',
        'echo "$TOKEN" | collab auth login --host https://gitlab.example.com --with-token',
        "collab auth login --host https://gitlab.example.com --token-command 'pass show gitlab/token'",
        "collab auth login --host https://gitlab.example.com --token-command 'secret-tool lookup service collab host gitlab.example.com'",
      ],
      load: () => import('./login.js'),
    },
    {
      name: 'status',
      summary: 'Show which token each host uses, where it comes from, and whether it works',
      load: () => import('./status.js'),
    },
    {
      name: 'logout',
      summary: 'Forget the token of a host (the default host unless --host)',
      load: () => import('./logout.js'),
    },
  ],
};
