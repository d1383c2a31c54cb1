import type { CommandSpec } from '../spec.js';
import { noun } from '../nouns.js';
import { asText, bool, option } from '../flags.js';
import { accountUser } from '../../params/parsers.js';
import { verb } from '../verb.js';

const USER = (what: string) => option('--user <username>', what, accountUser);

export const LOGIN = verb({
  name: 'login',
  summary:
    'Add an account to a host and make it active: its token (or a command that prints it) checked with GET /user, kept in the system keyring',
  flags: {
    // glab's name (docs.gitlab.com/cli/auth/login: `--stdin`), and docker login's --password-stdin shape.
    withToken: bool('--with-token', 'read the token from standard input (for scripts)', {
      peerNames: ['--stdin', '--token-stdin'],
    }),
    tokenCommand: option(
      '--token-command <command>',
      'store this command instead of a token; it runs in the shell, with no input and 10 s to print the token',
      asText,
    ),
    insecureStorage: bool(
      '--insecure-storage',
      'keep the token in the config file (mode 0600) instead of the system keyring',
    ),
  },
  examples: [
    'collab auth login --host https://gitlab.example.com',
    'echo "$TOKEN" | collab auth login --host https://gitlab.example.com --with-token',
    'echo "$ADMIN_TOKEN" | collab auth login --host https://gitlab.example.com --with-token --insecure-storage',
    "collab auth login --host https://gitlab.example.com --token-command 'pass show gitlab/token'",
  ],
});

export const SWITCH = verb({
  name: 'switch',
  summary: 'Make another account of a host the active one (with two accounts, the other one)',
  flags: { user: USER('the account to make active (needed with more than two accounts, unless asked at a terminal)') },
  examples: ['collab auth switch', 'collab auth switch --host https://gitlab.example.com --user root'],
});

export const STATUS = verb({
  name: 'status',
  flags: {},
  summary: 'Show every host and account, the active one, where each token is kept, and whether it works',
});

export const LOGOUT = verb({
  name: 'logout',
  summary: 'Forget an account of a host (the active one unless --user; the default host unless --host)',
  flags: { user: USER('the account to forget') },
});

export const TOKEN = verb({
  name: 'token',
  summary: 'Print the token a command would send to the host, for scripts: $(collab auth token)',
  flags: {
    user: USER("print this account's token instead of the active one's"),
    show: bool(
      '--show',
      'print it on a terminal too (refused there otherwise: a token on screen is a token in the scrollback)',
    ),
  },
  examples: [
    'GITLAB_TOKEN=$(collab auth token) some-tool',
    'collab auth token --host https://gitlab.example.com --user root --show',
  ],
});

export const spec: CommandSpec = {
  ...noun('auth'),
  description: `A host may have several accounts (an administrator's and a personal one); one
is active, and every command uses it. Tokens are kept in the system keyring
(Secret Service, Keychain, Credential Manager) where one answers, else in the
config file (mode 0600), as --insecure-storage asks; or a command that prints
the token is kept instead (--token-command), run by each command that needs
the token. COLLAB_TOKEN is sent only to COLLAB_HOST (else the default host, else
the one --host given); any other host uses its active account.`,
  subcommands: [
    { ...LOGIN, load: () => import('./login.js') },
    { ...SWITCH, load: () => import('./switch.js') },
    { ...STATUS, load: () => import('./status.js') },
    { ...LOGOUT, load: () => import('./logout.js') },
    { ...TOKEN, load: () => import('./token.js') },
  ],
};
