// Player passwords: scrypt with a random salt, compared in constant time.
// The async forms run on libuv's thread pool (every core), off the main thread.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const N = 16384;
const KEYLEN = 32;
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  o: { N: number },
) => Promise<Buffer>;

function encode(salt: Buffer, key: Buffer): string {
  return `scrypt$${N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** What a stored hash holds, or null when it is none the judge wrote. */
function decode(stored: string): { n: number; salt: Buffer; key: Buffer } | null {
  const [scheme, n, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !key) return null;
  return { n: Number(n), salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/**
 * A password as it is hashed and checked: NFC, its ends trimmed and every run of
 * spaces one space. A password may hold spaces (`PASSWORD my new secret`), and the
 * GAME line gives it as the words after the player id, however they are spaced.
 */
export function passwordForm(password: string): string {
  return password.normalize('NFC').trim().replace(/\s+/g, ' ');
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(passwordForm(password), salt, KEYLEN, { N }));
}

export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await scryptAsync(passwordForm(password), salt, KEYLEN, { N }));
}

export function verifyPassword(password: string, stored: string): boolean {
  const h = decode(stored);
  if (!h) return false;
  return timingSafeEqual(h.key, scryptSync(passwordForm(password), h.salt, h.key.length, { N: h.n }));
}

export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const h = decode(stored);
  if (!h) return false;
  return timingSafeEqual(h.key, await scryptAsync(passwordForm(password), h.salt, h.key.length, { N: h.n }));
}
