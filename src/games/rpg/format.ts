// A roll in the reader's words: every die and step (numbers shown), or only
// the words of the result (001: players are told the literary description,
// not the numbers), or nothing but "rolled" (a hidden roll, for a player).
import type { Lang, PlayerId } from '../../engine/types.js';
import {
  ATTACK_LABELS,
  combatRow,
  type DamageResult,
  DEFENCE_LABELS,
  formatRoll,
  GAUSS_TABLE,
  outcomeLabel,
  signed,
  WORDS,
  type GaussValue,
  type MedianResult,
  type RollResult,
  type Window,
} from '../../dice/index.js';
import { difficultyName } from './describe.js';
import { KEYWORD, msg, shownSpec, W } from './messages.js';
import type { RpgRoll, RpgState, TeamResult } from './types.js';

const g = (v: GaussValue, lang: Lang) =>
  `${v.dice.length}${WORDS[lang].die}20: ${v.dice.join('+')}=${v.sum} → ${v.value}`;
const win = (w: Window, lang: Lang) =>
  w.low > w.high ? W.empty[lang] : `${Math.max(1, w.low)}-${Math.min(20, w.high)}`;

function sideWords(r: RpgRoll, m: MedianResult, lang: Lang): string {
  if (r.kind === 'madness' || r.kind === 'horror') {
    const next = r.series ? r.series.after : 0;
    const step = r.kind === 'madness' ? -next : next;
    if (m.side === 'inside') return W[r.kind === 'madness' ? 'madnessHit' : 'horrorHit'][lang];
    if (m.side === 'high')
      return msg(W[r.kind === 'madness' ? 'madnessHigh' : 'horrorHigh'], lang, { n: signed(step) });
    return W[r.kind === 'madness' ? 'madnessLow' : 'horrorLow'][lang];
  }
  const input = r.mechanic.type === 'median' ? r.mechanic.input : null;
  if (input?.outside) return m.side === 'inside' ? W.outInside[lang] : W[m.side === 'low' ? 'outLow' : 'outHigh'][lang];
  return m.side === 'inside' ? W.inside[lang] : W[m.side === 'low' ? 'missLow' : 'missHigh'][lang];
}

/**
 * A step of the damage as gauss.ts records it in the roll (max, min, xN, /N: stored
 * rolls keep these codes) in the reader's words; ×N and ÷N read the same in every language.
 */
function stepWord(step: string, lang: Lang): string {
  if (step === 'max') return W.damageMax[lang];
  if (step === 'min') return W.damageMin[lang];
  const m = /^([x/])(\d+)$/.exec(step);
  // A code gauss.ts does not record is shown as it is (the language tests would see it), never a wrong sign.
  if (!m) return step;
  return `${m[1] === 'x' ? '×' : '÷'}${m[2]}`;
}

/** The damage of a hit: its dice and steps with their total (numbers shown), or only its steps. */
export function damageWords(d: DamageResult, lang: Lang, numbers: boolean): string {
  const steps = d.steps.length ? ` [${d.steps.map((s) => stepWord(s, lang)).join(' ')}]` : '';
  return numbers
    ? `${W.damage[lang]} ${d.spec}:${d.dice.length ? ` ${d.dice.join('+')}` : ''}${steps} = ${d.total}`
    : `${W.damage[lang]}${steps}`;
}

function attackWords(r: RpgRoll, lang: Lang, numbers: boolean): string {
  if (r.detail.type !== 'attack') return '';
  const a = r.detail.attack;
  const parts: string[] = [];
  // Each check read on its own table of 001 (13-17: a hit with a bonus, not the ladder's "good work").
  const lab = (table: 'attack' | 'defence', r: RollResult) =>
    (table === 'attack' ? ATTACK_LABELS : DEFENCE_LABELS)[combatRow(GAUSS_TABLE[table], r.result).label][lang];
  if (a.stage === 'helpless') parts.push(W.helpless[lang]);
  if (a.attack)
    parts.push(
      `${W.attack[lang]}: ${numbers ? `${formatRoll(a.attack, lang).replace(/: [^:]+$/, '')}, ` : ''}${lab('attack', a.attack)}${numbers && a.penetrationBonus ? ` (${signed(a.penetrationBonus)})` : ''}`,
    );
  if (a.stage === 'attack-failed') parts.push(W.attackFailed[lang]);
  if (a.stage === 'auto-hit') parts.push(W.autoHit[lang]);
  if (a.defence)
    parts.push(
      `${W.defence[lang]}: ${numbers ? `${formatRoll(a.defence, lang).replace(/: [^:]+$/, '')}, ` : ''}${lab('defence', a.defence)}${numbers && a.defenceBonus ? ` (${signed(a.defenceBonus)})` : ''}`,
    );
  if (a.stage === 'defence-failed') parts.push(W.defenceFailed[lang]);
  if (a.stage === 'defence-best') parts.push(W.defenceBest[lang]);
  if (a.opposed) {
    const o = a.opposed;
    parts.push(
      numbers
        ? `${W.opposed[lang]}: ${W.defenderFirst[lang]} ${g(o.defender, lang)}, ${W.window[lang]} ${win(o.window, lang)} (${W.defence[lang]} ${signed(a.defenderBonus)}, ${W.attack[lang]} ${signed(a.attackerBonus)}); ${W.attacker[lang]} ${g(o.attacker, lang)} → ${o.hit ? W.hit[lang] : W.held[lang]}`
        : `${W.opposed[lang]}: ${o.hit ? W.hit[lang] : W.held[lang]}`,
    );
  }
  if (a.damage) parts.push(damageWords(a.damage, lang, numbers));
  else if (a.hit) parts.push(W.noDamage[lang]);
  return parts.join('; ');
}

