// A judge data directory for the web tests: the demo games of FanDi, Godfather
// and the nation game (their setups and order mails, src/cli/demo-scenarios.ts)
// after a few processed phases, with each kind's own order mails and the GM's answers.
import { clientMail } from '../../src/cli/demo.js';
import { demoScenarios, type DemoMail } from '../../src/cli/demo-scenarios.js';
import { advanceDue } from '../../src/engine/gm-loop.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { requireGame } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { testJudge, tempDir, type TestJudge } from '../helpers.js';

export const KINDS = ['fandi', 'godfather', 'nation', 'rpg'] as const;

let n = 0;
async function deliver(j: TestJudge, mails: DemoMail[]): Promise<void> {
  for (const m of mails) {
    const raw = await clientMail({
      ...m,
      to: j.config.judge.address,
      date: new Date(Date.UTC(2026, 10, 29, 8, n++ % 60)),
    });
    await ingest(j, raw, 'test');
  }
}

/** Play one demo scenario: its stages (mails, the GM's answers), then `extra` phases more without orders. */
async function play(j: TestJudge, kind: string, extra: number): Promise<string> {
  const s = demoScenarios[kind]!;
  createGame(j, { id: s.gameId, kind: s.kind, setup: structuredClone(s.setup), seed: '20261129', actor: 'test' });
  for (const stage of [{ mails: s.mails, gm: s.gm }, ...(s.later ?? [])]) {
    await deliver(j, stage.mails);
    const game = requireGame(j.db, s.gameId);
    let a = advanceDue(j, game, currentPhase(j.db, game.id)!, 'test');
    if (a.action !== 'processed') {
      await deliver(j, stage.gm ?? []);
      a = advanceDue(j, game, currentPhase(j.db, game.id)!, 'test');
    }
    if (a.action !== 'processed') throw new Error(`${kind}: phase still waits (${a.detail})`);
  }
  for (let i = 0; i < extra; i++) processPhase(j, s.gameId, 'test');
  return s.gameId;
}

export interface WebFixture {
  j: TestJudge;
  dir: string;
  games: Record<(typeof KINDS)[number], string>;
  /** The FanDi orders sent for the open phase (by alfa): the page may say that alfa sent orders, never what. */
  openOrders: string;
}

/** Orders of alfa for the open FanDi phase, with a line no page may show. */
export const OPEN_ORDERS = `HRA fandi-demo alfa orel
B2 hradby 3
TAJNY-PLAN-ALFA-7731
KONEC
`;

export async function webFixture(): Promise<WebFixture> {
  const dir = tempDir('judge-web-');
  const j = testJudge(dir);
  const games = {} as WebFixture['games'];
  for (const kind of KINDS) games[kind] = await play(j, kind, kind === 'nation' || kind === 'rpg' ? 0 : 2);
  // A round of the rpg table with a roll everybody sees and one only its roller does.
  await deliver(j, [
    {
      label: 'alice-table',
      from: 'Alice <alice@example.org>',
      subject: 'rolls',
      text: 'GAME tavern alice apple\nROLL 2d6 public # a toast to the table\nROLL 1d6 # a quiet look at the map\nEND\n',
    },
  ]);
  processPhase(j, games.rpg, 'test');
  await deliver(j, [
    { label: 'alfa-open', from: 'Adam Novák <alfa@example.cz>', subject: 'rozkazy', text: OPEN_ORDERS },
  ]);
  return { j, dir, games, openOrders: OPEN_ORDERS };
}
