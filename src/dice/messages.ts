// Words of the dice module in the players' languages: spec errors, what a spec
// means (for order echoes), outcome labels.
import type { Lang } from '../engine/types.js';
import type { DiceSpec, SpecError } from './spec.js';
import { GAUSS_DIFFICULTIES, OUTCOME_LABELS, SUCCESS_DIE_FACES, SUCCESS_DIFFICULTIES, type OutcomeKey } from './tables.js';

export const EXAMPLES = '3d6+1, 4dF, 5dS vs:3, gauss20+2 luck:6';
const OPTIONS = 'luck:N, vs:D, adv, dis';

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

const gaussLadder = () =>
  Object.keys(GAUSS_DIFFICULTIES)
    .map(Number)
    .sort((a, b) => b - a)
    .map(signed)
    .join(', ');

type ErrorTexts = Record<SpecError['code'], (w: string, min: string, max: string) => string>;

const ERRORS: Record<Lang, ErrorTexts> = {
  en: {
    empty: () => `no dice spec given (try ${EXAMPLES})`,
    'not-a-spec': (w) => `"${w}" is not a dice spec (try ${EXAMPLES})`,
    'count-range': (w, a, b) => `"${w}": the number of dice must be ${a} to ${b}`,
    'sides-range': (w, a, b) => `"${w}": a die must have ${a} to ${b} sides`,
    'modifier-range': (w, a, b) => `"${w}": the modifier must be ${a} to ${b}`,
    'success-modifier': (w) => `"${w}": success dice (dS) take no modifier; give the difficulty as vs:D`,
    'luck-not-gauss': (w) => `"${w}": luck applies only to gauss20`,
    'luck-range': (w, a, b) => `"${w}": luck must be ${a} to ${b}`,
    'vs-range': (w, a, b) => `"${w}": the difficulty must be ${a} to ${b}`,
    'vs-gauss-ladder': (w) => `"${w}": a gauss20 difficulty must be one of ${gaussLadder()}`,
    'duplicate-option': (w) => `"${w}": this option is given twice`,
    'unknown-option': (w) => `"${w}": unknown option (known: ${OPTIONS})`,
    'unknown-word': (w) => `"${w}" is neither a dice spec nor an option (${OPTIONS})`,
  },
  cs: {
    empty: () => `chybí zápis kostek (např. ${EXAMPLES})`,
    'not-a-spec': (w) => `"${w}" není zápis kostek (např. ${EXAMPLES})`,
    'count-range': (w, a, b) => `"${w}": počet kostek musí být ${a} až ${b}`,
    'sides-range': (w, a, b) => `"${w}": kostka musí mít ${a} až ${b} stěn`,
    'modifier-range': (w, a, b) => `"${w}": modifikátor musí být ${a} až ${b}`,
    'success-modifier': (w) => `"${w}": kostky úspěchů (dS) nemají modifikátor; obtížnost zadejte jako vs:D`,
    'luck-not-gauss': (w) => `"${w}": štěstí platí jen pro gauss20`,
    'luck-range': (w, a, b) => `"${w}": štěstí musí být ${a} až ${b}`,
    'vs-range': (w, a, b) => `"${w}": obtížnost musí být ${a} až ${b}`,
    'vs-gauss-ladder': (w) => `"${w}": obtížnost gauss20 musí být jedna z ${gaussLadder()}`,
    'duplicate-option': (w) => `"${w}": tato volba je zadána dvakrát`,
    'unknown-option': (w) => `"${w}": neznámá volba (známé: ${OPTIONS})`,
    'unknown-word': (w) => `"${w}" není zápis kostek ani volba (${OPTIONS})`,
  },
  ru: {
    empty: () => `не указан бросок (например: ${EXAMPLES})`,
    'not-a-spec': (w) => `«${w}» — не запись броска (например: ${EXAMPLES})`,
    'count-range': (w, a, b) => `«${w}»: число кубиков должно быть от ${a} до ${b}`,
    'sides-range': (w, a, b) => `«${w}»: у кубика должно быть от ${a} до ${b} граней`,
    'modifier-range': (w, a, b) => `«${w}»: модификатор должен быть от ${a} до ${b}`,
    'success-modifier': (w) => `«${w}»: у кубиков успеха (dS) нет модификатора; сложность задаётся как vs:D`,
    'luck-not-gauss': (w) => `«${w}»: удача применяется только к gauss20`,
    'luck-range': (w, a, b) => `«${w}»: удача должна быть от ${a} до ${b}`,
    'vs-range': (w, a, b) => `«${w}»: сложность должна быть от ${a} до ${b}`,
    'vs-gauss-ladder': (w) => `«${w}»: сложность gauss20 должна быть одной из: ${gaussLadder()}`,
    'duplicate-option': (w) => `«${w}»: параметр указан дважды`,
    'unknown-option': (w) => `«${w}»: неизвестный параметр (известны: ${OPTIONS})`,
    'unknown-word': (w) => `«${w}» — не бросок и не параметр (${OPTIONS})`,
  },
};

