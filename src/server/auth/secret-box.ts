import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/types.ts';
import { sharedSecret } from './server-secrets.ts';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

/**
 * Encrypts secrets at rest (integration credentials) with AES-256-GCM. The key is
 * WATCHFLOOR_SECRETS_KEY when set (32 bytes, base64), else a server secret kept in the database.
 * Each value is bound to what it belongs to (the associated data, e.g. an integration id), so a
 * sealed value copied onto another row does not open.
 */
export class SecretBox {
  private constructor(
    private readonly key: Buffer,
    private readonly keyId: string,
  ) {}

  static fromKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new Error('WATCHFLOOR_SECRETS_KEY must be 32 bytes, base64-encoded');
    return new SecretBox(key, createHash('sha256').update(key).digest('base64url').slice(0, 8));
  }

  /** The box every process of this database agrees on. */
  static async open(db: Db, configuredKey: string | undefined): Promise<SecretBox> {
    const encoded =
      configuredKey ??
      String(await sharedSecret(db, 'secrets_key', () => randomBytes(32).toString('base64')));
    return SecretBox.fromKey(Buffer.from(encoded, 'base64'));
  }

  seal(value: unknown, associatedData: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    cipher.setAAD(Buffer.from(associatedData));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  unseal(sealed: string, associatedData: string): unknown {
    const [version, keyId, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    if (keyId !== this.keyId) throw new Error('sealed with another key than WATCHFLOOR_SECRETS_KEY');
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  }
}
