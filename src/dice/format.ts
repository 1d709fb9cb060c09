// A roll as one line of text naming every die:
//   3d20: 4+6+2=12 → round(12/3)=4, luck +0, mod +2 → 6: failure
import type { Lang } from '../engine/types.js';
import type { RollAttempt, RollResult } from './roll.js';
import { outcomeLabel, signed, WORDS } from './messages.js';
import { GAUSS } from './tables.js';

const FUDGE_MARK: Record<number, string> = { [-1]: '[-]', 0: '[ ]', 1: '[+]' };

function attemptText(r: RollResult, a: RollAttempt, lang: Lang): string {
  const w = WORDS[lang];
  const spec = r.spec;
  const n = a.dice.length;
  switch (spec.form) {
    case 'gauss20': {
      const g = a.gauss!;
      const mod =
        spec.vs !== null ? `${signed(spec.modifier)}${signed(spec.vs)}=${signed(g.modifier)}` : signed(g.modifier);
      return (
        `${n}${w.die}${GAUSS.sides}: ${a.dice.map((d) => d.face).join('+')}=${g.sum} → round(${g.sum}/${n})=${g.base}` +
        `, ${w.luck} ${signed(g.luck - GAUSS.luck.neutral)}${g.natural !== g.base ? ` → ${g.natural}` : ''}` +
        `, ${w.modifier} ${mod} → ${a.result}`
      );
    }
    case 'success':
      return `${n}dS: ${a.dice.map((d) => `[${d.value}]`).join('')} = ${a.result}`;
    case 'fudge': {
      const dice = `${n}dF: ${a.dice.map((d) => FUDGE_MARK[d.value]).join('')} = ${signed(a.sum)}`;
      return spec.modifier !== 0 ? `${dice}, ${signed(spec.modifier)} → ${a.result}` : dice;
    }
    case 'standard': {
      const faces = a.dice.map((d) => d.face).join('+');
      const dice = `${n}${w.die}${spec.sides}: ${n > 1 ? `${faces}=${a.sum}` : faces}`;
      return spec.modifier !== 0 ? `${dice}, ${signed(spec.modifier)} → ${a.result}` : dice;
    }
  }
}

/** Every die of a roll and what came of it, in the reader's language. */
export function formatRoll(r: RollResult, lang: Lang = 'en'): string {
  const w = WORDS[lang];
  const spec = r.spec;
  const threshold = spec.form !== 'gauss20' && spec.vs !== null ? `, ${w.difficulty} ${spec.vs}` : '';
  const outcome = r.outcome ? `: ${outcomeLabel(r.outcome, lang)}` : '';
  if (r.attempts.length === 1) return `${attemptText(r, r.attempts[0]!, lang)}${threshold}${outcome}`;
  const each = r.attempts.map((a) => attemptText(r, a, lang)).join(' | ');
  return `${w[spec.advantage === 'dis' ? 'dis' : 'adv']}: ${each} ⇒ ${r.result}${threshold}${outcome}`;
}
