// The report model: the reader's rolls of the round (the GM's: everyone's), each die named.
import { canSee, type Lang, type PlayerId, type ReportModel } from '../../engine/types.js';
import { formatRoll, outcomeLabel } from '../../dice/index.js';
import type { RpgEvent, RpgState } from './types.js';

export interface RpgReportRoll {
  player: PlayerId;
  playerName: string;
  spec: string;
  comment: string;
  result: number;
  outcome: string | null;
  /** The roll with every die, in the reader's language. */
  text: string;
}

export interface RpgReport extends ReportModel {
  title: string;
  /** The round the rolls were made in. */
  round: number;
  gm: boolean;
  rolls: RpgReportRoll[];
}

export function view(state: RpgState, events: RpgEvent[], reader: PlayerId | 'gm', lang: Lang): RpgReport {
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const rolls = events
    .filter((e) => e.type === 'roll' && canSee(e.audience, reader))
    .map((e) => ({
      player: e.player,
      playerName: names.get(e.player) ?? e.player,
      spec: e.spec,
      comment: e.comment,
      result: e.result,
      outcome: e.outcome ? outcomeLabel(e.outcome, lang) : null,
      text: formatRoll(e.roll, lang),
    }));
  return { title: state.title, round: events[0]?.round ?? state.round - 1, gm: reader === 'gm', rolls };
}
