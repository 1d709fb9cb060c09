// The report model: the reader's rolls of the round (the GM's: everyone's,
// hidden ones too), each die named — or, when the setup hides numbers, only
// the words of results — the team checks, the trials, the reader's own sheet,
// the GM's narrative and bulletin, and the lines `judge dice verify` reads.
import { canSee, type Lang, type PlayerId, type ReportModel } from '../../engine/types.js';
import { rollLine } from '../../engine/dice-trust.js';
import { SUCCESS_TABLE } from '../../dice/index.js';
import { describeRoll, describeTeam } from './format.js';
import { W } from './messages.js';
import { sheetLines, sheetOf } from './sheets.js';
import type { RpgEvent, RpgRoll, RpgState, Trial } from './types.js';

export interface RpgReportRoll {
  player: PlayerId | 'gm';
  playerName: string;
  spec: string;
  comment: string;
  result: number | null;
  outcome: string | null;
  /** What was rolled ("ROLL 3d6", "ПРОВЕРКА взлом, сложная (-12) …"). */
  head: string;
  /** The roll with every die, in the reader's language (or only its words). */
  text: string;
  via: RpgRoll['via'];
}

export interface RpgReport extends ReportModel {
  title: string;
  /** The round the rolls were made in. */
  round: number;
  gm: boolean;
  numbers: boolean;
  rolls: RpgReportRoll[];
  teams: string[];
  trials: { id: string; name: string; text: string }[];
  sheet: { name: string; lines: string[] } | null;
  sheets: { name: string; lines: string[] }[];
  narrative: string[];
  bulletin: string | null;
  /**
   * The phase key may be shown: numbers are shown and no hidden or secret roll drew from the
   * key's streams this round (hidden rolls answered at once and the GM's draw from the game seed's).
   */
  keyShown: boolean;
  revealed: boolean;
  /** "#dice {…}" lines for `judge dice verify`, one per roll the reader may check. */
  verify: string[];
  /** The trial kinds in the reader's words (the GM's help). */
  trialKinds: string;
}

/** One roll as a line `judge dice verify` reads: the request, its stream, every die drawn, what came of it. */
export function verifyLine(r: RpgRoll): string {
  return rollLine(r, r.phase);
}

function trialText(t: Trial, lang: Lang): string {
  const status =
    t.status === 'open'
      ? W.trialOpen[lang]
      : W[
          t.status === 'success'
            ? 'trialSuccess'
            : t.status === 'failure'
              ? 'trialFailure'
              : t.status === 'closed'
                ? 'trialClosed'
                : 'trialDone'
        ][lang];
  const parts = [
    `${W.progress[lang]} ${t.successes}/${t.progress ?? '—'}`,
    `${W.risk[lang]} ${t.failures}/${t.risk ?? '—'}`,
    `${W.difficulty[lang]} ${t.difficulty}`,
  ];
  const end =
    t.status === 'success' && t.success
      ? ` — ${t.success}`
      : t.status === 'failure' && t.failure
        ? ` — ${t.failure}`
        : '';
  return `${parts.join(', ')}: ${status}${end}`;
}

export function view(state: RpgState, events: RpgEvent[], reader: PlayerId | 'gm', lang: Lang): RpgReport {
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const numbers = reader === 'gm' || state.showNumbers;
  const seen = events.filter((e) => canSee(e.audience, reader));
  const rollEvents = seen.filter((e): e is Extract<RpgEvent, { type: 'roll' }> => e.type === 'roll');
  const rolls = rollEvents.map((e) => {
    const d = describeRoll(state, e, reader, lang);
    const hide = e.hidden && reader !== 'gm';
    return {
      player: e.player,
      playerName: e.player === 'gm' ? W.gm[lang] : (names.get(e.player) ?? e.player),
      spec: e.spec,
      comment: e.comment,
      result: numbers && !hide ? e.result : null,
      outcome: hide ? null : d.outcome,
      head: d.head,
      text: d.text,
      via: e.via,
    };
  });
  const teams = seen
    .filter((e) => e.type === 'team')
    .map((e) => describeTeam(state, (e as Extract<RpgEvent, { type: 'team' }>).team, reader, lang));
  const touched = new Set(
    events.filter((e) => e.type === 'trial').map((e) => (e as Extract<RpgEvent, { type: 'trial' }>).trial.id),
  );
  for (const e of rollEvents) if (e.trial) touched.add(e.trial.id);
  const trials = state.trials
    .filter((t) => t.status === 'open' || touched.has(t.id))
    .map((t) => ({ id: t.id, name: t.name, text: trialText(t, lang) }));
  const own = reader === 'gm' ? undefined : sheetOf(state, reader);
  const sheet = own ? { name: own.name, lines: sheetLines(state, own, lang, numbers) } : null;
  const sheets =
    reader === 'gm'
      ? Object.values(state.sheets).map((s) => ({
          name: `${s.name} (${s.id}${s.player ? `, ${s.player}` : ''})`,
          lines: sheetLines(state, s, lang, true),
        }))
      : [];
  const narrative = seen
    .filter((e) => e.type === 'narrative')
    .map((e) => (e as Extract<RpgEvent, { type: 'narrative' }>).text);
  const bulletin =
    (seen.find((e) => e.type === 'bulletin') as Extract<RpgEvent, { type: 'bulletin' }> | undefined)?.text ?? null;
  const revealed = events.some((e) => e.type === 'dice-reveal');
  const allRolls = events.filter((e): e is Extract<RpgEvent, { type: 'roll' }> => e.type === 'roll');
  const keyShown =
    revealed ||
    reader === 'gm' ||
    (state.showNumbers &&
      !allRolls.some((r) => r.stream.startsWith('phase:') && (r.hidden || r.notes.includes('secret'))));
  // The lines to verify: the reader's visible rolls with numbers; after the reveal, every roll of the game.
  const checkable = revealed ? state.log : numbers ? rollEvents.filter((e) => !e.hidden || reader === 'gm') : [];
  const verify = keyShown || revealed ? checkable.map(verifyLine) : [];
  return {
    title: state.title,
    round: rollEvents[0]?.round ?? state.round - 1,
    gm: reader === 'gm',
    numbers,
    rolls,
    teams,
    trials,
    sheet,
    sheets,
    narrative,
    bulletin,
    keyShown,
    revealed,
    verify,
    trialKinds: SUCCESS_TABLE.trialKinds.map((k) => k[lang]).join(', '),
  };
}
