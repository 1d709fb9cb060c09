// Character sheets (004 "ПЕРСОНАЖ ИГРОКА", 001 skill levels): reading them from
// the setup (numbers or the documents' level names), finding skills and
// characters by what players write, the GM's changes (DECIDE set:…), and
// showing a sheet — with numbers, or only the words of the levels (001).
import type { Lang, PlayerId } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import { wordTable } from '../../render/fluent.js';
import {
  GAUSS,
  GAUSS_SKILLS,
  GAUSS_TABLE,
  ladderWords,
  RELATIONS,
  SUCCESS_SKILLS,
  SUCCESS_TABLE,
  type Localized,
} from '../../dice/index.js';
import type { RpgState, RpgSystem, Sheet } from './types.js';

/** Folded, underscores as spaces: how names are compared. */
export const key = (s: string) => fold(s).replace(/_/g, ' ').replace(/\s+/g, ' ').trim();

const wordsOf = (system: RpgSystem) => ladderWords(system === 'gauss20' ? GAUSS_TABLE.skills : SUCCESS_TABLE.skills);

/**
 * A skill from a number or a level name of the game's system, or with its own
 * dice: "3dS" (004, three success dice) or "gauss20+8" (001, a +8 bonus); null when it is none of these.
 */
export function parseSkill(system: RpgSystem, v: number | string): { value: number; system: RpgSystem } | null {
  if (typeof v === 'string') {
    const t = v.trim();
    const ds = /^(\d+)\s*[dдк]s$/i.exec(t);
    if (ds) return { value: Number(ds[1]), system: 'success' };
    const g = /^gauss(?:d)?20\s*([+-]\d+)?$/i.exec(t);
    if (g) return { value: Number(g[1] ?? 0), system: 'gauss20' };
  }
  const n = skillValue(system, v);
  return n === null ? null : { value: n, system };
}

/** The dice a skill of a sheet is rolled with. */
export function skillSystem(state: RpgState, sheet: Sheet | undefined, skill: string | null | undefined): RpgSystem {
  return (skill && sheet?.dice[skill]) || state.system;
}

/** A skill value from a number or a level name of the game's system; null when it is neither. */
export function skillValue(system: RpgSystem, v: number | string): number | null {
  if (typeof v === 'number') return Number.isInteger(v) ? v : null;
  const t = v.trim();
  if (/^[+-]?\d+$/.test(t)) return Number(t);
  return wordsOf(system).find((w) => key(w.words) === key(t))?.value ?? null;
}

/** A relation from 0..6 or its name (Война … Любовь). */
export function relationValue(v: number | string): number | null {
  if (typeof v === 'number') return Number.isInteger(v) && v in RELATIONS ? v : null;
  const t = v.trim();
  if (/^\d+$/.test(t)) return Number(t) in RELATIONS ? Number(t) : null;
  return ladderWords(SUCCESS_TABLE.relations).find((w) => key(w.words) === key(t))?.value ?? null;
}

/** The level word of a skill value: 001 names the even bonuses, 004 the values 1..6; between two 001 levels, the lower one. */
export function skillWord(system: RpgSystem, value: number, lang: Lang): string {
  const table: Readonly<Record<number, Localized>> = system === 'gauss20' ? GAUSS_SKILLS : SUCCESS_SKILLS;
  const levels = Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b);
  const at = [...levels].reverse().find((l) => l <= value) ?? levels[0]!;
  return table[at]![lang];
}

export function relationWord(value: number, lang: Lang): string {
  return RELATIONS[value]?.[lang] ?? String(value);
}

/** A character's sheet by what someone wrote: its id or its name, folded. */
export function findSheet(state: RpgState, written: string): Sheet | undefined {
  const k = key(written);
  return (
    Object.values(state.sheets).find((s) => key(s.id) === k) ??
    Object.values(state.sheets).find((s) => key(s.name) === k)
  );
}

/** The sheet of a player's own character. */
export function sheetOf(state: RpgState, player: PlayerId): Sheet | undefined {
  return Object.values(state.sheets).find((s) => s.player === player);
}

/** The skill at the head of `words` (longest match, folded, "_" = space): its name as on the sheet and the words used. */
export function matchSkill(sheet: Sheet, words: string[]): { skill: string; used: number } | null {
  for (let n = words.length; n > 0; n--) {
    const k = key(words.slice(0, n).join(' '));
    const skill = Object.keys(sheet.skills).find((s) => key(s) === k);
    if (skill !== undefined) return { skill, used: n };
  }
  return null;
}

