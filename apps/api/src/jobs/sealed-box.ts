import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Job payloads can hold one-time codes. They sit in the job tables until delivered, so they are
 * stored sealed (AES-256-GCM) rather than in plain text.
 */
export interface SealedBox {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
}

export function createSealedBox(secret: string): SealedBox {
  const key = createHash('sha256').update(`job-payload:${secret}`).digest();
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
    },
    open<T>(sealed: string): T {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) throw new Error('Malformed sealed payload');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      return JSON.parse(plain) as T;
    },
  };
}
