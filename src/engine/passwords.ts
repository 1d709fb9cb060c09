import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: passwords get read off mails and typed again.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function generatePassword(length = 10): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}
