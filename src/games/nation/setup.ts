// The nation setup file's game part (games/nation/setups/*.yaml): title, settings,
// countries with every attribute, orders, figures with their influence, and the
// players' countries by seat id. Every problem is reported at once.
import * as z from '../../zod.js';
import { KindSetupError } from '../../errors.js';
import type { Rng } from '../../engine/rng.js';
import type { PlayerSeat } from '../../engine/types.js';
import { maxOrders, slotPeriods } from './influence.js';
import { LEVEL_MAX, LEVEL_MIN, parseLevel } from './ladder.js';
import { styleProblems } from './style.js';
import { CONST } from './tables.js';
import {
  COUNTRY_ATTRS,
  DIRECTIONS,
  type Country,
  type CountryAttr,
  type Direction,
  type Figure,
  type NationState,
  type Society,
} from './types.js';

/** A ladder value: −3 … +3, or its name or typed word ("Good", "хорошо"). */
export const levelSchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n =
    typeof v === 'number' ? (Number.isInteger(v) && v >= LEVEL_MIN && v <= LEVEL_MAX ? v : null) : parseLevel(v);
  if (n === null) {
    ctx.addIssue({
      code: 'custom',
      message: `"${v}" is not a FUDGE ladder level (${LEVEL_MIN} … +${LEVEL_MAX} or Terrible … Superb / Ужасно … Превосходно)`,
    });
    return z.NEVER;
  }
  return n;
});

/** Ids: a lowercase word, not an action/strategic id (A1, F2, S3), no dots or colons (they separate GM decision ids). */
const idSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'an id is a lowercase letter then lowercase letters, digits, - or _ (max 32)')
  .refine((s) => !/^[afs]\d+$/.test(s), 'an id may not look like an action or strategic id (a1, f2, s3)');

const influencerSchema = z.object({ name: z.string().min(1), influence: levelSchema }).strict();

const countrySchema = z
  .object({
    id: idSchema,
    name: z.string().min(1),
    free: z.record(z.string(), z.string()).default({}),
    attrs: z
      .object(Object.fromEntries(COUNTRY_ATTRS.map((a) => [a, levelSchema])) as Record<CountryAttr, typeof levelSchema>)
      .strict(),
    parties: z.array(influencerSchema).default([]),
    religions: z.array(influencerSchema).default([]),
    climate: z.string().default(''),
    tech: z.string().default(''),
    stateReligion: z.string().min(1).nullable().default(null),
    style: z
      .object(Object.fromEntries(DIRECTIONS.map((d) => [d, levelSchema])) as Record<Direction, typeof levelSchema>)
      .strict(),
    growth: z.number().int().default(0),
  })
  .strict();

const orderSchema = z
  .object({
    id: idSchema,
    name: z.string().min(1),
    /** Seat id; default: the player of its country. */
    player: z.string().min(1).optional(),
    country: z.string().min(1),
    size: levelSchema,
    secrecy: z.enum(['underground', 'partial', 'public']),
    /** Who knows of a partly known order (besides its player). */
    knownBy: z.array(z.string().min(1)).optional(),
    description: z.string().default(''),
  })
  .strict();

const figureSchema = z
  .object({
    id: idSchema,
    name: z.string().min(1),
    player: z.string().min(1).optional(),
    country: z.string().min(1),
    age: z.number().int().min(0).max(150),
    influentiality: levelSchema,
    secrecy: z.enum(['underground', 'known']),
    /** Who knows of a known figure (default: every player). */
    knownBy: z.array(z.string().min(1)).optional(),
    influence: z
      .array(
        z
          .object({
            /** An order's id, or a country's (a country counts as an order: "Каждый орден (а также домашняя страна)"). */
            order: z.string().min(1),
            degree: levelSchema,
          })
          .strict(),
      )
      .default([]),
    description: z.string().default(''),
  })
  .strict();

