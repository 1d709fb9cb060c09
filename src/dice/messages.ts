// Words of the dice module in the players' languages: spec errors, what a spec
// means (for order echoes), outcome labels — Fluent messages of
// templates/rpg/<lang>/dice.ftl, by the judge's one loader (render/fluent.ts).
import type { Lang } from '../engine/types.js';
import { fluentBundle, formatMessage, wordTable } from '../render/fluent.js';
import type { DiceSpec, SpecError } from './spec.js';
import {
  GAUSS_DIFFICULTIES,
  OUTCOME_LABELS,
  SUCCESS_DIE_FACES,
  SUCCESS_DIFFICULTIES,
  type OutcomeKey,
} from './tables.js';

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

/** A spec error in the reader's language: the message spec-error-<code> of templates/rpg/<lang>/dice.ftl. */
export function specErrorMessage(error: SpecError, lang: Lang = 'en'): string {
  const r = error.range;
  return formatMessage('rpg', lang, `spec-error-${error.code}`, {
    w: error.word,
    min: r ? String(r.min) : '',
    max: r ? String(r.max) : '',
    examples: EXAMPLES,
    options: OPTIONS,
    ladder: gaussLadder(),
  });
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

const SPEC_WORDS = wordTable('rpg', 'spec-word', [
  'die',
  'fudge',
  'success',
  'atLeast',
  'difficulty',
  'modifier',
  'luck',
  'adv',
  'dis',
] as const);
/**
 * A language's words, built once per Fluent bundle: fluentBundle keeps one per (templates,
 * kind, lang) and never changes it, so another JUDGE_TEMPLATES gets its own words. Frozen:
 * every reader shares them (a roll's answer reads them for each of its dice).
 */
const specWordsOf = new WeakMap<object, SpecWords>();
function specWords(lang: Lang): SpecWords {
  const bundle = fluentBundle('rpg', lang);
  let w = specWordsOf.get(bundle);
  if (!w)
    specWordsOf.set(
      bundle,
      (w = Object.freeze(
        Object.fromEntries(Object.entries(SPEC_WORDS).map(([k, w]) => [k, w[lang]])) as unknown as SpecWords,
      )),
    );
  return w;
}

/** The words of a spec in each language: messages spec-word-<key> of templates/rpg/<lang>/dice.ftl. */
export const WORDS: Readonly<Record<Lang, SpecWords>> = {
  get en() {
    return specWords('en');
  },
  get cs() {
    return specWords('cs');
  },
  get ru() {
    return specWords('ru');
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
