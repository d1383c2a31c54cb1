import { createHash } from 'node:crypto';
import { SSH_KEY_ALGORITHMS } from '../params/deploy-keys.js';

/**
 * An OpenSSH public key line (`ssh-ed25519 AAAA… comment`) as GitLab's Key model checks it: a
 * supported algorithm, then a base64 blob whose first field names the same algorithm; its
 * fingerprints are the MD5 of the blob in colon-separated hex and `SHA256:` with the blob's
 * SHA-256 in unpadded base64 (`ssh-keygen -l`'s forms).
 */
const ALGORITHMS: ReadonlySet<string> = new Set(SSH_KEY_ALGORITHMS);

interface PublicKey {
  /** The line as stored: GitLab strips it and drops line breaks. */
  key: string;
  fingerprint: string;
  fingerprint_sha256: string;
}

/** The key and its fingerprints, or undefined when it is no public key GitLab accepts. */
export function readPublicKey(text: string): PublicKey | undefined {
  const key = text.replace(/[\r\n]/g, '').trim();
  const [algorithm, encoded] = key.split(/\s+/);
  if (
    algorithm === undefined ||
    encoded === undefined ||
    !ALGORITHMS.has(algorithm) ||
    !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)
  )
    return undefined;
  const blob = Buffer.from(encoded, 'base64');
  if (blob.length < 4) return undefined;
  const nameLength = blob.readUInt32BE(0);
  if (
    4 + nameLength > blob.length ||
    blob.subarray(4, 4 + nameLength).toString('latin1') !== algorithm ||
    4 + nameLength === blob.length
  )
    return undefined;
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