export function skillList(sheet: Sheet): string {
  return Object.keys(sheet.skills).join(', ') || '—';
}

export function emptySheet(id: string, name: string, player: PlayerId | null, luck = GAUSS.luck.neutral): Sheet {
  return {
    id,
    name,
    player,
    level: null,
    luck,
    intellect: GAUSS_TABLE.madness.base,
    skills: {},
    dice: {},
    traits: [],
    techniques: [],
    resources: {},
    inventory: [],
    relations: {},
    weapon: null,
    armour: null,
    defence: null,
    notes: '',
  };
}

/** One line per part of a sheet, for the reader (numbers only when shown). */
export function sheetLines(state: RpgState, sheet: Sheet, lang: Lang, numbers: boolean): string[] {
  const L = Object.fromEntries(Object.entries(SHEET_WORDS).map(([k, w]) => [k, w[lang]])) as Record<
    keyof typeof SHEET_WORDS,
    string
  >;
  const sys = state.system;
  const lines: string[] = [];
  if (sheet.level !== null && numbers) lines.push(`${L.level}: ${sheet.level}`);
  if (numbers && sys === 'gauss20') lines.push(`${L.luck}: ${sheet.luck}, ${L.intellect}: ${sheet.intellect}`);
  const skills = Object.entries(sheet.skills).map(([n, v]) => {
    const s = sheet.dice[n] ?? sys;
    return numbers
      ? `${n} ${s === 'gauss20' ? (v >= 0 ? `+${v}` : v) : `${v}dS`} (${skillWord(s, v, lang)})`
      : `${n} — ${skillWord(s, v, lang)}`;
  });
  if (skills.length) lines.push(`${L.skills}: ${skills.join('; ')}`);
  if (sheet.traits.length) lines.push(`${L.traits}: ${sheet.traits.join(', ')}`);
  if (sheet.techniques.length) lines.push(`${L.techniques}: ${sheet.techniques.join(', ')}`);
  const res = Object.entries(sheet.resources).map(([n, v]) => `${n} ${v}`);
  if (res.length) lines.push(`${L.resources}: ${res.join(', ')}`);
  if (sheet.inventory.length) lines.push(`${L.inventory}: ${sheet.inventory.join(', ')}`);
  const rel = Object.entries(sheet.relations).map(
    ([who, v]) => `${state.sheets[who]?.name ?? who} — ${relationWord(v, lang)}${numbers ? ` (${v})` : ''}`,
  );
  if (rel.length) lines.push(`${L.relations}: ${rel.join('; ')}`);
  if (sheet.weapon) {
    const w = sheet.weapon;
    const parts = [
      w.skill ? `${L.skill} ${w.skill}` : '',
      numbers && w.damage ? `${L.damage} ${w.damage}` : '',
      numbers && w.penetration ? `${L.penetration} ${w.penetration >= 0 ? '+' : ''}${w.penetration}` : '',
    ].filter(Boolean);
    lines.push(`${L.weapon}: ${w.name}${parts.length ? ` (${parts.join(', ')})` : ''}`);
  }
  if (sheet.armour) {
    const a = sheet.armour;
    const parts = numbers
      ? [`${L.protection} ${a.bonus >= 0 ? '+' : ''}${a.bonus}`, a.penalty ? `${L.penalty} ${a.penalty}` : ''].filter(
          Boolean,
        )
      : [];
    lines.push(`${L.armour}: ${a.name}${parts.length ? ` (${parts.join(', ')})` : ''}`);
  }
  if (sheet.defence) lines.push(`${L.defence}: ${sheet.defence}`);
  if (sheet.notes) lines.push(`${L.notes}: ${sheet.notes}`);
  return lines;
}

/** The headings and words of a character sheet: messages sheet-<key> of templates/rpg/<lang>/rpg.ftl. */
const SHEET_WORDS = wordTable('rpg', 'sheet', [
  'level',
  'luck',
  'intellect',
  'skills',
  'traits',
  'techniques',
  'resources',
  'inventory',
  'relations',
  'weapon',
  'armour',
  'defence',
  'notes',
  'skill',
  'damage',
  'penetration',
  'protection',
  'penalty',
] as const);
