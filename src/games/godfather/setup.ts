// A new game: 13 seats, 13 of the 16 roles (the GM's list or dealt by the seed),
// the 13 characters (the GM's deal or dealt by the seed). Every error at once.
import { z } from 'zod';
import type { PlayerSeat } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { CHARACTER_SLUGS, ROLE_SLUGS, role } from './tables.js';
import type { GPlayer, GState } from './state.js';

export const PLAYERS = 13;

export const setupSchema = z
  .object({
    title: z.string().min(1).optional(),
    description: z.string().optional(),
    /** Role slugs for the seats in order; default: 13 of the 16 dealt by the seed. */
    roles: z.array(z.enum(ROLE_SLUGS as [string, ...string[]])).length(PLAYERS).optional(),
    /** Player id → character slug; the rest are dealt by the seed. */
    characters: z.record(z.string(), z.enum(CHARACTER_SLUGS as [string, ...string[]])).optional(),
    /** Days of negotiations (the game ends on the morning of day days+1). */
    days: z.number().int().min(1).max(30).optional(),
  })
  .strict();

export type GodfatherSetup = z.infer<typeof setupSchema>;

export class SetupError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid Godfather setup:\n  ${issues.join('\n  ')}`);
  }
}

export function newPlayer(seat: Pick<PlayerSeat, 'id' | 'name' | 'email' | 'lang'>, roleSlug: string, characterSlug: string): GPlayer {
  const r = role(roleSlug);
  return {
    id: seat.id, name: seat.name, email: seat.email, lang: seat.lang,
    role: roleSlug, character: characterSlug, vo: r.vo, tv: r.tv,
    alive: true, prison: false, poisonedAt: null, used: {}, mainHalf: null, extraHalf: null, voteChanges: 0,
    gainedCharacter: null, gainedRole: null, lost: [], bonusStat: characterSlug === 'strategist' ? 'vo' : null, freeUsed: {},
  };
}

export function emptyState(title: string, days: number, players: GPlayer[]): GState {
  return {
    kind: 'godfather', version: 1, title, t: 0, days, endDay: days + 1, players, factions: [], nextFaction: 1, invitations: [], lasting: [], forced: [],
    vote: null, history: [], voHistory: [], messages: { day: 1, privates: {}, anonymous: {}, pairs: {}, prevPairs: {} }, anons: [], nextAnon: 1,
    watches: [], dayPrivates: [], over: false, winners: [],
  };
}

export function setup(raw: unknown, seats: PlayerSeat[], rng: Rng): GState {
  const r = setupSchema.safeParse(raw ?? {});
  const issues: string[] = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  if (seats.length !== PLAYERS) issues.push(`the game needs ${PLAYERS} players, ${seats.length} seats were given`);
  const ids = new Set(seats.map((s) => s.id));
  if (ids.size !== seats.length) issues.push('duplicate player ids');
  const s: GodfatherSetup = r.success ? r.data : {};
  if (s.roles && new Set(s.roles).size !== s.roles.length) issues.push('roles: a role may be dealt only once');
  const chosen = Object.entries(s.characters ?? {});
  for (const [id] of chosen) if (!ids.has(id)) issues.push(`characters.${id}: no such player`);
  const used = chosen.map(([, c]) => c);
  if (new Set(used).size !== used.length) issues.push('characters: a character may be dealt only once');
  if (issues.length) throw new SetupError(issues);
  const sorted = [...seats].sort((a, b) => a.id.localeCompare(b.id));
  const roles = s.roles ?? rng.shuffle(ROLE_SLUGS).slice(0, PLAYERS);
  const rest = rng.shuffle(CHARACTER_SLUGS.filter((c) => !used.includes(c)));
  const players = sorted.map((seat, i) => {
    const roleSlug = s.roles ? roles[seats.indexOf(seat)]! : roles[i]!;
    const ch = s.characters?.[seat.id] ?? rest.shift()!;
    return newPlayer(seat, roleSlug, ch);
  });
  return emptyState(s.title ?? 'Наследие крестного отца', s.days ?? 7, players);
}
