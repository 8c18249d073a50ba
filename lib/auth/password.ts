import { hash, hashSync, verify } from '@node-rs/argon2';

// argon2id with the library defaults (m=19456 KiB, t=2, p=1): the OWASP minimum.
const DUMMY_HASH = hashSync('quantum-timing-equaliser');

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function hashPasswordSync(password: string): string {
  return hashSync(password);
}

/** Verifies against the stored hash; with no hash it still spends the same time, so timing does not reveal unknown accounts. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
