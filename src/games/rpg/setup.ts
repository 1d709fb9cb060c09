// The rpg setup file's own part and the state it starts from: the dice
// system, whether players see numbers, the character sheets (players' and
// NPCs'), trials open from the start.
import * as z from '../../zod.js';
import { KindSetupError } from '../../errors.js';
import type { PlayerSeat } from '../../engine/types.js';
import { GAUSS, TRIAL_KINDS, type TrialKind } from '../../dice/index.js';
import { emptySheet, key, parseSkill, relationValue } from './sheets.js';
import { parseTrialText } from './trials.js';
import type { RpgState, RpgSystem, Sheet, Trial } from './types.js';

const level = z.union([z.number().int(), z.string().min(1)]);
const sheetSchema = z
  .object({
    name: z.string().min(1).optional(),
    level: z.number().int().min(0).optional(),
    luck: z.number().int().min(GAUSS.luck.min).max(GAUSS.luck.max).optional(),
    intellect: z.number().int().min(0).max(20).optional(),
    skills: z.record(z.string(), level).optional(),
    traits: z.array(z.string().min(1)).optional(),
    techniques: z.array(z.string().min(1)).optional(),
    resources: z.record(z.string(), z.number().int()).optional(),
    inventory: z.array(z.string().min(1)).optional(),
    relations: z.record(z.string(), level).optional(),
    weapon: z
      .object({
        name: z.string().min(1),
        skill: z.string().optional(),
        damage: z
          .string()
          .regex(/^\d*[dдк]\d+([+-]\d+)?$/i)
          .optional(),
        penetration: z.number().int().optional(),
      })
      .strict()
      .optional(),
    armour: z
      .object({ name: z.string().min(1), bonus: z.number().int().optional(), penalty: z.number().int().optional() })
      .strict()
      .optional(),
    defence: z.string().min(1).optional(),
    notes: z.string().optional(),
  })
  .strict();

const trialSchema = z
  .object({
    id: z.string().regex(/^[\p{L}\p{N}_-]+$/u),
    name: z.string().min(1),
    kind: z.enum(TRIAL_KINDS as [TrialKind, ...TrialKind[]]).optional(),
    progress: z.number().int().min(1).optional(),
    risk: z.number().int().min(1).optional(),
    difficulty: z.union([z.number().int().min(1), z.string().min(1)]),
    success: z.string().optional(),
    failure: z.string().optional(),
    cheat: z.string().optional(),
  })
  .strict();

export const setupSchema = z
  .object({
    title: z.string().min(1).optional(),
    luck: z.record(z.string(), z.number().int().min(GAUSS.luck.min).max(GAUSS.luck.max)).optional(),
    phaseLabel: z.string().min(1).optional(),
    /** The dice of CHECK: gauss20 (001, the default) or success (004). */
    system: z.enum(['gauss20', 'success']).optional(),
    /** hidden: players see only the words of results and levels (001: "редко говорю … численные значения"). */
    numbers: z.enum(['shown', 'hidden']).optional(),
    /** Answer the rolls that need nobody else's input at once, in the run that takes the mail in (else all wait for the deadline). */
    instant: z.boolean().optional(),
    sheets: z.record(z.string(), sheetSchema).optional(),
    npcs: z.record(z.string().regex(/^[\p{L}\p{N}_-]+$/u), sheetSchema).optional(),
    trials: z.array(trialSchema).optional(),
  })
  .strict();

export type RpgSetup = z.infer<typeof setupSchema>;
type SheetSetup = z.infer<typeof sheetSchema>;

export const DEFAULT_TITLE = 'Dice';
export const DEFAULT_PHASE_LABEL = 'Round';

/** A sheet from the setup: level names read as numbers of the game's system; every problem reported. */
export function sheetFromSetup(
  id: string,
  s: SheetSetup,
  player: string | null,
  system: RpgSystem,
  fallbackName: string,
  problems: string[],
  /** Where the sheet is in the setup: sheets or npcs. */
  under: 'sheets' | 'npcs',
): Sheet {
  const sheet = emptySheet(id, s.name ?? fallbackName, player);
  if (s.level !== undefined) sheet.level = s.level;
  if (s.luck !== undefined) sheet.luck = s.luck;
  if (s.intellect !== undefined) sheet.intellect = s.intellect;
  for (const [name, v] of Object.entries(s.skills ?? {})) {
    const n = parseSkill(system, v);
    if (n === null)
      problems.push(
        `${under}.${id}.skills.${name}: "${v}" is not a number, a ${system === 'gauss20' ? '001' : '004'} level name, NdS or gauss20+N`,
      );
    else {
      sheet.skills[name] = n.value;
      if (n.system !== system) sheet.dice[name] = n.system;
    }
  }
  for (const [who, v] of Object.entries(s.relations ?? {})) {
    const n = relationValue(v);
    if (n === null)
      problems.push(`${under}.${id}.relations.${who}: "${v}" is not 0..6 or a relation name (Война … Любовь)`);
    else sheet.relations[who] = n;
  }
  sheet.traits = [...(s.traits ?? [])];
  sheet.techniques = [...(s.techniques ?? [])];
  sheet.resources = { ...s.resources };
  sheet.inventory = [...(s.inventory ?? [])];
  if (s.weapon)
    sheet.weapon = {
      name: s.weapon.name,
      skill: s.weapon.skill ?? null,
      damage: s.weapon.damage ?? null,
      penetration: s.weapon.penetration ?? 0,
    };
  if (s.armour) sheet.armour = { name: s.armour.name, bonus: s.armour.bonus ?? 0, penalty: s.armour.penalty ?? 0 };
  if (s.defence !== undefined) sheet.defence = s.defence;
  if (s.notes !== undefined) sheet.notes = s.notes;
  return sheet;
}

