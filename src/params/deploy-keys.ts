import type { ParamSpec } from './types.js';

/** The algorithms of the public keys GitLab takes (Gitlab::SSHPublicKey.supported_algorithms): the first word of a key's line. */
const SSH_KEY_ALGORITHMS: readonly string[] = [
  'ssh-rsa',
  'ssh-dss',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ecdsa-sha2-nistp256@openssh.com',
  'sk-ssh-ed25519@openssh.com',
];

/**
 * An OpenSSH public key line (`ssh-ed25519 AAAA… comment`) as GitLab's Key model takes it, line
 * breaks dropped and trimmed: a supported algorithm, then a base64 blob whose first field names
 * the same algorithm, with key material after it (Gitlab::SSHPublicKey; a key it cannot read is
 * `key is invalid`, `fingerprint_sha256 cannot be generated`). Undefined when it is none.
 */
export function publicKeyLine(text: string): string | undefined {
  const key = text.replace(/[\r\n]/g, '').trim();
  const [algorithm, encoded] = key.split(/\s+/);
  if (algorithm === undefined || encoded === undefined || !SSH_KEY_ALGORITHMS.includes(algorithm)) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const blob = Buffer.from(encoded, 'base64');
  if (blob.length < 4) return undefined;
  const nameLength = blob.readUInt32BE(0);
  const named = 4 + nameLength < blob.length && blob.subarray(4, 4 + nameLength).toString('latin1') === algorithm;
  return named ? key : undefined;
}

/** A deploy key's `key`, held to publicKeyLine by the flag, collab.yaml and the sandbox. */
export const DEPLOY_KEY_KEY = {
  name: 'key',
  type: 'string',
  description: 'the public key (the .pub file’s one line)',
  rule: {
    what: 'public key',
    source: 'doc/api/deploy_keys.md (key); app/models/key.rb, Gitlab::SSHPublicKey',
    // A private key given by mistake is a secret: the message never quotes what was given.
    secret: true,
    checks: [
      {
        ok: (value: string) => publicKeyLine(value) !== undefined,
        says: 'must be an OpenSSH public key line such as "ssh-ed25519 AAAA… comment" (the .pub file, never the private key)',
      },
    ],
  },
} as const satisfies ParamSpec;

/** POST /projects/:id/deploy_keys (title and key aside). */
export const DEPLOY_KEY_PARAMS = [
  { name: 'can_push', type: 'boolean', description: 'the key may push to the repository (read-only by default)' },
  { name: 'expires_at', type: 'datetime', description: 'when the key stops working (ISO 8601)' },
] as const satisfies readonly ParamSpec[];

/** A key's title: present, at most 255 characters (Key: `validates :title, presence: true, length: { maximum: 255 }`: app/models/key.rb). */
export const DEPLOY_KEY_TITLE = {
  name: 'title',
  type: 'string',
  description: 'the key’s title',
  rule: { what: 'deploy key title', source: 'app/models/key.rb (title)', minLength: 1, maxLength: 255 },
} as const satisfies ParamSpec;

/** PUT /projects/:id/deploy_keys/:key_id: the title and can_push only. */
export const DEPLOY_KEY_UPDATE_PARAMS = [
  DEPLOY_KEY_TITLE,
  DEPLOY_KEY_PARAMS[0],
] as const satisfies readonly ParamSpec[];
