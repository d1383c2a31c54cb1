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