/** The entries of a record (or an array as {index: item}) whose values parse on their own (every error at once). */
function wellShapedEntries<T>(raw: unknown, schema: z.ZodType<T>): [string, T][] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.entries(raw).flatMap(([k, v]) => {
    const r = schema.safeParse(v);
    return r.success ? [[k, r.data] as [string, T]] : [];
  });
}

export function setup(raw: unknown, players: PlayerSeat[]): RpgState {
  const parsed = setupSchema.safeParse(raw ?? {});
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  // With errors in the shape, what does have its shape is still checked against the seats.
  const s: RpgSetup = parsed.success ? parsed.data : z.wellShaped(setupSchema, raw);
  const given = (raw ?? {}) as { luck?: unknown; sheets?: unknown; npcs?: unknown; trials?: unknown };
  const sheetsGiven = parsed.success ? Object.entries(s.sheets ?? {}) : wellShapedEntries(given.sheets, sheetSchema);
  const npcsGiven = parsed.success ? Object.entries(s.npcs ?? {}) : wellShapedEntries(given.npcs, sheetSchema);
  const trialsGiven = parsed.success
    ? (s.trials ?? [])
    : wellShapedEntries(Array.isArray(given.trials) ? { ...given.trials } : null, trialSchema).map(([, t]) => t);
  const ids = new Set(players.map((p) => p.id));
  const seatList = () => [...ids].join(', ') || 'none';
  // Every seat named in luck, whatever its value (one out of range does not hide the others).
  for (const id of Object.keys(given.luck && typeof given.luck === 'object' ? given.luck : {}))
    if (!ids.has(id)) problems.push(`luck.${id}: no seat "${id}" (seats: ${seatList()})`);
  const system: RpgSystem = s.system ?? 'gauss20';
  const sheets: Record<string, Sheet> = {};
  for (const [id, sh] of sheetsGiven) {
    if (!ids.has(id)) problems.push(`sheets.${id}: no seat "${id}" (seats: ${seatList()}); NPCs go under npcs:`);
    else sheets[id] = sheetFromSetup(id, sh, id, system, players.find((p) => p.id === id)!.name, problems, 'sheets');
  }
  for (const [id, sh] of npcsGiven) {
    if (ids.has(id) || Object.values(sheets).some((x) => key(x.id) === key(id)))
      problems.push(`npcs.${id}: the id of a seat or another sheet`);
    else sheets[id] = sheetFromSetup(id, sh, null, system, id, problems, 'npcs');
  }
  for (const sh of Object.values(sheets))
    if (sh.player && s.luck?.[sh.player] !== undefined && s.sheets?.[sh.id]?.luck === undefined)
      sh.luck = s.luck[sh.player]!;
  const trials: Trial[] = [];
  for (const t of trialsGiven) {
    const r = parseTrialText(
      t.id,
      [
        t.name,
        t.kind ? `kind ${t.kind}` : '',
        t.progress ? `progress ${t.progress}` : '',
        t.risk ? `risk ${t.risk}` : '',
        `difficulty ${t.difficulty}`,
        t.success ? `success ${t.success}` : '',
        t.failure ? `failure ${t.failure}` : '',
        t.cheat ? `cheat ${t.cheat}` : '',
      ]
        .filter(Boolean)
        .join('; '),
      1,
      'en',
    );
    if ('error' in r) problems.push(`trials.${t.id}: ${r.error}`);
    else if (trials.some((x) => key(x.id) === key(t.id))) problems.push(`trials.${t.id}: given twice`);
    else trials.push(r.trial);
  }
  if (problems.length) throw new KindSetupError('rpg', problems);
  return {
    kind: 'rpg',
    title: s.title ?? DEFAULT_TITLE,
    phaseLabel: s.phaseLabel ?? DEFAULT_PHASE_LABEL,
    players: players.map((p) => ({ id: p.id, name: p.name })),
    luck: { ...s.luck },
    round: 1,
    log: [],
    system,
    showNumbers: s.numbers !== 'hidden',
    instant: s.instant ?? false,
    sheets,
    trials,
    series: {},
    teams: [],
    revealed: null,
  };
}
