// Folding for matching words people type: lower case, no diacritics (ё → е, í → i).
import { memoized } from './words.js';

export function fold(s: string): string {
  // keywords and short lines remembered; ASCII has no diacritics to drop
  return s.length <= 64 ? short(s) : foldUncached(s);
}
const short = memoized(foldUncached, 20_000);

function foldUncached(s: string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return s.toLowerCase();
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