export function specErrorMessage(error: SpecError, lang: Lang = 'en'): string {
  const r = error.range;
  return ERRORS[lang][error.code](error.word, r ? String(r.min) : '', r ? String(r.max) : '');
}

export function outcomeLabel(key: OutcomeKey, lang: Lang = 'en'): string {
  return OUTCOME_LABELS[key][lang];
}

interface SpecWords {
  die: string; // the dN prefix: d, k, к
  fudge: string;
  success: string;
  atLeast: string;
  difficulty: string;
  modifier: string;
  luck: string;
  adv: string;
  dis: string;
}

export const WORDS: Record<Lang, SpecWords> = {
  en: {
    die: 'd',
    fudge: 'FUDGE die (-1/0/+1)',
    success: 'success die',
    atLeast: 'at least',
    difficulty: 'difficulty',
    modifier: 'mod',
    luck: 'luck',
    adv: 'advantage, best of two',
    dis: 'disadvantage, worst of two',
  },
  cs: {
    die: 'k',
    fudge: 'kostka FUDGE (-1/0/+1)',
    success: 'kostka úspěchů',
    atLeast: 'alespoň',
    difficulty: 'obtížnost',
    modifier: 'mod',
    luck: 'štěstí',
    adv: 'výhoda, lepší ze dvou',
    dis: 'nevýhoda, horší ze dvou',
  },
  ru: {
    die: 'к',
    fudge: 'кубик FUDGE (-1/0/+1)',
    success: 'кубик успехов',
    atLeast: 'не меньше',
    difficulty: 'сложность',
    modifier: 'мод',
    luck: 'удача',
    adv: 'преимущество, лучший из двух',
    dis: 'помеха, худший из двух',
  },
};

/** What a spec means, for the acknowledgement: "3 × FUDGE die (-1/0/+1), +2". */
export function describeSpec(spec: DiceSpec, lang: Lang = 'en'): string {
  const w = WORDS[lang];
  const parts: string[] = [];
  const difficulty = (shown: string, name: Record<Lang, string> | undefined) =>
    `${w.difficulty} ${shown}${name ? ` (${name[lang]})` : ''}`;
  switch (spec.form) {
    case 'standard':
      parts.push(`${spec.count} × ${w.die}${spec.sides}`);
      if (spec.modifier !== 0) parts.push(signed(spec.modifier));
      if (spec.vs !== null) parts.push(`${w.atLeast} ${spec.vs}`);
      break;
    case 'fudge':
      parts.push(`${spec.count} × ${w.fudge}`);
      if (spec.modifier !== 0) parts.push(signed(spec.modifier));
      if (spec.vs !== null) parts.push(`${w.atLeast} ${spec.vs}`);
      break;
    case 'success':
      parts.push(`${spec.count} × ${w.success} (${SUCCESS_DIE_FACES.join(',')})`);
      if (spec.vs !== null) parts.push(difficulty(String(spec.vs), SUCCESS_DIFFICULTIES[spec.vs]));
      break;
    case 'gauss20':
      parts.push(`GaussD20 = round(3${w.die}20/3)`);
      if (spec.modifier !== 0) parts.push(`${w.modifier} ${signed(spec.modifier)}`);
      if (spec.vs !== null) parts.push(difficulty(signed(spec.vs), GAUSS_DIFFICULTIES[spec.vs]));
      if (spec.luck !== null) parts.push(`${w.luck} ${spec.luck}`);
      break;
  }
  if (spec.advantage !== 'none') parts.push(w[spec.advantage]);
  return parts.join(', ');
}
