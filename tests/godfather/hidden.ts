// What a player holds that nobody else may know, for the tests that check an
// order about him (Шантаж, Кабальный договор, a faction member's action by
// proxy) reads none of it: his secret character, ТВ, cooldowns, lost actions,
// gained abilities and an imitated role (Искусное подражание), drawn at random
// and set on a copy of the state; and the writer's acknowledgement to compare.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Lang, PlayerId } from '../../src/engine/types.js';
import { heldActions } from '../../src/games/godfather/access.js';
import { rules } from '../../src/games/godfather/index.js';
import { CHARACTER_SLUGS, ROLE_SLUGS } from '../../src/games/godfather/tables.js';
import type { GState } from '../../src/games/godfather/state.js';
import { forecastText } from '../forecast-check.js';

export interface Hidden {
  character: string;
  tv: number;
  /** Indexes into his actions: those on cooldown, those lost (Кабальный договор). */
  cooled: number[];
  lost: number[];
  gainedCharacter: string | null;
  gainedRole: string | null;
  /** The role he imitates for now, if any. */
  mimic: string | null;
}

export const hiddenArb: fc.Arbitrary<Hidden> = fc.record({
  character: fc.constantFrom(...CHARACTER_SLUGS),
  tv: fc.integer({ min: 0, max: 20 }),
  cooled: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
  lost: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }),
  gainedCharacter: fc.option(fc.constantFrom(...CHARACTER_SLUGS), { nil: null }),
  gainedRole: fc.option(fc.constantFrom(...ROLE_SLUGS), { nil: null }),
  mimic: fc.option(fc.constantFrom(...ROLE_SLUGS), { nil: null }),
});

/** Sets the player's hidden state on `s` (his role, public, as it is). */
export function hide(s: GState, id: PlayerId, x: Hidden): void {
  const p = s.players.find((q) => q.id === id)!;
  Object.assign(p, { character: x.character, tv: x.tv, gainedCharacter: x.gainedCharacter, gainedRole: x.gainedRole });
  if (x.mimic)
    s.lasting.push({ type: 'mimic', target: id, by: id, from: s.t, until: s.t + 3, params: { role: x.mimic } });
  const own = heldActions(s, id);
  p.used = Object.fromEntries(x.cooled.map((i) => [own[i % own.length]!.key, s.t]));
  p.lost = x.lost.map((i) => own[i % own.length]!.key);
}

/** What the writer reads back: what was understood and refused, and the forecast. */
export function acknowledgement(s: GState, writer: PlayerId, text: string, lang: Lang) {
  const r = rules.parseOrders(text, { state: s, player: writer, lang });
  return { r, forecast: forecastText(rules.forecast!(s, writer, r.orders, lang)) };
}

/**
 * The writer's acknowledgement of `text` on two states that differ only in what he may not know:
 * what was understood and refused, and the forecast, must be the same; the first is returned.
 */
export function sameAcknowledgement(a: GState, b: GState, writer: PlayerId, text: string, lang: Lang) {
  const one = acknowledgement(a, writer, text, lang);
  const two = acknowledgement(b, writer, text, lang);
  expect(two.r, text).toEqual(one.r);
  expect(two.forecast, text).toBe(one.forecast);
  return one;
}
