// The start and final mails of a game, for the kinds' secrecy tests (issue 30):
// a game created from a setup with its start mails, `phases` phases processed
// (no orders), then ended by the GM; each reader's start mail (its position part,
// above the order help) and final mail.
import { endGame } from '../../src/engine/gm.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import type { Lang } from '../../src/engine/types.js';
import { message } from '../../src/render/templates.js';
import { listPlayers, type PlayerRow } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { livePhases } from '../../src/store/phases.js';
import { testJudge } from '../helpers.js';

export interface StartFinal {
  players: PlayerRow[];
  /** The state at the start and at the end. */
  start: unknown;
  end: unknown;
  /** Each player's start position (the start mail above its order help), and the GM's. */
  starts: Map<string, string>;
  /** Each reader's final mail. */
  finals: Map<string, string>;
}

export function startAndFinal(kind: string, setup: unknown, phases = 1, seed = '9'): StartFinal {
  const j = testJudge();
  createGame(j, { id: 'sf', kind, setup, seed, actor: 'test', mail: true });
  for (let i = 0; i < phases; i++) processPhase(j, 'sf', 'test');
  endGame(j, 'sf', 'test');
  const players = listPlayers(j.db, 'sf');
  const rows = listOutbox(j.db);
  const bodyTo = (prefix: string, who: string) =>
    rows.find((r) => r.dedupe_key.startsWith(`${prefix}:sf:${who}:`) || r.dedupe_key === `${prefix}:sf:${who}`)?.body;
  const cut = (body: string, lang: Lang) => {
    const i = body.indexOf(message('common', lang, 'start-help-heading'));
    return i < 0 ? body : body.slice(0, i);
  };
  const phasesRows = livePhases(j.db, 'sf');
  return {
    players,
    start: JSON.parse(phasesRows[0]!.state_json),
    end: JSON.parse(phasesRows.at(-1)!.state_json),
    starts: new Map(players.map((p) => [p.id, cut(bodyTo('start', p.id)!, p.lang)])),
    finals: new Map([...players.map((p) => p.id), 'gm'].map((id) => [id, bodyTo('final', id)!])),
  };
}
