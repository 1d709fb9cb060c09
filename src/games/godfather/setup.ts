// A new game: 13 seats, 13 of the 16 roles (the GM's list or dealt by the seed),
// the 13 characters (the GM's deal or dealt by the seed). Every error at once.
import * as z from '../../zod.js';
import { KindSetupError } from '../../errors.js';
import type { PlayerSeat } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { CHARACTER_SLUGS, ROLE_SLUGS, role } from './tables.js';
import { DEFAULT_OPTIONS, type GPlayer, type GState } from './state.js';
import { inferGender, type Gender } from '../../render/gender.js';
import { collate } from '../../engine/collate.js';

export const PLAYERS = 13;

export const setupSchema = z
  .object({
    title: z.string().min(1).optional(),
    description: z.string().optional(),
    /** Role slugs for the seats in order, or player id → role slug for some seats; the rest: dealt by the seed from the unused roles. */
    roles: z
      .union([
        z.array(z.enum(ROLE_SLUGS as [string, ...string[]])).length(PLAYERS),
        z.record(z.string(), z.enum(ROLE_SLUGS as [string, ...string[]])),
      ])
      .optional(),
    /** Player id → character slug; the rest are dealt by the seed. */
    characters: z.record(z.string(), z.enum(CHARACTER_SLUGS as [string, ...string[]])).optional(),
    /** Days of negotiations (the game ends on the morning of day days+1). */
    days: z.number().int().min(1).max(30).optional(),
    /** Player id → grammatical gender (m | f) for the texts; a seat's own gender: wins; default: inferred from the name. */
    genders: z.record(z.string(), z.enum(['m', 'f'])).optional(),
    /** Player id → other names the order parser accepts (nicknames); common short forms of given names are known anyway. */
    aliases: z.record(z.string(), z.array(z.string().min(1))).optional(),
    /** "(исключение - Умный)": the Умный's anonymous messages a day (the document does not say; default 2). */
    smartAnonymous: z.number().int().min(0).max(10).optional(),
  })
  .strict();

export type GodfatherSetup = z.infer<typeof setupSchema>;

export class SetupError extends KindSetupError {
  constructor(readonly issues: string[]) {
    super('Godfather', issues);
  }
}

/** A seat's gender: the setup's (the seat's gender:), else inferred from the name (src/render/gender.ts, the judge's one inference). */
export function seatGender(seat: Pick<PlayerSeat, 'name'> & { gender?: Gender }): Gender {
  return seat.gender ?? inferGender(seat.name);
}

export function newPlayer(
  seat: Pick<PlayerSeat, 'id' | 'name' | 'email' | 'lang'> & { gender?: Gender },
  roleSlug: string,
  characterSlug: string,
): GPlayer {
  const r = role(roleSlug);
  return {
    id: seat.id,
    name: seat.name,
    email: seat.email,
    lang: seat.lang,
    gender: seatGender(seat),
    role: roleSlug,
    character: characterSlug,
    vo: r.vo,
    tv: r.tv,
    alive: true,
    prison: false,
    poisonedAt: null,
    used: {},
    mainHalf: null,
    extraHalf: null,
    voteChanges: 0,
    gainedCharacter: null,
    gainedRole: null,
    lost: [],
    bonusStat: characterSlug === 'strategist' ? 'vo' : null,
    freeUsed: {},
  };
}

export function emptyState(title: string, days: number, players: GPlayer[]): GState {
  return {
    kind: 'godfather',
    version: 1,
    title,
    t: 0,
    days,
    endDay: days + 1,
    players,
    factions: [],
    nextFaction: 1,
    invitations: [],
    lasting: [],
    forced: [],
    vote: null,
    history: [],
    voHistory: [],
    messages: { day: 1, privates: {}, anonymous: {}, pairs: {}, prevPairs: {} },
    anons: [],
    nextAnon: 1,
    watches: [],
    dayPrivates: [],
    over: false,
    winners: [],
  };
}

