// Words as Russian (and English) players type them: folding (lower case, ё = е,
// stress marks dropped), Snowball stems for any case form (байки / байками,
// Машу / Маше), the short forms of given names (games/godfather/names.json),
// prepositions and filler words; the grammatical gender of a name is the
// judge's shared one (src/render/gender.ts), re-exported here.
// The order parser (orders.ts) and the setup (setup.ts) use it; nothing here
// knows the game state.
import * as z from '../../zod.js';
import { loadGameTable } from '../../engine/tables.js';

export { foldWord as fold, sameStem, stem } from '../../words.js';
import { foldWord as fold, memoized, memoized2, sameStem, stem } from '../../words.js';

const VOWELS = 'аеиоуыэюяй';

/**
 * Two words, the same word in other case forms? Equal folded, equal stems, or
 * one stem a short extension of the other (Snowball cuts Иван to ива but Иваном
 * to иван, Елена to ел but Елену to елен). A fleeting vowel is allowed for
 * (Павел / Павла, Лев / Льва).
 */
export const sameWord: (a: string, b: string) => boolean = memoized2((a, b) => sameWordUncached(a, b));

function sameWordUncached(a: string, b: string): boolean {
  const fa = fold(a);
  const fb = fold(b);
  if (fa === fb) return true;
  if (/\d/.test(fa) || /\d/.test(fb)) return false;
  if (/^[a-z']+$/.test(fa) !== /^[a-z']+$/.test(fb)) return false;
  // Every variant below starts with its word's first letter (sameStem), so different first letters never match;
  // not said of words that folding again would change, or with a leading apostrophe.
  if (fa[0] !== fb[0] && fa[0] !== "'" && fb[0] !== "'" && fold(fa) === fa && fold(fb) === fb) return false;
  const variants = (w: string) => {
    const out = [stem(w)];
    // a fleeting vowel: Павел / Павла, Лев / Льва, Игорёк / Игорька
    const m = /^(.*[^аеиоуыэюя])([еоё])([лвкц])$/.exec(w);
    if (m && m[1]!.length >= 1 && /^(ел|ев|ок|ек|ец)$/.test(`${m[2] === 'ё' ? 'е' : m[2]}${m[3]}`))
      out.push(`${m[1]}${m[3]}`, `${m[1]}ь${m[3]}`);
    return out;
  };
  for (const sa of variants(fa))
    for (const sb of variants(fb)) {
      if (sa === sb) return true;
      const [s, l] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
      if (s.length < 2 || !l.startsWith(s)) continue;
      const ext = l.slice(s.length);
      // one more letter of a stem of 3+ (Борисла / Борислав), or a two-letter ending (Ел / Елен)
      if (
        (ext.length === 1 && s.length >= 3) ||
        (ext.length === 2 && [...ext].every((ch) => VOWELS.includes(ch) || 'нмь'.includes(ch)))
      )
        return true;
    }
  // where Snowball cuts a noun like a verb (Никите → ник): the same word before a short case ending
  let k = 0;
  while (k < fa.length && k < fb.length && fa[k] === fb[k]) k++;
  const ending = (e: string) => e.length <= 3 && [...e].every((ch) => ENDING.includes(ch));
  return (
    k >= 3 &&
    /\p{Script=Cyrillic}/u.test(fa) &&
    ending(fa.slice(k)) &&
    ending(fb.slice(k)) &&
    Math.max(fa.length, fb.length) - k <= 3
  );
}

/** The letters Russian case endings of nouns and names are made of (а, у, ой, ею, ам, ях …). */
const ENDING = 'аеиоуыэюяйьмх';

const listMatchers = new WeakMap<readonly string[], (word: string) => boolean>();

