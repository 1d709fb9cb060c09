// The GM's part of the rpg kind (GmSupport): no decision is ever waited for
// (the table goes on), but the GM changes the table with ad-hoc decisions —
//   DECIDE set:<who>.<field>[.<name>] <value>   a character sheet (a new id makes an NPC)
//   DECIDE trial:<id> <name; progress N; risk N; difficulty D; kind …>   opens a trial
//   DECIDE trial:<id> close | success | failure                       ends it (the cheat, or as the GM rules)
//   DECIDE dice:reveal yes                       reveals the game's seed with this round's report
// — and rolls for NPCs or on a player's behalf, hidden: ROLL <character>: <order>.
import { formatWords, wordTable } from '../../render/fluent.js';
import type { DecisionValue, GmRoll, GmSupport, Lang, PlayerId } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { fold } from '../../text-fold.js';
import { GAUSS } from '../../dice/index.js';
import { describeRoll } from './format.js';
import { KEYWORD, KEYWORDS } from './messages.js';
import { OrderError, readOrder } from './orders.js';
import { rollOrder } from './resolve.js';
import { emptySheet, findSheet, key, parseSkill, relationValue } from './sheets.js';
import { findTrial, parseTrialText } from './trials.js';
import type { RpgEvent, RpgOrder, RpgState, Sheet, Trial } from './types.js';

/** The GM's errors: messages gm-error-<key> of templates/rpg/<lang>/rpg.ftl. */
const E = wordTable('rpg', 'gm-error', [
  'unknown',
  'int',
  'luck',
  'skill',
  'relation',
  'weapon',
  'armour',
  'yes',
  'trialEnd',
  'trialExists',
  'gmRoll',
] as const);
const e = (k: keyof typeof E, lang: Lang, vars: Record<string, string>) => ({ error: formatWords(E[k], lang, vars) });

const NONE = new Set(['none', 'nothing', 'нет', 'ничего', 'žádné', 'nic'].map(fold));
const YES = new Set(['yes', 'да', 'ano', 'true', '1'].map(fold));
const END: Record<string, Trial['status']> = Object.fromEntries(
  (
    [
      ['closed', ['close', 'closed', 'закрыть', 'закрыто', 'uzavřít', 'uzavřena']],
      ['success', ['success', 'cheat', 'успех', 'чит', 'úspěch', 'trik']],
      ['failure', ['failure', 'провал', 'neúspěch']],
    ] as const
  ).flatMap(([s, ws]) => ws.map((w) => [fold(w), s as Trial['status']])),
);

type Field =
  | 'name'
  | 'level'
  | 'luck'
  | 'intellect'
  | 'notes'
  | 'defence'
  | 'traits'
  | 'techniques'
  | 'inventory'
  | 'skill'
  | 'resource'
  | 'relation'
  | 'weapon'
  | 'armour'
  | 'madness'
  | 'horror';
const FIELDS = new Set<Field>([
  'name',
  'level',
  'luck',
  'intellect',
  'notes',
  'defence',
  'traits',
  'techniques',
  'inventory',
  'skill',
  'resource',
  'relation',
  'weapon',
  'armour',
  'madness',
  'horror',
]);

type Adjustment =
  | { kind: 'set'; who: string; field: Field; sub: string | null }
  | { kind: 'trial'; id: string }
  | { kind: 'reveal' };

function parseAdjustment(id: string): Adjustment | null {
  if (id === 'dice:reveal') return { kind: 'reveal' };
  let m = /^trial:([\p{L}\p{N}_-]+)$/u.exec(id);
  if (m) return { kind: 'trial', id: m[1]! };
  m = /^set:([^.]+)\.([a-z]+)(?:\.(.+))?$/u.exec(id);
  if (!m || !FIELDS.has(m[2] as Field)) return null;
  const field = m[2] as Field;
  const needsSub = field === 'skill' || field === 'resource' || field === 'relation';
  if (needsSub !== (m[3] !== undefined)) return null;
  return { kind: 'set', who: m[1]!, field, sub: m[3] ? m[3].replace(/_/g, ' ') : null };
}

const kv = (raw: string) =>
  raw
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);

function weaponOf(raw: string): Sheet['weapon'] | 'bad' {
  const [name, ...rest] = kv(raw);
  if (!name) return 'bad';
  const w: NonNullable<Sheet['weapon']> = { name, skill: null, damage: null, penetration: 0 };
  for (const p of rest) {
    const m = /^(skill|навык|dovednost|damage|урон|zranění|penetration|пробитие|průraznost)\s*[:=]?\s*(.+)$/iu.exec(p);
    if (!m) return 'bad';
    const k = fold(m[1]!);
    if (['skill', 'навык', 'dovednost'].includes(k)) w.skill = m[2]!;
    else if (['damage', 'урон', 'zraneni'].includes(k)) {
      if (!/^\d*[dдк]\d+([+-]\d+)?$/i.test(m[2]!)) return 'bad';
      w.damage = m[2]!;
    } else {
      if (!/^[+-]?\d+$/.test(m[2]!)) return 'bad';
      w.penetration = Number(m[2]);
    }
  }
  return w;
}

