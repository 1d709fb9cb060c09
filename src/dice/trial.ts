// Seed 004's team checks and trials as pure rules: how a check's outcome counts
// toward a trial (a critical counts three), when a trial ends, how a dynamic
// trial's difficulty moves, and the team difficulty (+2 per participant).
import { SUCCESS_TABLE, type OutcomeKey } from './tables.js';

export type TrialKind = 'standard' | 'harder' | 'easier' | 'exploration' | 'survival';
export const TRIAL_KINDS: readonly TrialKind[] = SUCCESS_TABLE.trialKinds.map((k) => k.id);

export interface TrialRule {
  kind: TrialKind;
  /** Successes needed (Прогресс); null for survival. */
  progress: number | null;
  /** Failures that fail it (Порог Риска); null for exploration. */
  risk: number | null;
  /** The difficulty of each check (Сложность испытания), before a dynamic trial moves it. */
  difficulty: number;
}

export type TrialStatus = 'open' | 'success' | 'failure' | 'done';

export interface TrialCount {
  successes: number;
  failures: number;
  checks: number;
  status: TrialStatus;
}

export const kindRule = (kind: TrialKind) => SUCCESS_TABLE.trialKinds.find((k) => k.id === kind)!;

/** The difficulty of the next check: "Каждая новая проверка увеличивает (уменьшает) Сложность Испытания на 1", never below the lowest level. */
export function trialDifficulty(t: TrialRule, checksSoFar: number): number {
  return Math.max(SUCCESS_TABLE.trialDifficulty.min, t.difficulty + kindRule(t.kind).step * checksSoFar);
}

/** What one check adds: one success or failure, three for a critical. */
export function trialWeight(outcome: OutcomeKey): { successes: number; failures: number } {
  const three = SUCCESS_TABLE.trialCritical.counts;
  switch (outcome) {
    case 'critical-success':
    case 'double-critical-success':
    case 'best':
      return { successes: three, failures: 0 };
    case 'success':
    case 'good':
      return { successes: 1, failures: 0 };
    case 'failure':
      return { successes: 0, failures: 1 };
    default:
      return { successes: 0, failures: three };
  }
}

/**
 * The status after a count: the thresholds of the kind. Exploration and survival are mirror images
 * (ruling, games/rpg/RULES.md "Trials"): an exploration's Progress N is N discoveries, each check
 * makes one (a success) or loses one (a failure); a survival's Risk threshold N is N dangers, each
 * check brings one on (a failure) or avoids it (a success); either is over when all N are decided
 * (a critical decides three).
 */
export function trialStatus(t: TrialRule, c: { successes: number; failures: number }): TrialStatus {
  const decided = c.successes + c.failures;
  switch (t.kind) {
    case 'exploration':
      return t.progress !== null && decided >= t.progress ? 'done' : 'open';
    case 'survival':
      return t.risk !== null && decided >= t.risk ? 'done' : 'open';
    default:
      if (t.progress !== null && c.successes >= t.progress) return 'success';
      if (t.risk !== null && c.failures >= t.risk) return 'failure';
      return 'open';
  }
}

/** One check counted toward an open trial. */
export function countCheck(t: TrialRule, before: TrialCount, outcome: OutcomeKey): TrialCount {
  if (before.status !== 'open') return before;
  const w = trialWeight(outcome);
  const next = {
    successes: before.successes + w.successes,
    failures: before.failures + w.failures,
    checks: before.checks + 1,
  };
  return { ...next, status: trialStatus(t, next) };
}

/** 004 "Командная проверка": the difficulty of a team check of n participants. */
export function teamDifficulty(difficulty: number, participants: number): number {
  return difficulty + SUCCESS_TABLE.team.perParticipant * participants;
}
