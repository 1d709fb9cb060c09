// Who wrote a mail: the seats its address holds, the language to answer in,
// the address to answer, and the charsets its text is tried in.
import type { Judge } from '../../context.js';
import type { Lang } from '../../engine/types.js';
import { gameSettings } from '../../engine/settings.js';
import { getGame, type PlayerRow } from '../../store/games.js';
import { copiedAll, genCached } from '../../store/read-gen.js';
import { freshText, type OrderBlock } from './envelope.js';
import { guessLang } from './lang-guess.js';
import { judgeAddresses } from './address-target.js';
import { isOwnAddress } from './loops.js';
import type { NormalizedMail, NormalizeOptions } from './normalize.js';
import type { Problem } from './intake-types.js';

/** A known player's seat languages narrow the charsets a lying mail is tried in; the judge's addresses tell its own mail enclosed. */
export function normalizeOptions(j: Judge, gen?: number): NormalizeOptions {
  return {
    langsOf: (address) => [...new Set(seatsOf(j, address, gen).map((p) => p.lang))],
    isJudgeAddress: judgeAddressTest(j),
  };
}

/** Is an address one of the judge's own (with or without a +tag)? */
export function judgeAddressTest(j: Judge): (address: string) => boolean {
  const own = judgeAddresses(j);
  return (address) => isOwnAddress(address, own);
}

/** The seats this address holds, in games that are not over (most recent first). */
export function seatsOf(j: Judge, address: string | null, gen?: number): PlayerRow[] {
  if (!address) return [];
  const a = address.toLowerCase();
  // Asked two or three times for every mail: kept while games and players are unwritten (store/read-gen.ts).
  return copiedAll(
    genCached(
      j.db,
      `seats\u0000${a}`,
      () =>
        j.db
          .prepare(
            `SELECT p.* FROM players p JOIN games g ON g.id = p.game_id
           WHERE lower(p.email) = ? AND p.status IN ('active', 'abandoned') AND g.status != 'over' ORDER BY g.created_at DESC, g.id`,
          )
          .all(a) as PlayerRow[],
      gen,
    ),
  );
}

/**
 * The language to answer in, for the address the answer goes to (`to`): its
 * seat language (of the game the mail is about, when it plays it), the GM's
 * language for the GM of a game the mail is about, else the language of the
 * mail — its subject and fresh text, or the keywords of its first block.
 * Only what is known of `to` itself is used: a mail's From and Reply-To may
 * name anybody, and an answer to one must not tell what the other plays
 * (its seats, their language).
 */
export function replyLang(
  j: Judge,
  m: NormalizedMail | null,
  to: string | null,
  blocks: OrderBlock[],
  problems: Problem[],
  fallback?: Lang,
): Lang {
  if (!m) return fallback ?? 'en';
  const seats = seatsOf(j, to);
  const games = [...problems.map((p) => p.game), ...blocks.map((b) => b.game)].filter((g): g is string => !!g);
  const seat = seats.find((s) => games.includes(s.game_id)) ?? seats[0];
  if (seat) return seat.lang;
  // The GM of a game the mail names: the GM's language (a GM block's keywords say none).
  const reader = to?.toLowerCase();
  const led = reader
    ? games.map((id) => getGame(j.db, id)).find((g) => g?.gm_email?.toLowerCase() === reader)
    : undefined;
  if (led) return gameSettings(led).gmLang;
  const fresh = m.sections.map((s) => freshText(s.text).lines.join('\n')).join('\n');
  const guessed = guessLang(`${m.subject}\n${fresh}`);
  if (guessed !== 'en') return guessed;
  return blocks[0]?.lang ?? fallback ?? 'en';
}

/**
 * Where an answer that says nothing about a seat goes (HELP, LIST, RESET asked,
 * a mail without blocks): the Reply-To, else the From. Whatever such an answer
 * says of an address (a seat's language) is of this one (replyLang's `to`).
 * An answer about blocks goes to the From alone (answer.ts finish).
 */
export function replyAddress(m: NormalizedMail): string | null {
  return m.replyTo ?? m.from;
}
