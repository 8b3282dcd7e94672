/**
 * The key pair that signs backups (scripts/backup-core.ts), apart from the age pair that
 * encrypts them: anyone with the public age recipient can make a file that decrypts, so only a
 * valid Ed25519 signature says a file was made by `npm run backup`. BACKUP_SIGNING_KEY (private,
 * PKCS#8 DER in base64) is set only where backups are made; BACKUP_VERIFY_KEY (public, SPKI DER
 * in base64) where restores run. `npm run backup -- --keygen` prints both pairs.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { generateIdentity, identityToRecipient } from 'age-encryption';

/** What a signature covers: this label, then the SHA-512 of the whole ciphertext. */
const SIGNED_LABEL = Buffer.from('site-backup/2 signature of the ciphertext\n', 'utf8');

export class BackupKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupKeyError';
  }
}

/** Where each half of the signing pair comes from, and how its DER is read. */
const ED25519_KEYS = {
  private: {
    variable: 'BACKUP_SIGNING_KEY',
    load: (der: Buffer) => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
  },
  public: {
    variable: 'BACKUP_VERIFY_KEY',
    load: (der: Buffer) => createPublicKey({ key: der, format: 'der', type: 'spki' }),
  },
} as const;

function ed25519(text: string, type: keyof typeof ED25519_KEYS): KeyObject {
  const { variable, load } = ED25519_KEYS[type];
  let key: KeyObject | undefined;
  try {
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(text.trim())) key = load(Buffer.from(text.trim(), 'base64'));
  } catch {
    key = undefined;
  }
  if (key?.asymmetricKeyType !== 'ed25519' || key.type !== type) {
    throw new BackupKeyError(
      `${variable} must be an Ed25519 ${type} key as \`npm run backup -- --keygen\` prints it.`,
    );
  }
  return key;
}

export const signingKey = (text: string): KeyObject => ed25519(text, 'private');

export const verifyKey = (text: string): KeyObject => ed25519(text, 'public');

/** The signature of a ciphertext whose SHA-512 is `digest`. */
export const signDigest = (digest: Buffer, key: KeyObject): Buffer =>
  sign(null, Buffer.concat([SIGNED_LABEL, digest]), key);

export const verifyDigest = (digest: Buffer, signature: Uint8Array, key: KeyObject): boolean =>
  verify(null, Buffer.concat([SIGNED_LABEL, digest]), key, signature);

/** A new signing pair, as the variables take them. */
export function makeSigningPair(): { signing: string; verify: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    signing: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    verify: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** Both pairs, as lines of a .env file with where each one goes. */
export async function keygenText(): Promise<string> {
  const identity = await generateIdentity();
  const pair = makeSigningPair();
  return [
    '# Where backups are made (the GitHub workflow secrets):',
    `BACKUP_RECIPIENT=${await identityToRecipient(identity)}`,
    `BACKUP_SIGNING_KEY=${pair.signing}`,
    '# Where restores run (keep BACKUP_IDENTITY offline, in the password manager):',
    `BACKUP_IDENTITY=${identity}`,
    `BACKUP_VERIFY_KEY=${pair.verify}`,
  ].join('\n');
}
