// Trials (004 "ИСПЫТАНИЯ"): opened by the GM (setup, or DECIDE trial:<id> …),
// counted by the checks that name them (a critical counts three), ended when
// either threshold is reached, or by the GM (the cheat, or closing it).
import { formatWords, wordTable, type Words } from '../../render/fluent.js';
import type { Lang } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import {
  countCheck,
  kindRule,
  ladderWords,
  SUCCESS_TABLE,
  trialDifficulty,
  type OutcomeKey,
  type TrialKind,
} from '../../dice/index.js';
import { key } from './sheets.js';
import type { Trial, TrialEffect } from './types.js';

const FIELD: Record<string, 'progress' | 'risk' | 'difficulty' | 'kind' | 'success' | 'failure' | 'cheat' | 'name'> =
  Object.fromEntries(
    (
      [
        ['name', ['name', 'název', 'название']],
        ['progress', ['progress', 'postup', 'прогресс']],
        ['risk', ['risk', 'riziko', 'риск', 'порог', 'порог риска']],
        ['difficulty', ['difficulty', 'vs', 'obtížnost', 'сложность']],
        ['kind', ['kind', 'type', 'typ', 'тип']],
        ['success', ['success', 'úspěch', 'успех']],
        ['failure', ['failure', 'neúspěch', 'провал']],
        ['cheat', ['cheat', 'trik', 'чит']],
      ] as const
    ).flatMap(([f, ws]) => ws.map((w) => [fold(w), f])),
  );

const KIND_WORDS: { word: string; kind: TrialKind }[] = SUCCESS_TABLE.trialKinds.flatMap((k) =>
  [k.id, k.ru, k.en, k.cs].map((w) => ({ word: fold(w), kind: k.id })),
);

/** Errors of a trial the GM opens: messages trial-error-<key> of templates/rpg/<lang>/rpg.ftl; the parts a trial needs: trial-part-<key>. */
const E = wordTable('rpg', 'trial-error', ['field', 'number', 'difficulty', 'kind', 'needs', 'has', 'noName'] as const);
const PART = wordTable('rpg', 'trial-part', ['progress', 'risk', 'difficulty'] as const);
const t = (m: Words, lang: Lang, vars: Record<string, string | number>) => formatWords(m, lang, vars);

/** A 004 difficulty from 1.. or its name. */
export function successDifficulty(raw: string | number): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 ? raw : null;
  const r = raw.trim();
  if (/^\d+$/.test(r)) return Number(r) >= 1 ? Number(r) : null;
  return ladderWords(SUCCESS_TABLE.difficulties).find((w) => key(w.words) === key(r))?.value ?? null;
}

/** "Побег; прогресс 5; риск 3; сложность Средне; тип усложнение; успех …": a new trial, or why not. */
export function parseTrialText(
  id: string,
  text: string,
  round: number,
  lang: Lang,
): { trial: Trial } | { error: string } {
  const trial: Trial = {
    id,
    name: '',
    kind: 'standard',
    progress: null,
    risk: null,
    difficulty: 0,
    successes: 0,
    failures: 0,
    checks: 0,
    status: 'open',
    success: '',
    failure: '',
    cheat: '',
    openedRound: round,
  };
  let difficulty: number | null = null;
  for (const [i, part] of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
    .entries()) {
    const m = /^([\p{L} ]+?)\s*[:=]?\s+(.+)$/u.exec(part) ?? /^([\p{L} ]+?)\s*[:=]\s*(.+)$/u.exec(part);
    const field = m ? FIELD[fold(m[1]!.trim())] : undefined;
    if (!field) {
      if (i === 0) {
        trial.name = part;
        continue;
      }
      return { error: t(E.field, lang, { w: part }) };
    }
    const value = m![2]!.trim();
    switch (field) {
      case 'name':
        trial.name = value;
        break;
      case 'progress':
      case 'risk': {
        if (!/^\d+$/.test(value) || Number(value) < 1) return { error: t(E.number, lang, { w: m![1]! }) };
        trial[field] = Number(value);
        break;
      }
      case 'difficulty':
        difficulty = successDifficulty(value);
        if (difficulty === null) return { error: t(E.difficulty, lang, { w: value }) };
        break;
      case 'kind': {
        const k = KIND_WORDS.find((w) => w.word === fold(value));
        if (!k)
          return {
            error: t(E.kind, lang, { w: value, list: SUCCESS_TABLE.trialKinds.map((x) => x[lang]).join(', ') }),
          };
        trial.kind = k.kind;
        break;
      }
      default:
        trial[field] = value;
    }
  }
  if (!trial.name) return { error: E.noName[lang] };
  const rule = kindRule(trial.kind);
  const kindName = rule[lang];
  const P = PART.progress[lang];
  const R = PART.risk[lang];
  const D = PART.difficulty[lang];
  if (difficulty === null) return { error: t(E.needs, lang, { kind: kindName, what: D }) };
  trial.difficulty = difficulty;
  if (rule.progress && trial.progress === null) return { error: t(E.needs, lang, { kind: kindName, what: P }) };
  if (rule.risk && trial.risk === null) return { error: t(E.needs, lang, { kind: kindName, what: R }) };
  if (!rule.progress && trial.progress !== null) return { error: t(E.has, lang, { kind: kindName, what: P }) };
  if (!rule.risk && trial.risk !== null) return { error: t(E.has, lang, { kind: kindName, what: R }) };
  return { trial };
}

export function findTrial(trials: Trial[], written: string): Trial | undefined {
  return trials.find((x) => key(x.id) === key(written));
}

/** The difficulty the trial's next check is made at. */
export function nextDifficulty(trial: Trial): number {
  return trialDifficulty(trial, trial.checks);
}

/** Count one check's outcome toward the trial (in place); what it did. */
export function countToward(trial: Trial, outcome: OutcomeKey, difficulty: number): TrialEffect {
  if (trial.status !== 'open')
    return {
      id: trial.id,
      difficulty,
      successes: 0,
      failures: 0,
      after: { successes: trial.successes, failures: trial.failures, checks: trial.checks, status: trial.status },
      late: true,
    };
  const before = {
    successes: trial.successes,
    failures: trial.failures,
    checks: trial.checks,
    status: 'open' as const,
  };
  const after = countCheck(trial, before, outcome);
  Object.assign(trial, {
    successes: after.successes,
    failures: after.failures,
    checks: after.checks,
    status: after.status,
  });
  return {
    id: trial.id,
    difficulty,
    successes: after.successes - before.successes,
    failures: after.failures - before.failures,
    after: { ...after },
    late: false,
  };
}
