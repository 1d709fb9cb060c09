// A seat's orders as its mails amend them (kinds with mergeOrders: Godfather),
// folded incrementally over a run (ingest.ts seatOrders): every acknowledgement
// shows exactly what folding all of that seat's mails so far from scratch
// gives, also when a mail's writes were rolled back on the way (its
// submission gone, the next mail taking its id) and in a later run.
import { describe, expect, it, vi } from 'vitest';
import * as relay from '../../src/mail/inbound/relay.js';
import { handleUnhandled } from '../../src/mail/inbound/batch.js';
import type { IngestResult } from '../../src/mail/inbound/intake-types.js';
import { createGame } from '../../src/engine/create-game.js';
import { currentOrders } from '../../src/engine/orders.js';
import { sharedState } from '../../src/engine/shared-json.js';
import { getRules, loadRules } from '../../src/games/registry.js';
import { currentPhase } from '../../src/store/phases.js';
import { playerSubmissions, type SubmissionRow } from '../../src/store/submissions.js';
import { storeRaw } from '../../src/store/inbound.js';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { mail, testJudge } from '../helpers.js';

vi.mock('../../src/mail/inbound/relay.js', async (original) => {
  const m = await original<typeof relay>();
  return { ...m, relayMessages: vi.fn(m.relayMessages) };
});

const LINES = ['ДЕНЬ Пётр +', 'ДЕНЬ Олег -', 'ДЕНЬ Ивана', 'ДЕНЬ Мария +', 'ВСЕМ: Доброе утро!', 'ДЕНЬ Анна -'];

describe("a seat's amended orders over a run", { timeout: 60_000 }, () => {
  it('are what folding all its mails so far gives, across rolled back mails and runs', async () => {
    await loadRules(['godfather']);
    const j = testJudge();
    const s = demoScenarios.godfather!;
    createGame(j, { id: 'mafia', kind: 'godfather', setup: s.setup, seed: '5', actor: 'test' });
    const at = j.clock().toISOString();
    // Two seats taking turns, each mail one to three lines: most amend, some replace a slot.
    for (let i = 0; i < 40; i++) {
      const seat = i % 3 ? 'ivan' : 'pyotr';
      const lines = [LINES[i % 6], LINES[(i * 5 + 1) % 6], ...(i % 4 ? [] : [LINES[(i + 3) % 6]])].join('\n');
      const raw = await mail(`${seat} <${seat}@example.ru>`, `ИГРА mafia ${seat} ${seat}-pw\n${lines}\nКОНЕЦ\n`);
      storeRaw(j.db, raw, `<fold-${i}@example.ru>`, 'test', at);
    }
    // The 8th and 21st mails' writes fail after their orders were written: their savepoints roll back.
    const actual = await vi.importActual<typeof relay>('../../src/mail/inbound/relay.js');
    let calls = 0;
    vi.mocked(relay.relayMessages).mockImplementation((...args) => {
      calls++;
      if (calls === 8 || calls === 21) throw new Error('relay broke');
      return actual.relayMessages(...args);
    });
    const first = await handleUnhandled(j);
    vi.mocked(relay.relayMessages).mockImplementation(actual.relayMessages);
    // The two that failed are handled again by the next run.
    const second = await handleUnhandled(j);
    expect(first.filter((r) => r.status === 'received')).toHaveLength(2);
    expect(second.map((r) => r.status)).toEqual(['accepted', 'accepted']);

    const rules = getRules('godfather');
    const state = sharedState(currentPhase(j.db, 'mafia')!);
    // The acknowledgement of each mail lists the orders that stand after it.
    const standing = (inboundId: number) => {
      const body = (
        j.db.prepare('SELECT body FROM outbox WHERE dedupe_key = ?').get(`ack:${inboundId}:0`) as { body: string }
      ).body;
      const after = body.split('Сейчас действуют:\n')[1];
      return after === undefined
        ? null
        : after
            .split('\n')
            .filter((l) => /^ {7}\S/.test(l))
            .map((l) => l.trim());
    };
    const checked = (rs: IngestResult[]) => {
      let n = 0;
      for (const r of rs.filter((x) => x.status === 'accepted')) {
        const sub = j.db.prepare('SELECT id, player_id FROM submissions WHERE inbound_id = ?').get(r.inboundId) as {
          id: number;
          player_id: string;
        };
        const upTo = playerSubmissions(j.db, 'mafia', 1, sub.player_id).filter((x: SubmissionRow) => x.id <= sub.id);
        // The first mail of a seat amends nothing; every later one shows the orders as they now stand.
        if (upTo.length > 1) {
          expect(standing(r.inboundId!)).toEqual(
            currentOrders(rules, state, upTo).echo.map((e) => e.understood.trim()),
          );
          n++;
        } else expect(standing(r.inboundId!)).toBeNull();
      }
      return n;
    };
    expect(checked(first)).toBeGreaterThan(30);
    expect(checked(second)).toBe(2);
  });
});
