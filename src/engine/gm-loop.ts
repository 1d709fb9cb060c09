// The GM in the loop, for every game kind with rules.gm: after the players'
// deadline a phase that needs decisions waits for the GM. The judge mails a
// worksheet, records the GM's answers (mail or CLI) as inputs of the phase,
// mails a preview of the resolution when the setup asks for review, reminds
// the GM before the GM's deadline, and proceeds when everything is decided
// (or RELEASE, or the GM's deadline with defaults) — see advanceDue.
import { wordTable } from '../render/fluent.js';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { getRules, reportLang } from './kinds.js';
import { render, textMail, mailContent, type RenderedMail } from '../render/templates.js';
import { formatDeadline } from '../render/time.js';
import { audit } from '../store/audit.js';
import { listGames, type GameRow } from '../store/games.js';
import { liveGmInputs, recordGmInput, setGmState } from '../store/gm-inputs.js';
import { enqueue } from '../store/outbox.js';
import { currentPhase, type PhaseRow } from '../store/phases.js';
import { applyGmLines, describeDomain, resolveGm, type GmLineResult } from './gm-inputs.js';
import { canonicalJson } from './hash.js';
import { queueNotice } from './notices.js';
import { adjudicatePhase, processPhase, type ProcessResult } from './pipeline.js';
import { gmSettings, phaseGm, recorded, waitsForGm } from './gm-phase.js';
import { phaseSeed, SeededRng } from './rng.js';
import { nextDeadline } from './schedule.js';
import { gameSettings } from './settings.js';
import type { DecisionSpec, Lang } from './types.js';
import { createHash } from 'node:crypto';
import { counted } from '../render/plural.js';

function gmDeadlineFrom(game: GameRow, now: Date): string | null {
  const g = gmSettings(game);
  if (g.every === undefined && g.cron === undefined) return null;
  return (
    nextDeadline(
      { every: g.every, cron: g.cron, minimum: g.minimum },
      gameSettings(game).timezone,
      'gm',
      now,
      null,
    )?.toISOString() ?? null
  );
}

/** The worksheet mail: every declared action with its modifiers, the open decisions, how to answer. */
export function worksheetMail(j: Judge, game: GameRow, phase: PhaseRow): RenderedMail {
  const rules = getRules(game.kind);
  const gm = phaseGm(j, rules, game, phase);
  const lang = gameSettings(game).gmLang;
  const answered = resolveGm(gm.specs, recorded(j, game, phase.number), false).inputs.decisions;
  const model = rules.gm ? rules.gm.worksheet(gm.state, gm.orders, gm.specs, lang) : {};
  const status = gmStatus(j, game, phase);
  return render(game.kind, lang, 'worksheet', {
    ...model,
    game: { id: game.id, title: game.title, kind: game.kind },
    phase: { number: phase.number, label: rules.phase(gm.state, lang).label },
    gmDeadlineText: formatDeadline(phase.gm_deadline ?? null, gameSettings(game).timezone, lang),
    // Asked for before the players' deadline (WORKSHEET, `judge gm worksheet`) or of a processed phase: it says so.
    stage: {
      processed: !!phase.processed_at,
      ordering: !phase.processed_at && !waitsForGm(phase),
      deadline: formatDeadline(phase.deadline ?? null, gameSettings(game).timezone, lang) ?? 'none',
    },
    decisions: gm.specs.map((s) => ({
      id: s.id,
      ask: s.ask,
      domain: describeDomain(s, lang),
      default: s.default,
      hasDefault: s.default !== null,
      answered: s.id in answered,
      value: answered[s.id] ?? null,
    })),
    missing: status.missing.map((m) => m.id),
    review: gmSettings(game).review,
    defaults: gmSettings(game).defaults,
  });
}

function queueGmMail(j: Judge, game: GameRow, phase: PhaseRow, key: string, mail: RenderedMail): boolean {
  if (!game.gm_email) return false;
  return enqueue(
    j.db,
    {
      dedupeKey: `${key}:${game.id}:${phase.id}`,
      gameId: game.id,
      phase: phase.number,
      kind: 'worksheet',
      to: [game.gm_email],
      ...mailContent(mail),
    },
    j.domain,
    nowIso(j),
  ).created;
}