/** A typed word against a keyword list (not changed afterwards): the exact folded form, or (for words of 5+ letters) the same stem. */
export function isWord(word: string, list: readonly string[]): boolean {
  let of = listMatchers.get(list);
  if (!of) {
    // the list's folded words once; the answer per typed word remembered (the lists are fixed)
    const keys = list.map((k) => fold(k));
    of = memoized((typed) => {
      const w = fold(typed);
      return keys.some((f) => f === w || (f.length >= 5 && w.length >= 4 && sameStem(f, w)));
    }, 10_000);
    listMatchers.set(list, of);
  }
  return of(word);
}

/** Prepositions and conjunctions that carry nothing in an order ("речь на Игрока07", "ГОЛОСУЮ ЗА Машу"). */
export const PREPOSITIONS = new Set([
  'на',
  'в',
  'во',
  'за',
  'против',
  'для',
  'к',
  'ко',
  'о',
  'об',
  'обо',
  'про',
  'у',
  'с',
  'со',
  'от',
  'по',
  'и',
  'а',
  'также',
  'to',
  'on',
  'for',
  'against',
  'at',
  'and',
  'the',
  'of',
  'with',
]);

/** Words around an order that say nothing about it ("Использую патент на игрока Ивана", "моё действие:"). */
export const FILLERS = new Set([
  'мое',
  'моё',
  'мой',
  'моя',
  'мои',
  'мне',
  'хочу',
  'буду',
  'прошу',
  'пожалуйста',
  'использую',
  'использовать',
  'применяю',
  'применить',
  'делаю',
  'сделать',
  'совершаю',
  'совершить',
  'выполняю',
  'выполнить',
  'хожу',
  'ход',
  'ходом',
  'ходу',
  'игрока',
  'игроку',
  'игроком',
  'игрок',
  'игроков',
  'игрокам',
  'персонажа',
  'персонажу',
  'персонаж',
  'цель',
  'цели',
  'целью',
  'целях',
  'действие',
  'действия',
  'действием',
  'перенаправить',
  'перенаправляю',
  'направить',
  'направляю',
  'please',
  'my',
  'i',
  'use',
  'player',
  'target',
  'посадку',
  'посадка',
  'посадки',
  'тюрьму',
  'отправить',
  'отправку',
]);

/** Words that name the writer himself ("исцеление себе"). */
export const SELF = new Set(['себя', 'себе', 'собой', 'сам', 'сама', 'меня', 'мне', 'я', 'myself', 'me', 'self']);

/** Tokens of an order line: words and signs; punctuation and dashes between words dropped, letters and digits split (Игрока07 → игрока 07). */
export function tokens(line: string): string[] {
  return tokensOf(line).slice();
}
const tokensOf = memoized(tokensUncached, 10_000);

function tokensUncached(line: string): string[] {
  const out: string[] = [];
  for (const raw of line
    .replace(/[«»"“”„()[\]{}]/g, ' ')
    .replace(/[—–→]|->|=>/g, ' ')
    .split(/[\s,;]+/)) {
    let t = raw.replace(/^[.:!?]+|[.:!?]+$/g, '');
    if (!t) continue;
    if (/^[+-]\d*$|^[+-]$/.test(t) || /^(№|#)\d+$/.test(t)) {
      out.push(t);
      continue;
    }
    t = t.replace(/^[-+]+(?=\p{L})/u, '');
    for (const part of t.split(/(?<=\p{L})(?=\d)|(?<=\d)(?=\p{L})/u)) if (part) out.push(part);
  }
  return out;
}

export const NAMES = loadGameTable('godfather', 'names.json', () =>
  z.object({ $comment: z.string().optional(), short: z.record(z.string(), z.array(z.string().min(2))) }).strict(),
);

/** The short forms of a given name (Мария → Маша, Маруся, Мариша). */
export function shortForms(name: string): string[] {
  return NAMES.short[fold(name)] ?? [];
}

// The grammatical gender of a name: the judge's one inference (src/render/gender.ts), shared with the common mails.
export { inferGender, type Gender } from '../../render/gender.js';