function armourOf(raw: string): Sheet['armour'] | 'bad' {
  const [name, ...rest] = kv(raw);
  if (!name) return 'bad';
  const a: NonNullable<Sheet['armour']> = { name, bonus: 0, penalty: 0 };
  for (const p of rest) {
    const m = /^(bonus|бонус|защита|penalty|штраф|postih)\s*[:=]?\s*([+-]?\d+)$/iu.exec(p);
    if (!m) return 'bad';
    if (['bonus', 'бонус', 'защита'].includes(fold(m[1]!))) a.bonus = Number(m[2]);
    else a.penalty = Number(m[2]);
  }
  return a;
}

/** An ad-hoc GM adjustment: the value to record, or why it is refused. */
export function checkDecision(
  state: RpgState,
  id: string,
  raw: string,
  lang: Lang,
): { value: DecisionValue; shown?: string } | { error: string } {
  const adj = parseAdjustment(id);
  if (!adj) return e('unknown', lang, { id });
  const r = raw.trim();
  // The value is recorded as a code (yes, success …) and echoed as the GM wrote it, in his language.
  if (adj.kind === 'reveal') return YES.has(fold(r)) ? { value: 'yes', shown: r } : e('yes', lang, { raw: r });
  if (adj.kind === 'trial') {
    const existing = findTrial(state.trials, adj.id);
    const end = END[fold(r)];
    if (end) return existing ? { value: end, shown: r } : e('trialEnd', lang, { id: adj.id });
    if (existing?.status === 'open') return e('trialExists', lang, { id: adj.id });
    const t = parseTrialText(adj.id, r, state.round, lang);
    return 'error' in t ? t : { value: r };
  }
  const none = NONE.has(fold(r));
  const int = (min: number, max: number, k: 'int' | 'luck' = 'int') =>
    /^[+-]?\d+$/.test(r) && Number(r) >= min && Number(r) <= max ? { value: Number(r) } : e(k, lang, { raw: r });
  switch (adj.field) {
    case 'name':
    case 'notes':
    case 'defence':
    case 'traits':
    case 'techniques':
    case 'inventory':
      return { value: none ? '' : r };
    case 'level':
    case 'intellect':
      return int(0, 1000);
    case 'luck':
      return int(GAUSS.luck.min, GAUSS.luck.max, 'luck');
    case 'madness':
    case 'horror':
      return int(0, 1000);
    case 'skill': {
      if (none) return { value: '' };
      const v = parseSkill(state.system, r);
      return v === null ? e('skill', lang, { raw: r }) : { value: v.system === state.system ? v.value : r };
    }
    case 'resource':
      return none ? { value: '' } : /^[+-]?\d+$/.test(r) ? { value: Number(r) } : e('int', lang, { raw: r });
    case 'relation': {
      if (none) return { value: '' };
      const v = relationValue(r);
      return v === null ? e('relation', lang, { raw: r }) : { value: v };
    }
    case 'weapon':
      return none || weaponOf(r) !== 'bad' ? { value: none ? '' : r } : e('weapon', lang, { raw: r });
    case 'armour':
      return none || armourOf(r) !== 'bad' ? { value: none ? '' : r } : e('armour', lang, { raw: r });
  }
}