/** The players' part of the phase is over: the GM gets the worksheet and a deadline. */
export function openGmReview(j: Judge, game: GameRow, phase: PhaseRow, actor: string): PhaseRow {
  const at = nowIso(j);
  return j.db
    .transaction(() => {
      const deadline = gmDeadlineFrom(game, j.clock());
      setGmState(j.db, phase.id, { opened: at, deadline });
      const row = { ...phase, gm_opened_at: at, gm_deadline: deadline };
      queueGmMail(j, game, row, 'worksheet:0', worksheetMail(j, game, row));
      audit(j.db, at, actor, game.id, 'gm.wait', { phase: phase.number, gmDeadline: deadline });
      return row;
    })
    .immediate();
}

export interface GmStatus {
  /** The phase asks the GM something. */
  needed: boolean;
  specs: DecisionSpec[];
  /** Unanswered decisions (with or without a default). */
  open: DecisionSpec[];
  /** Unanswered decisions without a default. */
  missing: DecisionSpec[];
  hold: boolean;
  released: boolean;
  /** A hash of what the GM has given so far (a new preview for every change). */
  inputsHash: string;
}

export function gmStatus(j: Judge, game: GameRow, phase: PhaseRow): GmStatus {
  const rules = getRules(game.kind);
  const gm = phaseGm(j, rules, game, phase);
  const strict = resolveGm(gm.specs, recorded(j, game, phase.number), false);
  return {
    needed: gm.specs.length > 0,
    specs: gm.specs,
    open: strict.missing,
    missing: strict.missing.filter((s) => s.default === null),
    hold: !!phase.gm_hold,
    released: !!phase.gm_released_at,
    inputsHash: createHash('sha256').update(canonicalJson(gm.resolved.inputs)).digest('hex').slice(0, 16),
  };
}

/** The resolution as it would be now, for the GM only: nothing is stored, nothing goes to the players. */
export function previewMail(j: Judge, game: GameRow, phase: PhaseRow): RenderedMail {
  const rules = getRules(game.kind);
  const lang = reportLang(rules, gameSettings(game).gmLang);
  const r = adjudicatePhase(j, rules, game, phase, phase.seed);
  const model = rules.view(r.state, r.events, 'gm', lang);
  const mail = render(game.kind, lang, 'report', {
    ...model,
    game: { id: game.id, title: game.title, kind: game.kind },
    phase: { number: phase.number, label: rules.phase(JSON.parse(phase.state_json), lang).label },
    next: { number: phase.number + 1, label: rules.phase(r.state, lang).label, deadline: null, deadlineText: null },
    player: null,
    gm: true,
    correction: false,
    preview: true,
  });
  const head = render(game.kind, lang, 'gm-preview', {
    game: { id: game.id, title: game.title },
    phase: { number: phase.number, label: rules.phase(JSON.parse(phase.state_json), lang).label },
  });
  // The game's tag once: the preview's subject has it, the report's after it goes.
  const tag = `[${game.id}] `;
  const subject = `${head.subject} ${mail.subject.startsWith(tag) ? mail.subject.slice(tag.length) : mail.subject}`;
  const text = `${head.text}\n${mail.text}`;
  return textMail(lang, subject, text);
}

export type Advance =
  | { action: 'processed'; result: ProcessResult }
  | { action: 'gm-opened' | 'gm-waiting' | 'gm-preview'; detail: string };

/**
 * A due phase, one step on: processed, or (for a phase that needs the GM)
 * the worksheet sent, a preview sent, or still waiting — with why.
 * `scheduleFrom`: when the phase was due, for a phase processed at once (the
 * next deadline counts from then: processPhase); one that waited for the GM
 * counts from when the GM's part ended.
 */