export function setup(raw: unknown, seats: (PlayerSeat & { gender?: Gender })[], rng: Rng): GState {
  const r = setupSchema.safeParse(raw ?? {});
  const issues: string[] = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  if (seats.length !== PLAYERS)
    issues.push(`seats: the game needs ${PLAYERS} players, ${seats.length} seats were given`);
  const ids = new Set(seats.map((s) => s.id));
  if (ids.size !== seats.length) issues.push('seats: duplicate player ids');
  // With errors in the shape, the cross-checks still read every key that has its own (every error at once).
  const s: GodfatherSetup = r.success ? r.data : z.wellShaped(setupSchema, raw);
  if (Array.isArray(s.roles) && new Set(s.roles).size !== s.roles.length)
    issues.push('roles: a role may be dealt only once');
  const fixedRoles = s.roles && !Array.isArray(s.roles) ? s.roles : null;
  for (const id of Object.keys(fixedRoles ?? {})) if (!ids.has(id)) issues.push(`roles.${id}: no such player`);
  if (fixedRoles && new Set(Object.values(fixedRoles)).size !== Object.values(fixedRoles).length)
    issues.push('roles: a role may be dealt only once');
  for (const [key, map] of [
    ['genders', s.genders],
    ['aliases', s.aliases],
  ] as const)
    for (const id of Object.keys(map ?? {})) if (!ids.has(id)) issues.push(`${key}.${id}: no such player`);
  const chosen = Object.entries(s.characters ?? {});
  for (const [id] of chosen) if (!ids.has(id)) issues.push(`characters.${id}: no such player`);
  const used = chosen.map(([, c]) => c);
  if (new Set(used).size !== used.length) issues.push('characters: a character may be dealt only once');
  if (issues.length) throw new SetupError(issues);
  const sorted = [...seats].sort((a, b) => collate(a.id, b.id));
  const listed = Array.isArray(s.roles) ? s.roles : null;
  // without a list: the seed deals 13 of the 16 (the fixed ones kept out of the deal)
  const dealt =
    listed ?? rng.shuffle(ROLE_SLUGS.filter((r) => !Object.values(fixedRoles ?? {}).includes(r))).slice(0, PLAYERS);
  const rest = rng.shuffle(CHARACTER_SLUGS.filter((c) => !used.includes(c)));
  let next = 0;
  const players = sorted.map((seat) => {
    const roleSlug = listed ? listed[seats.indexOf(seat)]! : (fixedRoles?.[seat.id] ?? dealt[next++]!);
    const ch = s.characters?.[seat.id] ?? rest.shift()!;
    const p = newPlayer(seat, roleSlug, ch);
    if (s.genders?.[seat.id] && !seat.gender) p.gender = s.genders[seat.id];
    if (s.aliases?.[seat.id]) p.aliases = [...s.aliases[seat.id]!];
    return p;
  });
  const st = emptyState(s.title ?? 'Наследие крестного отца', s.days ?? 7, players);
  st.options = { ...DEFAULT_OPTIONS, ...(s.smartAnonymous !== undefined ? { smartAnonymous: s.smartAnonymous } : {}) };
  return st;
}

/**
 * A position handed to someone else (judge player replace): the new name, address
 * and language, and the new name's gender (the one given, else inferred); nicknames
 * of the old name are dropped with it. Role, character and standing stay.
 */
export function replaceSeat(state: GState, seat: PlayerSeat & { gender?: Gender }): GState {
  return {
    ...state,
    players: state.players.map((p) => {
      if (p.id !== seat.id) return p;
      const renamed = seat.name !== p.name;
      const { aliases, ...rest } = p;
      return {
        ...rest,
        name: seat.name,
        email: seat.email,
        lang: seat.lang,
        gender: seat.gender ?? (renamed ? inferGender(seat.name) : (p.gender ?? inferGender(seat.name))),
        ...(aliases && !renamed ? { aliases } : {}),
      };
    }),
  };
}
