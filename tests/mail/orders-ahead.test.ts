// Orders parsed on the poll's thread stand for the parse at the mail's turn on
// intake's worker (src/mail/inbound/orders-ahead.ts) only while what that
// parse assumed holds; and what a kind's parse gives comes through the
// structured clone between the threads as it was made (no class lost, no
// field changed), for every order line of every rule case of every kind.
import { describe, expect, it } from 'vitest';
import { kindsWithCases, loadCases } from '../../src/engine/cases.js';
import { getRules } from '../../src/games/registry.js';
import { openJudge } from '../../src/context.js';
import { normalize } from '../../src/mail/inbound/normalize.js';
import { findBlocksIn } from '../../src/mail/inbound/envelope.js';
import {
  keepOrdersAhead,
  ordersParsedAhead,
  parseOrdersAhead,
  type OrdersKey,
} from '../../src/mail/inbound/orders-ahead.js';
import { currentPhase } from '../../src/store/phases.js';
import { getPlayer } from '../../src/store/games.js';
import { stateGen } from '../../src/store/read-gen.js';
import { emptySheet } from '../../src/games/rpg/sheets.js';
import { clientMail } from '../../src/cli/demo.js';
import { tavern, tempDir } from '../helpers.js';

describe("a kind's parse of orders through a structured clone", () => {
  for (const kind of kindsWithCases()) {
    it(`${kind}: every rule case's orders come through unchanged`, () => {
      const rules = getRules(kind);
      let blocks = 0;
      for (const c of loadCases(kind)) {
        if (!rules.cases) continue;
        const state = rules.cases.parseState(c.prestate);
        const byPlayer = new Map<string, string[]>();
        for (const l of c.turns[0] ?? []) byPlayer.set(l.player, [...(byPlayer.get(l.player) ?? []), l.text]);
        for (const [player, lines] of byPlayer) {
          const parsed = rules.parseOrders(lines.join('\n'), { state, player, lang: c.lang });
          // toStrictEqual tells a class instance from a plain object of the same fields, and undefined from missing.
          expect(structuredClone(parsed), `${c.name}, ${player}`).toStrictEqual(parsed);
          blocks++;
        }
      }
      expect(blocks).toBeGreaterThan(5);
    });
  }
});

describe('a parse made ahead is used only while what it assumed holds', () => {
  /** The tavern game, and Alice's mail of these lines as the poll's thread finds it. */
  async function setup(
    text = 'GAME tavern alice apple\nROLL 2d6 sneak\nnonsense line\nEND\nGAME tavern nobody x\nROLL 1d6\nEND\n',
  ) {
    const j = openJudge({ data: tempDir(), create: true });
    tavern(j);
    const raw = await clientMail({
      from: 'Alice <alice@example.org>',
      to: 'judge@localhost',
      subject: 'orders',
      date: new Date(Date.UTC(2026, 11, 7, 9)),
      text,
    });
    const m = await normalize(raw, {});
    const blocks = findBlocksIn(m.sections);
    return { j, m, blocks };
  }

  it('a seat of a running game: parsed as the worker would parse it', async () => {
    const { j, blocks } = await setup();
    const ahead = parseOrdersAhead(j, blocks);
    // The second block names no seat: nothing is parsed for it.
    expect(ahead.map((a) => a.block)).toEqual([0]);
    const phase = currentPhase(j.db, 'tavern')!;
    const player = getPlayer(j.db, 'tavern', 'alice')!;
    const direct = getRules('rpg').parseOrders(blocks[0]!.lines.join('\n'), {
      state: JSON.parse(phase.state_json),
      player: player.id,
      lang: player.lang,
    });
    expect(ahead[0]!.parsed).toEqual(direct);
    expect(direct.orders.length).toBe(1);
    expect(direct.errors.length).toBe(1);
    j.db.close();
  });

  it('another phase, state, seat, language or text: not used', async () => {
    const { j, m, blocks } = await setup();
    const clone = structuredClone(m);
    keepOrdersAhead(clone, structuredClone(parseOrdersAhead(j, blocks)));
    const phase = currentPhase(j.db, 'tavern')!;
    const player = getPlayer(j.db, 'tavern', 'alice')!;
    const key: OrdersKey = { phase, stateGen: stateGen(j.db), player, text: blocks[0]!.lines.join('\n') };
    const changed: OrdersKey[] = [
      { ...key, phase: { ...phase, id: phase.id + 1 } },
      { ...key, stateGen: key.stateGen + 1 },
      { ...key, player: { ...player, id: 'boris' } },
      { ...key, player: { ...player, lang: player.lang === 'en' ? 'cs' : 'en' } },
      { ...key, text: `${key.text}\nROLL 1d6` },
    ];
    for (const k of changed) expect(ordersParsedAhead(clone, 0, () => k)).toBeUndefined();
    // Another block of the mail, or the same mail as parsed again (another object): none either.
    expect(ordersParsedAhead(clone, 1, () => key)).toBeUndefined();
    expect(ordersParsedAhead(m, 0, () => key)).toBeUndefined();
    expect(ordersParsedAhead(clone, 0, () => key)?.orders).toHaveLength(1);
    j.db.close();
  });

  it('a state edited by hand after the parse, its hash kept: the parse is not used, and a new one sees the edit', async () => {
    const given = await setup('GAME tavern alice apple\nCHECK stealth\nEND\n');
    const { j, blocks } = given;
    const m = structuredClone(given.m);
    const ahead = parseOrdersAhead(j, blocks);
    // Without a sheet, CHECK is refused; the GM gives Alice one in the store itself, keeping the hash.
    expect(ahead[0]!.parsed.errors).toHaveLength(1);
    keepOrdersAhead(m, structuredClone(ahead));
    const before = currentPhase(j.db, 'tavern')!;
    const st = JSON.parse(before.state_json);
    st.sheets.alice = { ...emptySheet('alice', 'Alice', 'alice'), skills: { Stealth: 3 } };
    j.db.prepare('UPDATE phases SET state_json = ? WHERE id = ?').run(JSON.stringify(st), before.id);
    const phase = currentPhase(j.db, 'tavern')!;
    expect(phase.state_hash).toBe(before.state_hash);
    const player = getPlayer(j.db, 'tavern', 'alice')!;
    const text = blocks[0]!.lines.join('\n');
    expect(ordersParsedAhead(m, 0, () => ({ phase, stateGen: stateGen(j.db), player, text }))).toBeUndefined();
    const now = getRules('rpg').parseOrders(text, {
      state: JSON.parse(phase.state_json),
      player: player.id,
      lang: 'en',
    });
    expect(now.errors).toEqual([]);
    expect(now.orders).toHaveLength(1);
    j.db.close();
  });

  it('a game over, a seat that left, a phase processed: nothing parsed ahead', async () => {
    const { j, blocks } = await setup();
    j.db.prepare("UPDATE players SET status = 'out' WHERE id = 'alice'").run();
    expect(parseOrdersAhead(j, blocks)).toEqual([]);
    j.db.prepare("UPDATE players SET status = 'active' WHERE id = 'alice'").run();
    j.db.prepare("UPDATE games SET status = 'over' WHERE id = 'tavern'").run();
    expect(parseOrdersAhead(j, blocks)).toEqual([]);
    j.db.prepare("UPDATE games SET status = 'active' WHERE id = 'tavern'").run();
    j.db.prepare("UPDATE phases SET processed_at = '2026-12-07T00:00:00Z' WHERE game_id = 'tavern'").run();
    expect(parseOrdersAhead(j, blocks)).toEqual([]);
    j.db.close();
  });
});