export function advanceDue(
  j: Judge,
  game: GameRow,
  phase: PhaseRow,
  actor: string,
  o: { scheduleFrom?: Date } = {},
): Advance {
  const rules = getRules(game.kind);
  if (!rules.gm) return { action: 'processed', result: processPhase(j, game.id, actor, o) };
  let row = phase;
  let st = gmStatus(j, game, row);
  if (!st.needed && !row.gm_opened_at) return { action: 'processed', result: processPhase(j, game.id, actor, o) };
  if (!row.gm_opened_at) {
    row = openGmReview(j, game, row, actor);
    st = gmStatus(j, game, row);
    return { action: 'gm-opened', detail: `worksheet sent to the GM (${counted(st.open.length, 'decision')} open)` };
  }
  const g = gmSettings(game);
  const now = j.clock().getTime();
  const pastDeadline = !!row.gm_deadline && now >= Date.parse(row.gm_deadline);
  const proceed = () => ({ action: 'processed' as const, result: processPhase(j, game.id, actor) });
  if (st.released && st.missing.length === 0) return proceed();
  const allIn = st.open.length === 0;
  if (allIn && !st.hold && !g.review) return proceed();
  if (pastDeadline) {
    if (g.defaults && st.missing.length === 0) return proceed();
    const missing = g.defaults ? st.missing : st.open;
    queueNotice(j, game, 'gm-missing', `${row.id}:${row.gm_deadline}`, ['gm'], {
      phase: { number: row.number, label: row.label },
      missing: missing.map((m) => ({ id: m.id, ask: m.ask })),
    });
    return { action: 'gm-waiting', detail: `GM deadline passed; still open: ${missing.map((m) => m.id).join(', ')}` };
  }
  if (allIn && g.review && !st.released) {
    const sent = queueGmMail(j, game, row, `preview:${st.inputsHash}`, previewMail(j, game, row));
    return {
      action: sent ? 'gm-preview' : 'gm-waiting',
      detail: sent ? 'preview of the resolution sent to the GM' : 'waiting for RELEASE',
    };
  }
  return { action: 'gm-waiting', detail: st.hold ? 'held by the GM' : `${counted(st.open.length, 'decision')} open` };
}

/** Reminders to the GM before the GM's deadline, each once. */
export function chaseGm(j: Judge, dryRun = false): { game: string; phase: number }[] {
  const now = j.clock().getTime();
  const out: { game: string; phase: number }[] = [];
  for (const game of listGames(j.db)) {
    if (game.status !== 'active' || !game.gm_email) continue;
    const phase = currentPhase(j.db, game.id);
    if (!phase || !waitsForGm(phase) || !phase.gm_deadline) continue;
    const deadline = Date.parse(phase.gm_deadline);
    const st = gmStatus(j, game, phase);
    if (st.open.length === 0 && !gmSettings(game).review) continue;
    for (const before of gmSettings(game).reminders) {
      const at = deadline - before;
      if (now < at || now >= deadline || at < Date.parse(phase.gm_opened_at!)) continue;
      const data = {
        phase: { number: phase.number, label: phase.label },
        deadline: phase.gm_deadline,
        open: st.open.map((m) => ({ id: m.id, ask: m.ask, default: m.default })),
      };
      if (
        dryRun ||
        queueNotice(j, game, 'gm-reminder', `${phase.id}:${before}`, ['gm'], data, gameSettings(game).timezone)
      )
        out.push({ game: game.id, phase: phase.number });
    }
  }
  return out;
}

/** The answers to the GM's control lines (Fluent gm-control-*, templates/common/<lang>/gm.ftl). */
const CONTROL = wordTable('common', 'gm-control', [
  'hold',
  'release',
  'releaseMissing',
  'worksheet',
  'preview',
  'notOpen',
  'processed',
  'still',
  'mustAnswer',
  'withDefault',
  'allIn',
] as const);

/**
 * Check and record the GM-input lines of one GM mail or CLI call for a phase
 * (the current one unless given), and carry out HOLD / RELEASE / WORKSHEET /
 * PREVIEW. Lines that are not GM-input commands come back with `other`.
 */
