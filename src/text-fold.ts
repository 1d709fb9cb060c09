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

/**
 * Cyrillic letters that look like Latin ones (in lower case, after fold):
 * a word typed half on one keyboard layout ("GАME" with a Cyrillic А, "ИГPA"
 * with a Latin P and A) reads as one. Only letters that look alike both in
 * capitals and in small letters, or in the capitals people type keywords in.
 */
const LOOKALIKE: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
};
const LOOKALIKE_RE = new RegExp(`[${Object.keys(LOOKALIKE).join('')}]`, 'g');

/**
 * The form a keyword is recognised by (GAME, KONEC, ИГРА, FINAL …), for
 * keyword tables and the word written alike: compatibility forms as their
 * plain letters (full-width ＧＡＭＥ → game, NFKC), folded (fold), format
 * characters (zero-width, direction marks) out, and the Cyrillic look-alikes
 * of Latin letters as those (ИГPA and ИГРА, GАME and GAME are one). Never for
 * ordinary text: only to look a word up among keywords.
 */
export function skeleton(s: string): string {
  return s.length <= 64 ? shortSkeleton(s) : skeletonUncached(s);
}
const shortSkeleton = memoized(skeletonUncached, 20_000);

function skeletonUncached(s: string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return s.toLowerCase();
  return fold(s.normalize('NFKC'))
    .replace(/\p{Cf}/gu, '')
    .replace(LOOKALIKE_RE, (c) => LOOKALIKE[c]!);
}
