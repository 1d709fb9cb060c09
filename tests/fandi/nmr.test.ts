// RULING fandi/nmr through the mail pipeline: a player who sends nothing repeats last
// turn's investments only — never builds, extra yield, moves, coats, spies or
// messengers — and the report says so. (The rule-case runner has no notion of a
// player who sent nothing: the pipeline supplies those orders, so this is a test.)
import { SeededRng } from '../../src/engine/rng.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { livePhase } from '../../src/store/phases.js';
import { rules, nmrOrders } from '../../src/games/fandi/index.js';
import type { FandiEvent, FandiOrder, FandiState } from '../../src/games/fandi/state.js';
import { gamePart } from '../../src/engine/setup-file.js';
import { count, mail, testJudge } from '../helpers.js';

const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
const seats = ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
  id,
  name: id,
  email: `${id}@example.cz`,
  password: `${id}-pw`,
  lang: 'cs' as const,
}));

describe('FanDi: missing orders', { timeout: 60_000 }, () => {
  it('repeat the investments only, and the report says so', async () => {
    const j = testJudge();
    createGame(j, {
      id: 'n',
      kind: 'fandi',
      setup: { ...setup, gm: { email: 'gm@example.cz' }, seats },
      seed: '3',
      actor: 'test',
    });
    await ingest(
      j,
      await mail(
        'alfa@example.cz',
        'HRA n alfa alfa-pw\nB2 navíc 10\nB2 postav 2 pěší\nB2 hradby 5\nB2 hotovost 3\n3 pěší B2 C2\nA4 špión\nA4 posel B2 zbytek\nKONEC',
      ),
      't',
    );
    processPhase(j, 'n');
    const at = (n: number) => JSON.parse(livePhase(j.db, 'n', n)!.state_json) as FandiState;
    const units1 = at(2).units.filter((u) => u.owner === 'alfa').length;
    const b2 = (s: FandiState) => s.cities.find((c) => c.at === 'B2')!;
    expect(b2(at(2))).toMatchObject({ wallsInvested: 5, value: 190 });
    // Turn 2 and 3: alfa sends nothing.
    processPhase(j, 'n');
    processPhase(j, 'n');
    const s3 = at(4);
    expect(s3.units.filter((u) => u.owner === 'alfa').length).toBe(units1); // no unit built again
    expect(b2(s3)).toMatchObject({ wallsInvested: 15, value: 190 }); // walls repeated, extra yield not
    expect(s3.cities.find((c) => c.at === 'A4')!.spies).toBe(1); // the spy was not made again
    expect(s3.messengers).toEqual([]); // nor a messenger sent
    expect(s3.units.filter((u) => u.owner === 'alfa' && u.at === 'C2')).toHaveLength(3); // the move was not repeated
    for (const n of [2, 3]) {
      const events = JSON.parse(livePhase(j.db, 'n', n)!.events_json!) as FandiEvent[];
      expect(events.filter((e) => e.type === 'nmr')).toEqual([
        expect.objectContaining({ player: 'alfa', count: 2, audience: ['alfa'] }),
      ]);
      const orders = events.filter((e) => e.type === 'order' && e.player === 'alfa') as Extract<
        FandiEvent,
        { type: 'order' }
      >[];
      expect(orders.map((o) => `${o.text} ${o.code}`)).toEqual([
        'B2 hradby 5 invested',
        'B2 hotovost 3 cash-set-aside',
      ]);
      const report = j.db
        .prepare(
          "SELECT body FROM outbox WHERE game_id = 'n' AND phase_number = ? AND kind = 'report' AND to_addrs LIKE '%alfa@%'",
        )
        .get(n) as { body: string };
      expect(report.body).toContain(
        'Vaše rozkazy na tento tah nepřišly. Opakují se 2 investice z minulého tahu (nikdy stavby, přesuny, kabáty, špióni ani poslové).',
      );
      expect(report.body).toContain('= B2: 5 xc do hradeb — opakováno z minulého tahu (rozkazy nepřišly)');
      const other = j.db
        .prepare(
          "SELECT body FROM outbox WHERE game_id = 'n' AND phase_number = ? AND kind = 'report' AND to_addrs LIKE '%brana@%'",
        )
        .get(n) as { body: string };
      expect(other.body).not.toContain('nepřišly');
    }
    expect(count(j, "outbox WHERE kind = 'ack' AND to_addrs LIKE '%alfa@%'")).toBe(1);
  });

  it('a player with nothing to repeat is told so; nmrOrders keeps the plan over several turns', () => {
    const plan: FandiOrder[] = [
      { kind: 'build', line: 1, text: 'B2 postav 1 pesi', city: 'B2', unitType: 'pesi', count: 1 },
      { kind: 'invest', line: 2, text: 'B2 hradby 5', city: 'B2', target: 'walls', amount: 5 },
      { kind: 'extra', line: 3, text: 'B2 navic 5', city: 'B2', amount: 5 },
    ];
    const once = nmrOrders(plan);
    expect(once.map((o) => o.kind)).toEqual(['nmr', 'invest']);
    expect(once[1]).toMatchObject({ repeated: true, target: 'walls' });
    expect(nmrOrders(once)).toEqual(once);
    expect(nmrOrders([plan[0]!])).toEqual([{ kind: 'nmr', line: 0, text: '', count: 0 }]);
  });

  it('a player who is out, or a finished game, expects no orders (no reminders, no missed turns counted)', () => {
    const s = rules.setup(gamePart(setup), seats, new SeededRng(1));
    expect(rules.expectsOrders!(s, 'alfa')).toBe(true);
    expect(
      rules.expectsOrders!(
        { ...s, players: s.players.map((p) => (p.id === 'alfa' ? { ...p, out: true } : p)) },
        'alfa',
      ),
    ).toBe(false);
    expect(rules.expectsOrders!({ ...s, over: true }, 'brana')).toBe(false);
  });
});
