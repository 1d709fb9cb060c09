// Godfather: a later mail amends the period's orders instead of replacing them.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { recordedOrders } from '../../src/engine/recorded-orders.js';
import { getRules } from '../../src/games/registry.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { getGame } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { mail, testJudge } from '../helpers.js';

describe('orders that amend (Godfather)', { timeout: 60_000 }, () => {
  it('a later mail replaces only orders of the same kind; the ack lists what stands now; FanDi-style replacement elsewhere', async () => {
    const j = testJudge();
    const base = parse(readFileSync('games/godfather/setups/default.yaml', 'utf8'));
    const seats = base.seats.map((s: { id: string }) => ({ ...s, password: `${s.id}-pw` }));
    // ivan (first seat) is the aristocrat: day action "слух" +/-; anna the commander.
    const roles = [
      'aristocrat',
      'jesuit',
      'commander',
      'privateer',
      'planter',
      'buccaneer',
      'innkeeper',
      'shipwright',
      'usurer',
      'asiento',
      'scholar',
      'indian',
      'courtier',
    ];
    createGame(j, {
      id: 'mafia',
      kind: 'godfather',
      setup: { ...base, seats, roles, characters: { ivan: 'strategist' } },
      seed: '11',
      actor: 'test',
    });
    await ingest(j, await mail('ivan@example.ru', 'ИГРА mafia ivan ivan-pw\nДЕЙСТВИЕ слух Пётр +\nКОНЕЦ'), 't');
    await ingest(j, await mail('ivan@example.ru', 'ИГРА mafia ivan ivan-pw\nЛИЧНО anna: привет\nКОНЕЦ'), 't'); // a message only: orders unchanged
    await ingest(j, await mail('ivan@example.ru', 'ИГРА mafia ivan ivan-pw\nОКОНЧАНИЕ\nКОНЕЦ'), 't'); // the Стратег's feature: another kind of order
    await ingest(j, await mail('ivan@example.ru', 'ИГРА mafia ivan ivan-pw\nДЕЙСТВИЕ слух Анна -\nКОНЕЦ'), 't');
    const ack = listOutbox(j.db)
      .filter((m) => m.kind === 'ack')
      .at(-1)!;
    expect(ack.body).toMatch(/ДОПОЛНЯЮТ/);
    const game = getGame(j.db, 'mafia')!;
    const orders = recordedOrders(j, getRules('godfather'), game, 1).get('ivan') as {
      type: string;
      targets: string[];
      args: { sign?: string };
    }[];
    // The second action replaced the first (one main action a day); the feature order stands.
    expect(orders.map((o) => o.type)).toEqual(['endday', 'act']);
    expect(orders[1]!.targets).toEqual(['anna']);
    expect(ack.body).toMatch(/Сейчас действуют:\n\s+.*окончани.*\n\s+.*Анна/i);
    processPhase(j, 'mafia');
    const row = j.db.prepare("SELECT events_json FROM phases WHERE game_id = 'mafia' AND number = 1").get() as {
      events_json: string;
    };
    const events = JSON.parse(row.events_json);
    expect(
      events.filter((e: { type: string; player?: string }) => e.type === 'result' && e.player === 'ivan'),
    ).toHaveLength(1);
  });
});
