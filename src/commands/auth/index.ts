import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'auth',
  summary: 'Log in, check and log out of hosts',
  description: 'Tokens are kept in the config file (mode 0600). COLLAB_HOST and COLLAB_TOKEN override the store, for CI.',
  subcommands: [
    {
      name: 'login',
      summary: 'Store a token for a host after checking it with GET /user',
      options: [{ flags: '--with-token', description: 'read the token from standard input (for scripts)' }],
      examples: ['collab auth login --host https://gitlab.example.com', 'echo "$TOKEN" | collab auth login --host https://gitlab.example.com --with-token'],
      offline: true,
      load: () => import('./login.js'),
    },
    {
      name: 'status',
      summary: 'Show each stored host, its user, and whether its token works',
      offline: true,
      load: () => import('./status.js'),
    },
    {
      name: 'logout',
      summary: 'Forget the token of a host (the default host unless --host)',
      offline: true,
      load: () => import('./logout.js'),
    },
  ],
};