function trialWords(r: RpgRoll | TeamResult, state: RpgState, lang: Lang): string {
  const t = r.trial;
  if (!t) return '';
  if (t.late) return ` [${W.trial[lang]} ${t.id}: ${W.lateTrial[lang]}]`;
  const trial = state.trials.find((x) => x.id === t.id);
  const status =
    t.after.status === 'open'
      ? ''
      : `: ${W[t.after.status === 'success' ? 'trialSuccess' : t.after.status === 'failure' ? 'trialFailure' : t.after.status === 'closed' ? 'trialClosed' : 'trialDone'][lang]}`;
  const add = t.successes ? `+${t.successes} ${W.progress[lang]}` : `+${t.failures} ${W.risk[lang]}`;
  return ` [${W.trial[lang]} ${t.id} (${add}): ${W.progress[lang]} ${t.after.successes}/${trial?.progress ?? '—'}, ${W.risk[lang]} ${t.after.failures}/${trial?.risk ?? '—'}${status}]`;
}

/** The head (what was rolled) and the text (how it came out) of a roll, for one reader. */
export function describeRoll(
  state: RpgState,
  r: RpgRoll,
  reader: PlayerId | 'gm',
  lang: Lang,
): { head: string; text: string; outcome: string | null } {
  // A hidden roll shows a player nothing but that it was rolled: not even its numbers in the head.
  const numbers = reader === 'gm' || (state.showNumbers && !r.hidden);
  const kw = KEYWORD[lang][r.kind];
  const actor = state.sheets[r.actor];
  const target = r.target ? (state.sheets[r.target]?.name ?? r.target) : null;
  const sys = r.spec.startsWith('gauss20') ? 'gauss20' : 'success';
  const headOf = (): string => {
    switch (r.kind) {
      case 'roll':
        return `${kw} ${numbers ? shownSpec(r.spec, lang) : ''}`.trim();
      case 'check':
        return `${kw} ${r.skill ?? W.untrained[lang]}${r.difficulty !== null ? `, ${numbers ? difficultyName(sys, r.difficulty, lang) : difficultyName(sys, r.difficulty, lang).replace(/ \([^)]*\)$/, '')}` : ''}${numbers ? ` (${shownSpec(r.spec, lang)})` : ''}`;
      case 'median': {
        const m = r.mechanic.type === 'median' ? r.mechanic.input : null;
        if (!numbers || !m) return kw;
        return `${kw} ${m.window.low}-${m.window.high}${m.outside ? ` (${W.outside[lang]})` : ''}${m.modifier ? ` ${signed(m.modifier)}` : ''}`;
      }
      default:
        return `${kw}${target ? ` ${target}` : ''}${r.kind === 'attack' && r.skill ? `, ${r.skill}` : ''}`;
    }
  };
  const who = actor && actor.player === null ? `${actor.name}: ` : '';
  const head = `${who}${headOf()}`;
  if (r.hidden && reader !== 'gm') return { head, text: W.hiddenRoll[lang], outcome: null };
  let text: string;
  let outcome: string | null = null;
  const d = r.detail;
  if (d.type === 'spec') {
    outcome = d.roll.outcome ? outcomeLabel(d.roll.outcome, lang) : null;
    text = numbers ? formatRoll(d.roll, lang) : (outcome ?? W.hiddenRoll[lang]);
  } else if (d.type === 'median') {
    outcome = sideWords(r, d.median, lang);
    const input = r.mechanic.type === 'median' ? r.mechanic.input : null;
    text = numbers
      ? `${g(d.median.roll, lang)}; ${W.window[lang]} ${input ? `${input.window.low}-${input.window.high}` : ''}${input?.modifier ? ` ${signed(input.modifier)} → ${win(d.median.window, lang)}` : ''} → ${outcome}`
      : outcome;
  } else if (d.type === 'opposed') {
    const o = d.opposed;
    outcome = o.hit ? W.hit[lang] : W.held[lang];
    text = numbers
      ? `${W.defenderFirst[lang]} ${g(o.defender, lang)}, ${W.window[lang]} ${win(o.window, lang)}; ${W.attacker[lang]} ${g(o.attacker, lang)} → ${outcome}`
      : outcome;
  } else {
    outcome = d.attack.hit ? W.hit[lang] : W.held[lang];
    text = attackWords(r, lang, numbers);
  }
  return { head, text: `${text}${trialWords(r, state, lang)}`, outcome };
}

export function describeTeam(state: RpgState, t: TeamResult, reader: PlayerId | 'gm', lang: Lang): string {
  const numbers = reader === 'gm' || state.showNumbers;
  const names = t.members
    .map((m) => `${state.sheets[m.actor]?.name ?? m.actor}${numbers ? ` ${m.result}` : ''}`)
    .join(' + ');
  const notes = t.notes.map((n) => (n === 'team-of-one' ? W.teamOfOne[lang] : W.teamDifferent[lang]));
  const plus = t.teamDifficulty !== t.difficulty ? ` +${t.teamDifficulty - t.difficulty}` : '';
  const core = numbers
    ? `${names} = ${t.sum}, ${W.difficulty[lang]} ${t.teamDifficulty} (${difficultyName('success', t.difficulty, lang)}${plus})`
    : names;
  return `${W.team[lang]} ${t.id}: ${core}: ${outcomeLabel(t.outcome, lang)}${notes.length ? ` (${notes.join('; ')})` : ''}${trialWords(t, state, lang)}`;
}