export function recordGmLines(
  j: Judge,
  game: GameRow,
  phase: PhaseRow,
  lines: string[],
  actor: string,
  inboundId: number | null,
): (GmLineResult & { other?: boolean })[] {
  const rules = getRules(game.kind);
  const lang: Lang = gameSettings(game).gmLang;
  const gm = phaseGm(j, rules, game, phase);
  const rollsSoFar = liveGmInputs(j.db, game.id, phase.number).filter((r) => r.kind === 'roll').length;
  const checked = applyGmLines(lines, {
    specs: gm.specs,
    checkDecision: rules.gm?.checkDecision ? (id, raw) => rules.gm!.checkDecision!(gm.state, id, raw, lang) : undefined,
    narrativeTargets: rules.gm?.narrativeTargets
      ? [...gm.specs.map((s) => s.id), ...rules.gm.narrativeTargets(gm.state, gm.orders)]
      : null,
    rollRng: (seq) => new SeededRng(phaseSeed(game.seed, phase.number, 1_000_000 + seq)),
    rollsSoFar,
    lang,
    roll: rules.gm?.roll ? (text, rng) => rules.gm!.roll!(gm.state, text, rng, lang) : undefined,
  });
  const at = nowIso(j);
  const results: (GmLineResult & { other?: boolean })[] = [];
  const needsOpen = checked.results.some((r) => r.control === 'hold' || r.control === 'release');
  j.db
    .transaction(() => {
      for (const r of checked.records)
        recordGmInput(j.db, {
          gameId: game.id,
          phase: phase.number,
          kind: r.kind,
          key: r.key,
          value: r.value,
          actor,
          inboundId,
          at,
        });
      if (checked.records.length)
        audit(j.db, at, actor, game.id, 'gm.inputs', {
          phase: phase.number,
          inputs: checked.records.map((r) => `${r.kind}:${r.key}`),
        });
      for (const r of checked.results) {
        if (!r.control) {
          results.push(r);
          continue;
        }
        if (phase.processed_at && r.control !== 'worksheet') {
          results.push({ ...r, ok: false, result: CONTROL.processed[lang] });
          continue;
        }
        if (needsOpen && !phase.gm_opened_at && (r.control === 'hold' || r.control === 'release')) {
          results.push({ ...r, ok: false, result: CONTROL.notOpen[lang] });
          continue;
        }
        if (r.control === 'hold') {
          setGmState(j.db, phase.id, { hold: true, released: null });
          audit(j.db, at, actor, game.id, 'gm.hold', { phase: phase.number });
          results.push({ ...r, result: CONTROL.hold[lang] });
        } else if (r.control === 'release') {
          const missing = gmStatusAfter(j, game, phase).missing;
          if (missing.length)
            results.push({
              ...r,
              ok: false,
              result: `${CONTROL.releaseMissing[lang]} ${missing.map((m) => m.id).join(', ')}`,
            });
          else {
            setGmState(j.db, phase.id, { hold: false, released: at });
            audit(j.db, at, actor, game.id, 'gm.release', { phase: phase.number });
            results.push({ ...r, result: CONTROL.release[lang] });
          }
        } else if (r.control === 'worksheet') {
          queueGmMail(
            j,
            game,
            phase,
            `worksheet:${at}:${r.index}`,
            worksheetMail(j, game, { ...phase, ...currentGmColumns(j, phase) }),
          );
          results.push({ ...r, result: CONTROL.worksheet[lang] });
        } else {
          queueGmMail(j, game, phase, `preview:${at}:${r.index}`, previewMail(j, game, phase));
          results.push({ ...r, result: CONTROL.preview[lang] });
        }
      }
      for (const o of checked.other) results.push({ index: o.index, text: o.text, ok: false, result: '', other: true });
    })
    .immediate();
  results.sort((a, b) => a.index - b.index);
  // After the answers, say what is still open (only when something was decided).
  if (checked.records.some((r) => r.kind === 'decision') && gm.specs.length) {
    const st = gmStatusAfter(j, game, phase);
    results.push({
      index: lines.length,
      text: '',
      ok: true,
      result: st.open.length ? openSummary(st, lang) : CONTROL.allIn[lang],
    });
  }
  return results;
}

/** What is still open, in one line: the decisions that must be answered by id, the others counted. */
function openSummary(st: GmStatus, lang: Lang): string {
  const withDefault = st.open.length - st.missing.length;
  return [
    `${CONTROL.still[lang]}:`,
    st.missing.length ? ` ${CONTROL.mustAnswer[lang]}: ${st.missing.map((m) => m.id).join(', ')};` : '',
    withDefault ? ` ${withDefault} ${CONTROL.withDefault[lang]}` : '',
  ]
    .join('')
    .replace(/;$/, '');
}

function currentGmColumns(j: Judge, phase: PhaseRow): Partial<PhaseRow> {
  return j.db
    .prepare('SELECT gm_opened_at, gm_deadline, gm_hold, gm_released_at FROM phases WHERE id = ?')
    .get(phase.id) as Partial<PhaseRow>;
}

function gmStatusAfter(j: Judge, game: GameRow, phase: PhaseRow): GmStatus {
  return gmStatus(j, game, { ...phase, ...currentGmColumns(j, phase) });
}
