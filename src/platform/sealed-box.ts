import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/**
 * Small values sealed with a key that never enters the database: AES-256-GCM under a key derived
 * (HKDF-SHA256) from a server secret, a purpose and a scope, with a random nonce, so equal
 * values never look alike and a dump alone reveals nothing. Each sealed value names the secret
 * that sealed it by a short key id; older secrets can still open what they sealed (rotation).
 */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const PURPOSE = "sealed-box:v1";

export interface SealedValue {
  keyId: string;
  sealed: Buffer;
}

export interface Sealer {
  /** The key id that seal() writes now. */
  readonly keyId: string;
  /** Every key id this sealer can open, the current one first. */
  readonly keyIds: string[];
  seal(scope: string, context: string, value: Buffer): SealedValue;
  /** The value, or null when no known secret has this key id or the box was altered. */
  open(scope: string, context: string, box: SealedValue): Buffer | null;
  canOpen(keyId: string): boolean;
}

function keyIdOf(secret: string): string {
  return createHash("sha256").update(`${PURPOSE}:key-id:`).update(secret).digest("hex").slice(0, 16);
}

/** `secrets[0]` seals; every one of them opens what it sealed. */
export function createSealer(purpose: string, secrets: string[]): Sealer {
  const usable = secrets.filter((secret) => secret.length > 0);
  const current = usable[0];
  if (!current) throw new Error("a sealer needs a secret");
  const byKeyId = new Map(usable.map((secret) => [keyIdOf(secret), secret]));
  const keys = new Map<string, Buffer>();
  const keyFor = (secret: string, keyId: string, scope: string): Buffer => {
    const cacheKey = `${keyId}:${scope}`;
    let key = keys.get(cacheKey);
    if (!key) {
      key = Buffer.from(hkdfSync("sha256", secret, `${PURPOSE}:${purpose}`, scope, 32));
      if (keys.size > 10_000) keys.clear();
      keys.set(cacheKey, key);
    }
    return key;
  };
  const keyId = keyIdOf(current);

  return {
    keyId,
    keyIds: [...byKeyId.keys()],
    seal(scope, context, value) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", keyFor(current, keyId, scope), nonce);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(value), cipher.final()]);
      return { keyId, sealed: Buffer.concat([nonce, body, cipher.getAuthTag()]) };
    },
    open(scope, context, box) {
      const secret = byKeyId.get(box.keyId);
      if (!secret || box.sealed.length < NONCE_BYTES + TAG_BYTES) return null;
      const nonce = box.sealed.subarray(0, NONCE_BYTES);
      const tag = box.sealed.subarray(box.sealed.length - TAG_BYTES);
      const body = box.sealed.subarray(NONCE_BYTES, box.sealed.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, box.keyId, scope), nonce);
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]);
      } catch {
        return null;
      }
    },
    canOpen: (id) => byKeyId.has(id),
  };
}
