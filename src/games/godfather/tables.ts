// The role and character tables (games/godfather/roles.json, characters.json),
// validated with zod at load time, every problem reported at once. One source of
// truth for every number of the document's two tables.
import { loadGameTable } from '../../engine/tables.js';
import * as z from '../../zod.js';

export const ACTION_KINDS = [
  'day',
  'night',
  'individual',
  'faction',
  'hero',
  'manipulation',
  'secretDay',
  'secretNight',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export const EFFECTS = [
  'stat',
  'massStat',
  'factionStat',
  'tempStat',
  'garrison',
  'prayer',
  'wrath',
  'swapChanges',
  'negotiations',
  'protectVo',
  'lamp',
  'hounds',
  'armSlaves',
  'loyalGuard',
  'prisonHome',
  'masquerade',
  'block',
  'blockLowTv',
  'blockSecret',
  'disable',
  'absent',
  'redirect',
  'lighthouse',
  'freezeFactions',
  'noPrivates',
  'secretLog',
  'learnCharacter',
  'learnStats',
  'learnFactions',
  'learnAllTv',
  'inFaction',
  'sameFaction',
  'targetsOf',
  'strikeback',
  'privCounts',
  'unmask',
  'poison',
  'heal',
  'healShield',
  'release',
  'autoPrison',
  'jailGuard',
  'judge',
  'prisonSwap',
  'jailOrFree',
  'voteSteal',
  'voteStrip',
  'expel',
  'disband',
  'loseAction',
  'gainCharacter',
  'gainRole',
  'mimic',
  'proxy',
  'blackmail',
  'riot',
  'authority',
  'double',
  'drain',
  'tempSelf',
  'influence',
  'sowRumours',
  'extraOrdinary',
  'gm',
] as const;
export type Effect = (typeof EFFECTS)[number];

/** The tables' schemas: made only when a table is validated (engine/tables.ts keeps what a build validated before). */
function schemas() {
  const text = z.object({ ru: z.string().min(1), en: z.string().min(1) }).strict();
  const slug = z.object({ ru: z.string().regex(/^[а-яё-]+$/), en: z.string().regex(/^[a-z-]+$/) }).strict();

  const actionSchema = z
    .object({
      kind: z.enum(ACTION_KINDS),
      slug,
      name: text,
      text,
      effect: z.enum(EFFECTS),
      targets: z.number().int().min(0).max(3),
      target: z.enum(['prisoner', 'notPrisoner', 'member', 'memberOrSelf']).optional(),
      choice: z.enum(['sign', 'stat', 'guard', 'action', 'forced', 'number']).optional(),
      params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
      cooldown: z.number().int().min(0).optional(),
      unblockable: z.boolean().optional(),
      free: z.boolean().optional(),
      extra: z.boolean().optional(),
      once: z.boolean().optional(),
    })
    .strict();

  const rolesSchema = z
    .object({
      $comment: z.string().optional(),
      roles: z
        .array(
          z
            .object({
              slug: z.string().regex(/^[a-z]+$/),
              name: text,
              vo: z.number().int(),
              tv: z.number().int().min(0),
              actions: z.array(actionSchema).length(6),
            })
            .strict(),
        )
        .length(16),
    })
    .strict();

  const charactersSchema = z
    .object({
      $comment: z.string().optional(),
      characters: z
        .array(
          z
            .object({
              slug: z.string().regex(/^[a-z]+$/),
              name: text,
              feature: text,
              passive: z.record(z.string(), z.union([z.number(), z.boolean()])),
              actions: z.array(actionSchema).length(2),
            })
            .strict(),
        )
        .length(13),
    })
    .strict();
  return { actionSchema, rolesSchema, charactersSchema };
}

export type ActionData = z.infer<ReturnType<typeof schemas>['actionSchema']>;

/** One action of the tables, with its stable key ("aristocrat.day", "loyal.secretDay"). */
export interface ActionDef extends ActionData {
  key: string;
  /** The role or character it belongs to. */
  owner: string;
  source: 'role' | 'character';
  /** Hours before it can be used again. */
  cooldownHours: number;
}

export interface RoleDef {
  slug: string;
  name: { ru: string; en: string };
  vo: number;
  tv: number;
  actions: ActionDef[];
}

export interface CharacterDef {
  slug: string;
  name: { ru: string; en: string };
  feature: { ru: string; en: string };
  passive: Record<string, number | boolean>;
  actions: ActionDef[];
}

function load<T>(name: string, schema: () => z.ZodType<T>): T {
  return loadGameTable('godfather', name, schema);
}

const ROLE_KINDS: ActionKind[] = ['day', 'night', 'individual', 'faction', 'hero', 'manipulation'];

function defaultCooldown(kind: ActionKind): number {
  return kind === 'day' || kind === 'night' || kind === 'secretDay' || kind === 'secretNight' ? 0 : 72;
}

function build(): { roles: RoleDef[]; characters: CharacterDef[] } {
  const r = load('roles.json', () => schemas().rolesSchema);
  const c = load('characters.json', () => schemas().charactersSchema);
  const problems: string[] = [];
  const roles: RoleDef[] = r.roles.map((role) => {
    role.actions.forEach((a, i) => {
      if (a.kind !== ROLE_KINDS[i])
        problems.push(`roles.json ${role.slug}: action ${i + 1} must be "${ROLE_KINDS[i]}", is "${a.kind}"`);
    });
    return {
      ...role,
      actions: role.actions.map((a) => ({
        ...a,
        key: `${role.slug}.${a.kind}`,
        owner: role.slug,
        source: 'role' as const,
        cooldownHours: a.cooldown ?? defaultCooldown(a.kind),
      })),
    };
  });
  const characters: CharacterDef[] = c.characters.map((ch) => {
    if (ch.actions[0]!.kind !== 'secretDay' || ch.actions[1]!.kind !== 'secretNight')
      problems.push(`characters.json ${ch.slug}: the actions must be secretDay then secretNight`);
    return {
      ...ch,
      actions: ch.actions.map((a) => ({
        ...a,
        key: `${ch.slug}.${a.kind}`,
        owner: ch.slug,
        source: 'character' as const,
        cooldownHours: a.cooldown ?? defaultCooldown(a.kind),
      })),
    };
  });
  // Slugs are unique across both tables, except a character's day and night action of the same name.
  const seen = new Map<string, ActionDef>();
  for (const a of [...roles.flatMap((x) => x.actions), ...characters.flatMap((x) => x.actions)])
    for (const s of [a.slug.ru, a.slug.en]) {
      const prev = seen.get(s);
      if (prev && !(prev.owner === a.owner && prev.source === 'character'))
        problems.push(`action slug "${s}" is used by ${prev.key} and ${a.key}`);
      seen.set(s, a);
    }
  const ids = new Set<string>();
  for (const s of [...roles.map((x) => x.slug), ...characters.map((x) => x.slug)]) {
    if (ids.has(s)) problems.push(`duplicate slug "${s}"`);
    ids.add(s);
  }
  if (problems.length) throw new Error(`games/godfather tables:\n  ${problems.join('\n  ')}`);
  return { roles, characters };
}

const TABLES = build();
export const ROLES: readonly RoleDef[] = TABLES.roles;
export const CHARACTERS: readonly CharacterDef[] = TABLES.characters;
export const ROLE_SLUGS = ROLES.map((r) => r.slug);
export const CHARACTER_SLUGS = CHARACTERS.map((c) => c.slug);

const ACTIONS = new Map<string, ActionDef>(
  [...ROLES, ...CHARACTERS].flatMap((x) => x.actions.map((a) => [a.key, a] as const)),
);

export function role(slug: string): RoleDef {
  const r = ROLES.find((x) => x.slug === slug);
  if (!r) throw new Error(`unknown role "${slug}"`);
  return r;
}

export function character(slug: string): CharacterDef {
  const c = CHARACTERS.find((x) => x.slug === slug);
  if (!c) throw new Error(`unknown character "${slug}"`);
  return c;
}

export function action(key: string): ActionDef {
  const a = ACTIONS.get(key);
  if (!a) throw new Error(`unknown action "${key}"`);
  return a;
}

export function allActions(): ActionDef[] {
  return [...ACTIONS.values()];
}

export function passive(characterSlug: string, key: string): number | boolean | undefined {
  return character(characterSlug).passive[key];
}