export const setupSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().optional(),
    settings: z
      .object({
        yearsPerTurn: z.number().int().min(1).max(100).default(1),
        difficulty: z.number().int().min(CONST.gm.difficulty.min).max(CONST.gm.difficulty.max).default(0),
      })
      .strict()
      .default({ yearsPerTurn: 1, difficulty: 0 }),
    /** Seat id → the id of the country the player runs. */
    players: z.record(z.string(), z.string()),
    countries: z.array(countrySchema).min(1),
    orders: z.array(orderSchema).default([]),
    figures: z.array(figureSchema).default([]),
  })
  .strict()
  // The cross-checks run even when some fields are wrong (every problem at once), so they read defensively.
  .superRefine(
    (raw, ctx) => {
      const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      const s = (raw && typeof raw === 'object' ? raw : {}) as unknown as Loose;
      const arr = <T>(x: T[] | undefined): T[] => (Array.isArray(x) ? x : []);
      const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);
      const lvl = (x: unknown): number | null =>
        typeof x === 'number' && Number.isInteger(x) ? x : typeof x === 'string' ? parseLevel(x) : null;
      const countries = arr(s.countries);
      const orders = arr(s.orders);
      const figures = arr(s.figures);
      const playersMap = s.players && typeof s.players === 'object' ? (s.players as Record<string, unknown>) : {};
      const ids = new Map<string, string>();
      const claim = (id: unknown, path: (string | number)[]) => {
        const v = str(id);
        if (v === null) return;
        if (ids.has(v)) add(path, `id "${v}" is already used by ${ids.get(v)}`);
        else ids.set(v, path.join('.'));
      };
      countries.forEach((c, i) => claim(c?.id, ['countries', i, 'id']));
      orders.forEach((o, i) => claim(o?.id, ['orders', i, 'id']));
      figures.forEach((f, i) => claim(f?.id, ['figures', i, 'id']));
      const seats = Object.keys(playersMap);
      const countryOf = new Map(countries.filter((c) => str(c?.id)).map((c) => [c.id as string, c]));
      const ran = new Map<string, string>();
      for (const [seat, cid] of Object.entries(playersMap)) {
        const v = str(cid);
        if (v === null) continue;
        if (!countryOf.has(v)) add(['players', seat], `no country "${v}"`);
        else if (ran.has(v)) add(['players', seat], `country "${v}" is already run by ${ran.get(v)}`);
        else ran.set(v, seat);
      }
      countries.forEach((c, i) => {
        const id = str(c?.id);
        if (id && !ran.has(id)) add(['countries', i], `no player runs country "${id}" (players: seat → country)`);
        const st = c?.style;
        if (st && typeof st === 'object') {
          const style = Object.fromEntries(DIRECTIONS.map((d) => [d, lvl((st as Record<string, unknown>)[d])]));
          if (DIRECTIONS.every((d) => style[d] !== null))
            for (const p of styleProblems(style as Record<Direction, number>, 'en')) add(['countries', i, 'style'], p);
        }
      });
      const knownSeat = (who: unknown, path: (string | number)[]) => {
        const v = str(who);
        if (v !== null && !seats.includes(v)) add(path, `no player "${v}" (players: ${seats.join(', ')})`);
      };
      orders.forEach((o, i) => {
        if (!o || typeof o !== 'object') return;
        const cid = str(o.country);
        const c = cid === null ? undefined : countryOf.get(cid);
        if (cid !== null && !c) add(['orders', i, 'country'], `no country "${cid}"`);
        const size = lvl(o.size);
        const area = c?.attrs && typeof c.attrs === 'object' ? lvl((c.attrs as Record<string, unknown>).area) : null;
        if (size !== null && area !== null && size > area)
          add(['orders', i, 'size'], `an order's size (${size}) may not exceed its country's size, the area (${area})`);
        if (o.player !== undefined) knownSeat(o.player, ['orders', i, 'player']);
        const knownBy = arr(o.knownBy as unknown[]);
        knownBy.forEach((p, j) => knownSeat(p, ['orders', i, 'knownBy', j]));
        const owner = str(o.player) ?? (cid ? ran.get(cid) : undefined);
        const others = knownBy.filter((p) => p !== owner);
        if (o.secrecy === 'underground' && others.length)
          add(['orders', i, 'knownBy'], 'only its own player knows of an underground order');
        if (o.secrecy === 'partial') {
          if (!others.length)
            add(
              ['orders', i, 'knownBy'],
              'a partly known order is known to at least one other player (list them in knownBy)',
            );
          else if (seats.every((p) => p === owner || others.includes(p)))
            add(['orders', i, 'knownBy'], 'every player knows of it: make it public');
        }
      });
      const targets = new Set(
        [...orders.map((o) => str(o?.id)), ...countries.map((c) => str(c?.id))].filter((x): x is string => x !== null),
      );
      figures.forEach((f, i) => {
        if (!f || typeof f !== 'object') return;
        const cid = str(f.country);
        if (cid !== null && !countryOf.has(cid)) add(['figures', i, 'country'], `no country "${cid}"`);
        if (f.player !== undefined) knownSeat(f.player, ['figures', i, 'player']);
        const knownBy = arr(f.knownBy as unknown[]);
        knownBy.forEach((p, j) => knownSeat(p, ['figures', i, 'knownBy', j]));
        const owner = str(f.player) ?? (cid ? ran.get(cid) : undefined);
        if (f.secrecy === 'underground' && knownBy.some((p) => p !== owner))
          add(['figures', i, 'knownBy'], 'only its own player knows of an underground figure');
        const influence = arr(f.influence as Loose['figures']);
        const level = lvl(f.influentiality);
        if (level !== null && level >= LEVEL_MIN && level <= LEVEL_MAX) {
          const max = maxOrders(level);
          if (influence.length > max)
            add(
              ['figures', i, 'influence'],
              `influentiality ${level} gives influence on at most ${max} order(s), ${influence.length} listed`,
            );
        }
        const seen = new Set<string>();
        influence.forEach((inf, j) => {
          const order = str(inf?.order);
          if (order === null) return;
          if (!targets.has(order)) add(['figures', i, 'influence', j, 'order'], `no order or country "${order}"`);
          if (seen.has(order)) add(['figures', i, 'influence', j, 'order'], `"${order}" is listed twice`);
          seen.add(order);
        });
      });
    },
    { when: () => true },
  );