const list = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Apply the GM's adjustments of a phase to the working state (in the order given); the events they make. */
export function applyAdjustments(
  work: RpgState,
  decisions: Record<string, DecisionValue>,
  lang: Lang = 'en',
): RpgEvent[] {
  const events: RpgEvent[] = [];
  const changed = new Map<string, string[]>();
  for (const [id, value] of Object.entries(decisions)) {
    const adj = parseAdjustment(id);
    if (!adj) continue;
    if (adj.kind === 'reveal') {
      if (work.revealed === null) work.revealed = work.round;
      events.push({ type: 'dice-reveal', audience: 'all', round: work.round });
      continue;
    }
    if (adj.kind === 'trial') {
      const existing = findTrial(work.trials, adj.id);
      const end = END[fold(String(value))];
      if (end) {
        if (existing && existing.status === 'open') {
          existing.status = end;
          events.push({ type: 'trial', audience: 'all', trial: structuredClone(existing), change: 'closed' });
        }
        continue;
      }
      const t = parseTrialText(adj.id, String(value), work.round, lang);
      if ('error' in t) continue;
      if (existing) work.trials = work.trials.filter((x) => x !== existing);
      work.trials.push(t.trial);
      events.push({ type: 'trial', audience: 'all', trial: structuredClone(t.trial), change: 'opened' });
      continue;
    }
    let sheet = findSheet(work, adj.who);
    if (!sheet) {
      sheet = emptySheet(adj.who, adj.who, null);
      work.sheets[adj.who] = sheet;
    }
    const v = value;
    const s = String(v);
    const sub = adj.sub;
    switch (adj.field) {
      case 'name':
        if (s) sheet.name = s;
        break;
      case 'notes':
        sheet.notes = s;
        break;
      case 'defence':
        sheet.defence = s || null;
        break;
      case 'traits':
      case 'techniques':
      case 'inventory':
        sheet[adj.field] = list(s);
        break;
      case 'level':
        sheet.level = Number(v);
        break;
      case 'luck':
      case 'intellect':
        sheet[adj.field] = Number(v);
        break;
      case 'madness':
      case 'horror':
        (work.series[sheet.id] ??= { madness: 0, horror: 0 })[adj.field] = Number(v);
        break;
      case 'skill':
      case 'resource':
      case 'relation': {
        const bag = adj.field === 'skill' ? sheet.skills : adj.field === 'resource' ? sheet.resources : sheet.relations;
        const name =
          Object.keys(bag).find((k) => key(k) === key(sub!)) ??
          (adj.field === 'relation' ? (findSheet(work, sub!)?.id ?? sub!) : sub!);
        if (s === '') {
          delete bag[name];
          if (adj.field === 'skill') delete sheet.dice[name];
        } else if (adj.field === 'skill') {
          const p = parseSkill(work.system, typeof v === 'number' ? v : s)!;
          bag[name] = p.value;
          if (p.system !== work.system) sheet.dice[name] = p.system;
          else delete sheet.dice[name];
        } else bag[name] = Number(v);
        break;
      }
      case 'weapon': {
        const w = s ? weaponOf(s) : null;
        sheet.weapon = w === 'bad' ? sheet.weapon : w;
        break;
      }
      case 'armour': {
        const a = s ? armourOf(s) : null;
        sheet.armour = a === 'bad' ? sheet.armour : a;
        break;
      }
    }
    changed.set(sheet.id, [...(changed.get(sheet.id) ?? []), `${adj.field}${sub ? `.${sub}` : ''}`]);
  }
  for (const [id, changes] of changed) {
    const sh = work.sheets[id]!;
    events.push({ type: 'sheet', audience: sh.player ? [sh.player] : 'gm', sheet: id, changes });
  }
  return events;
}

/**
 * ROLL <character>: <order> (or an order for no character): the GM's hidden roll in the kind's terms.
 * A plain dice spec (ROLL 4dF weather) is the kind's own ROLL order too, so that its stream, dice
 * and mechanic are recorded like every other roll and `judge dice verify` covers it; null (the
 * engine's answer) only for a text that is no order at all.
 */
export function gmKindRoll(
  state: RpgState,
  text: string,
  rng: Rng,
  lang: Lang,
): Omit<GmRoll, 'seq'> | { error: string } | null {
  const t = text.trim();
  const m = /^([^:\s][^:]*?):\s+(.+)$/u.exec(t);
  const who = m ? findSheet(state, m[1]!) : undefined;
  const orderText = who ? m![2]! : t;
  const first = fold(orderText.split(/\s+/)[0] ?? '');
  const plain = !KEYWORDS[first];
  if (plain && m && KEYWORDS[fold(m[2]!.split(/\s+/)[0] ?? '')]) return e('gmRoll', lang, {});
  let order: RpgOrder;
  try {
    order = readOrder(state, 'gm', who ?? null, plain ? `${KEYWORD.en.roll} ${orderText}` : orderText, 1, lang);
  } catch (err) {
    if (plain) return null; // not a spec the kind reads: the engine says why
    if (err instanceof OrderError) return { error: err.message };
    throw err;
  }
  if (order.type === 'sheet') return { error: E.gmRoll[lang] };
  const work = structuredClone(state);
  const rolls = rollOrder(work, 'gm', order, rng, { phase: 0, via: 'gm', seq: null, stream: 'master:gm' });
  const last = rolls[rolls.length - 1]!;
  return {
    spec: rolls.map((r) => r.spec).join(' | '),
    label: order.comment,
    total: last.result,
    text: rolls.map((r) => describeRoll(state, r, 'gm', lang).text).join(' ⇒ '),
    detail: { order, rolls },
  };
}

export const gm: GmSupport<RpgState, RpgOrder> = {
  decisions: () => [],
  waits: false,
  worksheet: (state, _orders, _specs, lang) => ({
    trials: state.trials
      .filter((t) => t.status === 'open')
      .map((t) => `${t.id}: ${t.name} (${t.successes}/${t.progress ?? '—'}, ${t.failures}/${t.risk ?? '—'})`),
    sheets: Object.values(state.sheets).map((s) => `${s.id}: ${s.name}${s.player ? ` (${s.player})` : ''}`),
    lang,
  }),
  checkDecision,
  narrativeTargets: (state) => [
    ...state.players.map((p) => p.id),
    ...Object.keys(state.sheets),
    ...state.trials.map((t) => t.id),
    'all',
  ],
  roll: gmKindRoll,
};

export type { PlayerId };
