import { createHash } from 'node:crypto';
import { publicKeyLine } from '../params/deploy-keys.js';

/**
 * A public key as the sandbox keeps it: the line publicKeyLine reads (src/params/deploy-keys.ts, the
 * rule every entry point holds a key to), with its fingerprints, the MD5 of the blob in
 * colon-separated hex and `SHA256:` with the blob's SHA-256 in unpadded base64 (`ssh-keygen -l`'s forms).
 */
interface PublicKey {
  /** The line as stored: GitLab strips it and drops line breaks. */
  key: string;
  fingerprint: string;
  fingerprint_sha256: string;
}

/** The key and its fingerprints, or undefined when it is no public key GitLab accepts. */
export function readPublicKey(text: string): PublicKey | undefined {
  const key = publicKeyLine(text);
  if (key === undefined) return undefined;
  const blob = Buffer.from(key.split(/\s+/)[1] as string, 'base64');
  const md5 = createHash('md5').update(blob).digest('hex').match(/../g) as string[];
  const sha256 = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return { key, fingerprint: md5.join(':'), fingerprint_sha256: `SHA256:${sha256}` };
}

/** An ssh-ed25519 line for 32 bytes of key material (the seed's keys: well formed, made without randomness). */
export function ed25519Line(material: Buffer, comment: string): string {
  const name = Buffer.from('ssh-ed25519');
  const field = (bytes: Buffer): Buffer => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(name), field(material)]).toString('base64')} ${comment}`;
}

/** An SSH wire-format string: its length as a 32-bit big-endian number, then its bytes. */
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/**
 * The public half of the RSA key GitLab makes for a mirror that signs in by SSH key: 4096 bits
 * (MirrorAuthentication's SSH_PRIVATE_KEY_OPTS, app/models/concerns/mirror_authentication.rb,
 * gitlabhq/gitlabhq @4bcec743), commented `git@<host>`. A well-formed line of exponent 65537 whose
 * modulus is drawn from `seed` (the sandbox holds no private key and signs nothing).
 */
export function mirrorRsaPublicKey(seed: string, host: string): string {
  const chunks: Buffer[] = [];
  for (let i = 0; chunks.length * 64 < 512; i++) chunks.push(createHash('sha512').update(`${seed}:${i}`).digest());
  const modulus = Buffer.concat(chunks).subarray(0, 512);
  modulus[0] = (modulus[0] as number) | 0x80;
  modulus[511] = (modulus[511] as number) | 1;
  const blob = Buffer.concat([
    sshString(Buffer.from('ssh-rsa')),
    sshString(Buffer.from([0x01, 0x00, 0x01])),
    // An mpint whose top bit is set takes a leading zero byte, so that it reads as positive.
    sshString(Buffer.concat([Buffer.from([0]), modulus])),
  ]);
  return `ssh-rsa ${blob.toString('base64')} git@${host}`;
}
