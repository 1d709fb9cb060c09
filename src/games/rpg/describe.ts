// How the judge understood an order, for the acknowledgement, in the player's language.
import type { Lang, PlayerId } from '../../engine/types.js';
import { describeSpec, formatSpec, GAUSS_DIFFICULTIES, signed, SUCCESS_DIFFICULTIES } from '../../dice/index.js';
import { KEYWORD, shownSpec, W } from './messages.js';
import { findTrial, nextDifficulty } from './trials.js';
import { skillSystem, skillWord } from './sheets.js';
import type { RpgOrder, RpgState, RpgSystem } from './types.js';

export function difficultyName(system: RpgSystem, d: number, lang: Lang): string {
  const name = system === 'gauss20' ? GAUSS_DIFFICULTIES[d]?.[lang] : SUCCESS_DIFFICULTIES[d]?.[lang];
  const n = system === 'gauss20' ? signed(d) : String(d);
  return name ? `${name} (${n})` : n;
}

export function describeOrder(state: RpgState, o: RpgOrder, player: PlayerId | 'gm', lang: Lang): string {
  const kw = KEYWORD[lang][o.type];
  const parts: string[] = [];
  const me = o.actor ? state.sheets[o.actor] : Object.values(state.sheets).find((s) => s.player === player);
  switch (o.type) {
    case 'roll':
      parts.push(`${kw} ${shownSpec(formatSpec(o.spec!), lang)} (${describeSpec(o.spec!, lang)})`);
      break;
    case 'check': {
      const v = o.skill ? (me?.skills[o.skill] ?? 0) : 0;
      const sys = skillSystem(state, me, o.skill);
      const skill = o.skill
        ? `${o.skill} (${skillWord(sys, v, lang)}${sys === 'gauss20' ? ` ${signed(v)}` : `, ${v}dS`})`
        : W.untrained[lang];
      const bits = [skill];
      // What is rolled: a check toward a trial at the trial's difficulty (the next check's, for a dynamic trial).
      const trial = o.trial ? findTrial(state.trials, o.trial) : undefined;
      const difficulty = trial ? nextDifficulty(trial) : o.difficulty;
      if (difficulty !== null && difficulty !== undefined)
        bits.push(
          `${W.difficulty[lang]} ${difficultyName(sys, difficulty, lang)}${trial ? ` (${W.trialDifficulty[lang]})` : ''}`,
        );
      if (o.modifier) bits.push(signed(o.modifier));
      if (o.luck) bits.push(`${W.luck[lang]} ${o.luck}`);
      if (o.advantage && o.advantage !== 'none')
        bits.push(W[o.advantage === 'adv' ? 'advantage' : 'disadvantage'][lang]);
      if (o.trial) bits.push(`${W.trial[lang]} ${o.trial}`);
      if (o.team) bits.push(`${W.team[lang]} ${o.team}`);
      parts.push(`${kw} ${bits.join(', ')}`);
      break;
    }
    case 'median':
      parts.push(
        `${kw} ${o.window!.low}-${o.window!.high}${o.outside ? ` (${W.outside[lang]})` : ''}${o.modifier ? ` ${signed(o.modifier)}` : ''}`,
      );
      break;
    case 'madness':
    case 'horror':
      parts.push(`${kw}${o.modifier ? ` ${signed(o.modifier)}` : ''}${o.series ? ` (${W.series[lang]})` : ''}`);
      break;
    case 'opposed':
    case 'attack': {
      const t = state.sheets[o.target!];
      const bits = [t?.name ?? o.target!];
      if (o.skill) bits.push(o.skill);
      if (o.modifier) bits.push(signed(o.modifier));
      if (o.defenderBonus) bits.push(`${W.defence[lang]} ${signed(o.defenderBonus)}`);
      if (o.passive) bits.push(W.passive[lang]);
      if (o.helpless) bits.push(W.helpless[lang]);
      parts.push(`${kw} ${bits.join(', ')}`);
      break;
    }
    case 'sheet':
      parts.push(kw);
  }
  const extra: string[] = [];
  if (o.copies?.length) extra.push(`${W.copies[lang]} ${o.copies.join(', ')}`);
  if (o.public) extra.push(`${W.copies[lang]} ${W.everyone[lang]}`);
  if (o.hidden) extra.push(W.hiddenEcho[lang]);
  if (o.wait) extra.push(W.waits[lang]);
  const comment = o.comment ? ` — ${o.comment}` : '';
  return `${parts.join(' ')}${extra.length ? ` [${extra.join('; ')}]` : ''}${comment}`;
}