/** The setup as the cross-checks read it: anything may be missing or of the wrong type. */
type LooseItem = Record<string, unknown> & {
  id?: unknown;
  country?: unknown;
  player?: unknown;
  knownBy?: unknown;
  secrecy?: unknown;
  size?: unknown;
  attrs?: unknown;
  style?: unknown;
  influence?: unknown;
  influentiality?: unknown;
  order?: unknown;
};
interface Loose {
  players?: unknown;
  countries?: LooseItem[];
  orders?: LooseItem[];
  figures?: LooseItem[];
}

export type NationSetup = z.infer<typeof setupSchema>;

/** A new game: seats are the players, each runs the country the setup's `players` gives it. */
export function setup(raw: unknown, seats: PlayerSeat[], _rng?: Rng): NationState {
  const r = setupSchema.safeParse(raw);
  const problems = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  // The seats are checked against `players` even when other parts have errors (every problem at once).
  const given = (raw as { players?: unknown } | null)?.players;
  const runs = r.success
    ? r.data.players
    : given && typeof given === 'object'
      ? (given as Record<string, unknown>)
      : {};
  const seatIds = seats.map((x) => x.id);
  for (const id of seatIds)
    if (!(id in runs)) problems.push(`players: seat "${id}" runs no country (add "${id}: <country id>")`);
  for (const id of Object.keys(runs))
    if (!seatIds.includes(id)) problems.push(`players.${id}: no seat "${id}" (seats: ${seatIds.join(', ')})`);
  if (!r.success || problems.length) throw new KindSetupError('nation', problems);
  const s = r.data;
  const players = seats.map((x) => ({ id: x.id, name: x.name }));
  const all = players.map((p) => p.id);
  const runner = new Map(Object.entries(s.players).map(([seat, c]) => [c, seat]));
  const ordered = (ids: string[]) => all.filter((id) => ids.includes(id));
  const countries: Country[] = s.countries.map((c) => ({
    id: c.id,
    player: runner.get(c.id)!,
    name: c.name,
    free: { ...c.free },
    attrs: { ...c.attrs },
    parties: c.parties.map((x) => ({ ...x })),
    religions: c.religions.map((x) => ({ ...x })),
    climate: c.climate,
    tech: c.tech,
    stateReligion: c.stateReligion,
    style: { ...c.style },
    growth: c.growth,
  }));
  const orders: Society[] = s.orders.map((o) => {
    const player = o.player ?? runner.get(o.country)!;
    const knownBy =
      o.secrecy === 'public' ? all : o.secrecy === 'underground' ? [player] : ordered([player, ...(o.knownBy ?? [])]);
    return {
      id: o.id,
      name: o.name,
      player,
      country: o.country,
      size: o.size,
      secrecy: o.secrecy,
      knownBy,
      description: o.description,
    };
  });
  const figures: Figure[] = s.figures.map((f) => {
    const player = f.player ?? runner.get(f.country)!;
    const knownBy = f.secrecy === 'underground' ? [player] : f.knownBy ? ordered([player, ...f.knownBy]) : all;
    return {
      id: f.id,
      name: f.name,
      player,
      country: f.country,
      age: f.age,
      influentiality: f.influentiality,
      secrecy: f.secrecy,
      knownBy,
      // "ПИ, в начале игры равное нулю"
      influence: f.influence.map((i) => ({ order: i.order, degree: i.degree, pi: 0, permanent: null })),
      slotsUsed: slotPeriods(f.influentiality).map(() => null),
      description: f.description,
    };
  });
  return {
    kind: 'nation',
    title: s.title,
    turn: 1,
    stage: 1,
    players,
    countries,
    orders,
    figures,
    strategic: [],
    declared: [],
    settings: { yearsPerTurn: s.settings.yearsPerTurn, difficulty: s.settings.difficulty },
  };
}
