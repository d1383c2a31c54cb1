import type { ParamSpec } from './types.js';

/** The algorithms of the public keys GitLab takes (Gitlab::SSHPublicKey.supported_algorithms): the first word of a key's line. */
export const SSH_KEY_ALGORITHMS: readonly string[] = [
  'ssh-rsa',
  'ssh-dss',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ecdsa-sha2-nistp256@openssh.com',
  'sk-ssh-ed25519@openssh.com',
];

/** POST /projects/:id/deploy_keys (title and key aside). */
export const DEPLOY_KEY_PARAMS = [
  { name: 'can_push', type: 'boolean', description: 'the key may push to the repository (read-only by default)' },
  { name: 'expires_at', type: 'datetime', description: 'when the key stops working (ISO 8601)' },
] as const satisfies readonly ParamSpec[];

/** PUT /projects/:id/deploy_keys/:key_id: the title and can_push only. */
export const DEPLOY_KEY_UPDATE_PARAMS = [
  { name: 'title', type: 'string', description: 'the key’s title' },
  DEPLOY_KEY_PARAMS[0],
] as const satisfies readonly ParamSpec[];
