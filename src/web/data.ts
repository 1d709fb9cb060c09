// What the web pages show, read from the store (a read-only connection, one
// read transaction per page: a consistent snapshot beside a running judge).
// Public pages come from Rules.publicView only; a reader's own page from
// reportMail — exactly what the judge mails that reader — and the picture of
// that reader's own view model.
import { reportMail } from '../engine/reports.js';
import { positionMail } from '../engine/start.js';
import { finalResult, storedFinal } from '../engine/final.js';
import { gameSettings } from '../engine/settings.js';
import type { AnyRules, GameEvent, Lang, Picture, PlayerId, ReportModel } from '../engine/types.js';
import { getRules } from '../games/registry.js';
import { reportLang } from '../engine/kinds.js';
import { findTemplate, message, render } from '../render/templates.js';
import { formatDeadline } from '../render/time.js';
import type { Db } from '../store/db.js';
import { getGame, isPlaying, listGames, listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { currentPhase, livePhases, type PhaseRow } from '../store/phases.js';
import { liveSubmissions } from '../store/submissions.js';
import { readerOf } from './links.js';
import { seatStatusLines } from '../engine/seat-status.js';

export interface GameSummary {
  id: string;
  title: string;
  kind: string;
  status: GameRow['status'];
  phaseLabel: string | null;
  deadline: string | null;
  deadlineText: string | null;
}

export interface PhaseText {
  number: number;
  label: string;
  processedAt: string;
  subject: string;
  text: string;
}

export interface GamePage extends GameSummary {
  lang: Lang;
  timezone: string;
  /** Names of the players who have sent orders for the open phase, and of those who have not (never what). */
  sent: string[];
  missing: string[];
  picture: Picture | null;
  bulletins: { label: string; text: string }[];
  /** Public reports, newest first ([] for a kind without publicView). */
  reports: PhaseText[];
  /** A game that is over: its result as the final mail gives it (engine/final.ts). */
  result: { text: string | null; reveal: string[] } | null;
}

export interface ReaderPage extends GameSummary {
  lang: Lang;
  timezone: string;
  gm: boolean;
  readerName: string;
  picture: Picture | null;
  /** The reader's reports, newest first, as the judge mails them. */
  reports: PhaseText[];
  /** The GM's page only: the sign-up, what waits for his approval, open positions, absences (issue #31). */
  seats: string[];
}

/** The language a kind writes in for a wanted one (its own languages, else its report language, English). */
function kindLang(rules: AnyRules, lang: Lang): Lang {
  return reportLang(rules, lang);
}

function label(rules: AnyRules, phase: PhaseRow, lang: Lang): string {
  try {
    return rules.phase(JSON.parse(phase.state_json), lang).label;
  } catch {
    return phase.label;
  }
}

function summary(db: Db, game: GameRow, lang: Lang): GameSummary {
  const rules = getRules(game.kind);
  const p = currentPhase(db, game.id);
  const open = p && !p.processed_at ? p : null;
  return {
    id: game.id,
    title: game.title,
    kind: game.kind,
    status: game.status,
    phaseLabel: p ? label(rules, p, lang) : null,
    deadline: game.status === 'active' ? (open?.deadline ?? null) : null,
    deadlineText: game.status === 'active' ? formatDeadline(open?.deadline, gameSettings(game).timezone, lang) : null,
  };
}

/** Run fn in one read transaction (a consistent snapshot of the store). */
export function snapshot<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

export function gameList(db: Db, lang: Lang): GameSummary[] {
  return snapshot(db, () => listGames(db).map((g) => summary(db, g, lang)));
}

/** Processed live phases with the phase after each (whose snapshot is the state after adjudication), newest first. */
function processedPairs(db: Db, gameId: string): { phase: PhaseRow; next: PhaseRow; events: GameEvent[] }[] {
  const phases = livePhases(db, gameId);
  const out: { phase: PhaseRow; next: PhaseRow; events: GameEvent[] }[] = [];
  for (let i = 0; i < phases.length - 1; i++) {
    const phase = phases[i]!;
    const next = phases[i + 1]!;
    if (!phase.processed_at || next.number !== phase.number + 1) continue;
    out.push({ phase, next, events: JSON.parse(phase.events_json ?? '[]') as GameEvent[] });
  }
  return out.reverse();
}

function publicText(
  rules: AnyRules,
  game: GameRow,
  lang: Lang,
  phase: PhaseRow,
  next: PhaseRow,
  model: ReportModel,
): { subject: string; text: string } {
  // A kind's "public" template, else its report template (Godfather's public part is the report without the private part).
  const name = findTemplate(game.kind, lang, 'public') ? 'public' : 'report';
  const after = JSON.parse(next.state_json);
  const mail = render(game.kind, lang, name, {
    ...model,
    game: { id: game.id, title: game.title, kind: game.kind },
    phase: { number: phase.number, label: label(rules, phase, lang) },
    next: { number: next.number, label: rules.phase(after, lang).label, deadline: null, deadlineText: null },
    player: null,
    gm: false,
    correction: false,
  });
  return { subject: mail.subject, text: mail.text };
}

/**
 * A processed phase's public report never changes: a rerun makes new phase
 * rows, and a change to the state after it (a position handed over) a new
 * hash. So the public pages keep them, a bounded number, by those keys.
 */
const publicCache = new Map<string, { subject: string; text: string; picture?: Picture | null }>();
const PUBLIC_CACHE_SIZE = 2000;

/** The public report of a processed phase, and its picture when asked for (only the latest phase's is shown). */
function publicReport(
  rules: AnyRules,
  game: GameRow,
  lang: Lang,
  phase: PhaseRow,
  next: PhaseRow,
  events: GameEvent[],
  withPicture: boolean,
) {
  const key = [game.id, game.title, lang, phase.id, next.id, next.state_hash].join('\u0000');
  let r = publicCache.get(key);
  const model = () => rules.publicView!(JSON.parse(next.state_json), events, lang);
  if (!r) {
    const m = model();
    r = {
      ...publicText(rules, game, lang, phase, next, m),
      ...(withPicture ? { picture: rules.picture?.(m, lang) ?? null } : {}),
    };
    if (publicCache.size >= PUBLIC_CACHE_SIZE) publicCache.delete(publicCache.keys().next().value!);
    publicCache.set(key, r);
  } else if (withPicture && r.picture === undefined) r.picture = rules.picture?.(model(), lang) ?? null;
  return r;
}

export function gamePage(db: Db, gameId: string): GamePage | null {
  return snapshot(db, () => {
    const game = getGame(db, gameId);
    if (!game) return null;
    const rules = getRules(game.kind);
    const lang = kindLang(rules, game.lang);
    const players = listPlayers(db, game.id).filter(isPlaying);
    const open = currentPhase(db, game.id);
    const sentIds = new Set(
      open && !open.processed_at ? liveSubmissions(db, game.id, open.number).map((s) => s.player_id) : [],
    );
    const openState = open && !open.processed_at ? JSON.parse(open.state_json) : null;
    const expected = (id: string) => !openState || !rules.expectsOrders || rules.expectsOrders(openState, id);
    const pairs = processedPairs(db, game.id);
    const final = game.status === 'over' ? storedFinal(db, game.id) : null;
    const reports: PhaseText[] = [];
    let picture: Picture | null = null;
    const bulletins: { label: string; text: string }[] = [];
    for (const { phase, next, events } of pairs) {
      const phaseLabel = label(rules, phase, lang);
      for (const e of events)
        if (e.type === 'bulletin' && e.audience === 'all' && typeof e.text === 'string')
          bulletins.push({ label: phaseLabel, text: e.text });
      if (!rules.publicView) continue;
      const done = publicReport(rules, game, lang, phase, next, events, !reports.length);
      if (!reports.length) picture = done.picture ?? null;
      reports.push({
        number: phase.number,
        label: phaseLabel,
        processedAt: phase.processed_at!,
        subject: done.subject,
        text: done.text,
      });
    }
    return {
      ...summary(db, game, lang),
      lang,
      timezone: gameSettings(game).timezone,
      sent: players.filter((p) => sentIds.has(p.id)).map((p) => p.name),
      // Not yet: the players the game expects orders from (a dead Godfather player is not waited for).
      missing:
        open && !open.processed_at && game.status === 'active'
          ? players.filter((p) => !sentIds.has(p.id) && expected(p.id)).map((p) => p.name)
          : [],
      picture,
      bulletins,
      reports,
      result: final ? finalResult(game, final, lang) : null,
    };
  });
}

/** The page a secret link opens, or null (one answer for a missing, wrong or revoked link). */
export function privatePage(db: Db, token: string): ReaderPage | null {
  return snapshot(db, () => {
    const found = readerOf(db, token);
    return found ? readerPage(db, found.game, found.reader) : null;
  });
}

/** A reader's own page: the reports the judge mails that reader, every processed phase. */
export function readerPage(db: Db, game: GameRow, reader: PlayerRow | 'gm'): ReaderPage {
  return snapshot(db, () => {
    const rules = getRules(game.kind);
    const lang: Lang = reader === 'gm' ? gameSettings(game).gmLang : reader.lang;
    const readerId: PlayerId | 'gm' = reader === 'gm' ? 'gm' : reader.id;
    const reports: PhaseText[] = [];
    let picture: Picture | null = null;
    for (const { phase, next, events } of processedPairs(db, game.id)) {
      const mail = reportMail({ rules, game, phase, next, events, reader, correction: false, db });
      if (!reports.length && rules.picture)
        picture = rules.picture(rules.view(JSON.parse(next.state_json), events, readerId, lang), lang);
      reports.push({
        number: phase.number,
        label: label(rules, phase, lang),
        processedAt: phase.processed_at!,
        subject: mail.subject,
        text: mail.text,
      });
    }
    // The start of the game, as the start mail showed it (the first phase's snapshot; no password): the oldest entry.
    const first = livePhases(db, game.id)[0];
    if (first) {
      const mail = positionMail({ db }, game, reader, { phase: first });
      if (!reports.length && rules.picture)
        picture = rules.picture(rules.view(JSON.parse(first.state_json), [], readerId, lang), lang);
      reports.push({
        number: 0,
        label: message('common', lang, 'web-start'),
        processedAt: first.created_at,
        subject: mail.subject,
        text: mail.text,
      });
    }
    return {
      ...summary(db, game, lang),
      lang,
      timezone: gameSettings(game).timezone,
      gm: reader === 'gm',
      readerName: reader === 'gm' ? '' : reader.name,
      picture,
      reports,
      seats: reader === 'gm' ? seatStatusLines({ db }, game, lang, new Date()) : [],
    };
  });
}
