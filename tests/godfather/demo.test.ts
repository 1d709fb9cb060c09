// `judge demo --kind godfather` shows the game working (issue 13): with the roles the
// default setup deals to the scripted players, every scripted action is accepted (the
// one mail written with mistakes keeps exactly its two mistakes) and takes effect.
import { describe, expect, it } from 'vitest';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { SeededRng } from '../../src/engine/rng.js';
import type { PlayerSeat } from '../../src/engine/types.js';
import { rules } from '../../src/games/godfather/index.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';

describe('the Godfather demo', () => {
  it('every scripted action is accepted and takes effect', () => {
    const sc = demoScenarios.godfather!;
    const setup = sc.setup as { seats: PlayerSeat[]; roles?: unknown; days?: number };
    // the kind's part of the setup file (the engine keeps the seats, schedule, GM …)
    const state = rules.setup(
      { roles: setup.roles, days: setup.days },
      setup.seats.map((s) => ({ ...s, lang: s.lang ?? 'ru' })),
      new SeededRng('20261129'),
    );
    const orders = new Map<string, GOrder[]>();
    const errors: Record<string, string[]> = {};
    for (const m of sc.mails) {
      const lines = m.text.split('\n');
      const start = lines.findIndex((l) => /^(ИГРА|GAME) /.test(l));
      const end = lines.findIndex((l, i) => i > start && /^(КОНЕЦ|END)$/.test(l.trim()));
      const id = lines[start]!.split(/\s+/)[2]!;
      const r = rules.parseOrders(lines.slice(start + 1, end).join('\n'), { state, player: id, lang: 'ru' });
      orders.set(id, r.orders);
      errors[id] = r.errors.map((e) => e.text);
    }
    expect(errors).toEqual({ ivan: [], pyotr: [], maria: [], anna: ['ACT hero Oleg', 'VOTE nobody'] });
    for (const id of ['ivan', 'pyotr', 'anna', 'maria'])
      expect(
        orders.get(id)!.filter((o) => o.type === 'act'),
        id,
      ).toHaveLength(1);
    const out = rules.adjudicate(state, orders, new SeededRng(1), {
      phase: 1,
      deadline: null,
      messages: [],
      gm: { decisions: {}, narrative: {}, bulletin: null, rolls: [] },
    });
    const results = out.events.filter((e) => e.type === 'result').map((e) => `${e.player} ${e.outcome}`);
    expect(results.sort()).toEqual(['anna r-done', 'ivan r-done', 'maria r-done', 'pyotr r-done']);
  });
});
