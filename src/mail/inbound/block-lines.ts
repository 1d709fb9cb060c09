// The lines that open and close an order block: a start line
//   GAME <game> <player> <password>     (HRA … in Czech, ИГРА … in Russian)
//   GM <game> <password>                (ГМ, ВЕДУЩИЙ)
// and an end line (END, KONEC, КОНЕЦ). A line that merely begins with a start
// keyword is often prose ("Hra je super, díky!", "Game looks great, thanks",
// "Игра отличная, спасибо"): it is a start line only when it names a game of
// this judge, or has the shape of one and its writer shows he meant one
// (isStartLine; docs/design.md "Start lines and prose").
import type { Lang } from '../../engine/types.js';
import { GAME_ID, PLAYER_ID } from '../../engine/ids.js';
import { skeleton } from '../../text-fold.js';

/**
 * A keyword table keyed by the keywords' skeletons (text-fold.ts): the word a
 * player writes is looked up by its skeleton, so a keyword typed with
 * look-alike letters of the other script, in full-width letters or with an
 * invisible mark still counts. Two keywords with one skeleton would be a
 * mistake in the table.
 */
export function bySkeleton<T>(table: Record<string, T>): Map<string, T> {
  const out = new Map<string, T>();
  for (const [k, v] of Object.entries(table)) {
    const s = skeleton(k);
    if (out.has(s)) throw new Error(`keywords with one skeleton: ${k} (${s})`);
    out.set(s, v);
  }
  return out;
}

const START = bySkeleton<Lang>({ game: 'en', hra: 'cs', игра: 'ru' });
/** A GM block: GM <game> <password> (ГМ / ВЕДУЩИЙ in Russian). */
const GM_START = bySkeleton<Lang>({ gm: 'en', ведущий: 'ru', гм: 'ru' });
/**
 * End lines, folded: the keyword alone, or as players write it out ("END OF
 * ORDERS", "KONEC ROZKAZŮ", "КОНЕЦ ПРИКАЗОВ"). END GAME is not one: a GM's
 * block ends a game with it (gm-mail.ts).
 */
const END = new Set(
  [
    'end',
    'konec',
    'конец',
    'end of orders',
    'end orders',
    'end of turn',
    'konec rozkazu',
    'konec prikazu',
    'konec tahu',
    'конец приказов',
    'конец приказа',
    'конец действий',
    'конец хода',
  ].map(skeleton),
);

/** No end line is longer (a longer line is never looked up: its skeleton would cost for nothing). */
const MAX_END_LINE = 64;

/**
 * An end line: END, KONEC, КОНЕЦ (or written out, END), also with a full stop
 * or an exclamation mark; matched by skeleton (ЕND with a Cyrillic Е, ＥＮＤ).
 */
export function isEndLine(line: string): boolean {
  const t = line.trim();
  if (!t || t.length > MAX_END_LINE) return false;
  return END.has(
    skeleton(t)
      .replace(/(?<![.!])[.!]+$/, '')
      .replace(/\s+/g, ' '),
  );
}

/** A line that begins with a start keyword, split into its words: a start line only as isStartLine decides. */
export interface StartWords {
  kind: 'player' | 'gm';
  lang: Lang;
  /** The keyword as written (GАME, Hra, ИГРА …), without a colon after it. */
  written: string;
  /** The keyword as echoed in answers: in capitals. */
  keyword: string;
  /** game, player, password words (a GM line's: game, 'gm', password). */
  args: string[];
}

/** The words of a line that begins with a start keyword (GM lines: exactly game and password), or null. */
export function startWords(line: string): StartWords | null {
  const words = line.trim().split(/\s+/);
  if (words.length < 2) return null;
  // The keyword is recognised by its skeleton (GАME with a Cyrillic А, ＧＡＭＥ) and echoed as written.
  const written = (words[0] ?? '').replace(/[:：]$/, '');
  const kw = skeleton(written).replace(/:$/, '');
  const lang = START.get(kw);
  if (lang) return { kind: 'player', lang, written, keyword: written.toUpperCase(), args: words.slice(1) };
  // "GM" needs exactly game + password, so prose starting with "GM" is not a block.
  const gmLang = GM_START.get(kw);
  if (gmLang && words.length === 3)
    return { kind: 'gm', lang: gmLang, written, keyword: written.toUpperCase(), args: [words[1]!, 'gm', words[2]!] };
  return null;
}

/** What the judge knows of ids, each looked up with case aside: tells a start line from prose. */
export interface KnownIds {
  /** A game of this judge goes by this id. */
  game(id: string): boolean;
  /** A seat of some game of this judge goes by this id. */
  seat(id: string): boolean;
}

/**
 * A text read on its own, without the store (which part of a mail holds its
 * blocks: normalize.ts): every line that begins with a start keyword is taken
 * for a start line, as if it named a game of this judge.
 */
export const ANY_GAME: KnownIds = { game: () => true, seat: () => true };

/** Written in capitals: a letter with case, none of them small. */
function inCapitals(word: string): boolean {
  return word !== word.toLowerCase() && word === word.toUpperCase();
}

/**
 * Is a line that begins with a start keyword a start line? When its game names
 * a game of this judge, always. Else only when it has a start line's shape —
 * the game word could be a game id and a player's line's next word a player
 * id (no comma, no "!", no letter outside a–z: "super," "great," "отличная"
 * are prose) — and its writer shows he meant one: the keyword in capitals
 * while the game word is not (GAME tavrn, as every mail of the judge writes
 * it; GAME OVER in capitals throughout is shouted prose; never a GM line's
 * GM, in capitals in prose too), the player word a seat of this judge (the
 * game misspelt, the seat right), or the block closed by an end line
 * (`closed`: asked only when nothing else told).
 */
export function isStartLine(s: StartWords, ids: KnownIds, closed: () => boolean): boolean {
  const [game = '', player] = s.args;
  if (ids.game(game)) return true;
  if (!GAME_ID.test(game)) return false;
  if (s.kind === 'gm') return closed();
  if (player !== undefined && !PLAYER_ID.test(player)) return false;
  if (inCapitals(s.written) && !inCapitals(game)) return true;
  return (player !== undefined && ids.seat(player)) || closed();
}

/**
 * For each line, whether the first line below it that is an end line or begins
 * with a start keyword is an end line (">"-quoted lines aside): a block opened
 * there would be closed. Worked out on the first question, once for all lines.
 */
export function closedBelow(lines: string[], words: (i: number) => StartWords | null): (i: number) => boolean {
  let closed: boolean[] | null = null;
  return (i) => {
    if (!closed) {
      closed = new Array<boolean>(lines.length);
      let next = false;
      for (let k = lines.length - 1; k >= 0; k--) {
        closed[k] = next;
        const line = lines[k]!;
        if (/^\s*>/.test(line)) continue;
        if (isEndLine(line)) next = true;
        else if (words(k)) next = false;
      }
    }
    return closed[i]!;
  };
}
