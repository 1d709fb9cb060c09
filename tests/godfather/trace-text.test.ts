// The GM's resolution trace ("Ход разрешения", issue #32) speaks the GM's
// language: the rules store message ids with arguments (JSON-safe), the GM's view
// renders them through trace.ftl. Every rule case of games/godfather/cases is
// played (with no GM decisions) and every trace line it stores is rendered in
// Russian and English: no message id or Fluent placeholder is shown raw, and the
// Russian holds no Latin word but the players' ids. A line stored as text before
// (plain English) is still shown as it was written.
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../src/engine/cases.js';
import { SeededRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS, type PlayerId, type RelayedMessage } from '../../src/engine/types.js';
import { parseState } from '../../src/games/godfather/cases.js';
import { rules } from '../../src/games/godfather/index.js';
import type { TraceLine } from '../../src/games/godfather/scratch.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import type { GEvent, GState } from '../../src/games/godfather/state.js';
import { textCodes } from '../../src/games/godfather/texts.js';
import { traceLineText, traceText } from '../../src/games/godfather/trace-text.js';
import { view } from '../../src/games/godfather/view.js';
import { newGame } from './helpers.js';

interface Played {
  name: string;
  state: GState;
  events: GEvent[];
}

/** Every rule case played turn by turn (GM decisions left out: a case that needs them just traces less). */
function playCases(): Played[] {
  const out: Played[] = [];
  for (const c of loadCases('godfather')) {
    let state: GState;
    try {
      state = parseState(c.prestate);
    } catch {
      continue;
    }
    const events: GEvent[] = [];
    const rng = new SeededRng(c.seed ?? 0);
    for (const turn of c.turns.length ? c.turns : [[]]) {
      const orders = new Map<PlayerId, unknown[]>();
      const messages: RelayedMessage[] = [];
      const byPlayer = new Map<PlayerId, string[]>();
      for (const l of turn) byPlayer.set(l.player, [...(byPlayer.get(l.player) ?? []), l.text]);
      for (const [player, lines] of byPlayer) {
        const r = rules.parseOrders(lines.join('\n'), { state, player, lang: c.lang });
        orders.set(player, r.orders);
        for (const m of r.messages ?? [])
          messages.push({ ...m, id: messages.length + 1, seq: messages.length, from: player, at: '' });
      }
      const r = rules.adjudicate(state, orders as never, rng, { phase: 1, deadline: null, messages, gm: NO_GM_INPUTS });
      state = r.state;
      events.push(...r.events);
    }
    out.push({ name: c.name, state, events });
  }
  return out;
}

const stored = (events: GEvent[]) =>
  events.filter((e) => e.type === 'trace').flatMap((e) => e.lines as (TraceLine | string)[]);

/** The Godfather's message ids: a message that is missing shows its id. */
const CODES = new Set([...textCodes('ru'), ...textCodes('en')]);

/** Does a rendered line show a message id (a trace code, or any code of the messages), a Fluent placeholder or no text? */
function raw(text: string): boolean {
  const kebab = text.match(/(?<![\p{L}\d-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\p{L}\d-])/gu) ?? [];
  return (
    text.trim() === '' ||
    kebab.some((w) => w.startsWith('trace-') || CODES.has(w)) ||
    /\{\s*\$|\bundefined\b|\bNaN\b|\[object /.test(text)
  );
}

describe('the resolution trace in the GM’s language (#32)', () => {
  const played = playCases();

  it('is stored as message ids with JSON-safe arguments', () => {
    const lines = played.flatMap((p) => stored(p.events));
    expect(lines.length).toBeGreaterThan(2000);
    for (const l of lines) {
      expect(typeof l).toBe('object');
      const line = l as TraceLine;
      expect(line.code).toMatch(/^trace-[a-z-]+$/);
      for (const v of Object.values(line.params))
        expect(typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))).toBe(true);
      expect(JSON.parse(JSON.stringify(line))).toEqual(line);
    }
  });

  it('renders every code in ru and en, Russian without Latin words but the players’ ids', () => {
    const seen = new Set<string>();
    const bad: string[] = [];
    for (const p of played) {
      const ids = new Set(p.state.players.map((x) => x.id.toLowerCase()));
      const lines = stored(p.events) as TraceLine[];
      for (const l of lines) seen.add(l.code);
      const ru = view(p.state, p.events, 'gm', 'ru').gmView as { trace: string[] };
      const en = view(p.state, p.events, 'gm', 'en').gmView as { trace: string[] };
      expect(ru.trace).toHaveLength(lines.length);
      expect(en.trace).toHaveLength(lines.length);
      lines.forEach((l, i) => {
        for (const [lang, text] of [
          ['ru', ru.trace[i]!],
          ['en', en.trace[i]!],
        ] as const)
          if (raw(text)) bad.push(`${p.name} [${lang}] ${JSON.stringify(l)} → ${text}`);
        const latin = (ru.trace[i]!.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter(
          (w) => !ids.has(w.toLowerCase()) && !/^F\d+$/.test(w),
        );
        if (latin.length) bad.push(`${p.name} [ru] ${latin.join(' ')}: ${ru.trace[i]}`);
      });
    }
    expect(bad).toEqual([]);
    // the cases reach blocks, protections, redirects, ВО/ТВ changes, prison, poison, factions, messages
    // (a missing step, status, reason or via message would show its id: raw() above)
    for (const code of [
      'trace-period',
      'trace-step',
      'trace-act',
      'trace-blocked',
      'trace-blocked-no-force',
      'trace-block-cycle',
      'trace-shield',
      'trace-redirect',
      'trace-block-stopped',
      'trace-change',
      'trace-change-stopped',
      'trace-prison',
      'trace-prison-act',
      'trace-released-act',
      'trace-poisoned',
      'trace-poison-failed',
      'trace-healed',
      'trace-poison-death',
      'trace-executed',
      'trace-join',
      'trace-invitation',
      'trace-anon',
    ])
      expect(seen, code).toContain(code);
  });

  it('has a Russian and an English message for every code and reason the rules can store', () => {
    const ru = new Set(textCodes('ru'));
    const en = new Set(textCodes('en'));
    const status = ['ok', 'blocked', 'failed'].map((x) => `trace-status-${x}`);
    const why = [
      ...['dead', 'absent', 'lamp', 'guard', 'home', 'hounds', 'tasting', 'armed', 'gossip', 'immune', 'shield'],
      ...['poisoned', 'execution', 'vote', 'debt', 'low-vo', 'high-vo'],
    ].map((x) => `trace-why-${x}`);
    const via = ['leader', 'proxy', 'trick', 'forced'].map((x) => `trace-via-${x}`);
    for (const code of [...status, ...why, ...via, 'trace-stat-vo', 'trace-stat-tv', 'trace-over']) {
      expect(ru.has(code), code).toBe(true);
      expect(en.has(code), code).toBe(true);
    }
  });

  it('a period of blocks, ВО changes, prison and poison reads in Russian', () => {
    const state = parseState(`
      time 1 afternoon
      player a role=aristocrat tv=12
      player b
      player c role=commander
      player d role=innkeeper
      player e vo=-7 tv=3
      player f gender=f
    `);
    const orders = new Map<PlayerId, GOrder[]>();
    for (const [id, text] of Object.entries({ a: 'ACT poison b', c: 'ACT password d', d: 'ACT tales f' }))
      orders.set(id, rules.parseOrders(text, { state, player: id, lang: 'en' }).orders as GOrder[]);
    // an action f does not hold: not available at the deadline
    orders.set('f', [{ type: 'act', line: 1, key: 'aristocrat.day', targets: ['b'], args: {}, via: 'own' }]);
    const { state: after, events } = rules.adjudicate(state, orders, new SeededRng(1), {
      phase: 1,
      deadline: null,
      messages: [],
      gm: NO_GM_INPUTS,
    });
    const codes = new Set((stored(events) as TraceLine[]).map((l) => l.code));
    for (const c of ['trace-unavailable', 'trace-blocked', 'trace-change', 'trace-poisoned', 'trace-prison'])
      expect(codes, c).toContain(c);
    const ru = traceText(after, events, 'ru');
    const en = traceText(after, events, 'en');
    expect(ru[0]).toBe('Период 1 (день 1, 15–21)');
    expect(ru).toEqual(
      expect.arrayContaining([
        '[блокировки]',
        '  #2 d: «Упомянуть в местных байках» заблокировано',
        '  d: ВО +1 (источник: c) → 3',
        '  b: отравлен',
        '  f: ВО -2 → -2',
        '  e: в тюрьму (ВО ≤ -6)',
      ]),
    );
    expect(ru.find((l) => l.startsWith('  #3 f: «Рассказать слух» невозможно: '))).toBeDefined();
    expect(en).toEqual(expect.arrayContaining(['[blocks]', '  d: ВО +1 (by c) → 3', '  e → prison (ВО ≤ -6)']));
    for (const l of [...ru, ...en]) expect(raw(l), l).toBe(false);
    for (const l of ru) expect(l.match(/[A-Za-z]+/g)?.filter((w) => !/^[a-f]$/.test(w)) ?? [], l).toEqual([]);
  });

  it('the jailer stops an execution, and a guard against prison stops a judgement, in the GM’s words', () => {
    // Asiento's hero act ("Give a slave to the jailer", ВО 8 and more) guards c against execution, or against prison; the Indian's
    // ("Defend a land seizure in court", ТВ below 2: execution, below 10: prison) then fails on c.
    const play = (guard: 'execution' | 'prison', tv: number) => {
      const state = parseState(`
        time 1 afternoon
        player a role=asiento vo=8
        player b role=indian vo=8
        player c tv=${tv}
      `);
      const act = (key: string, args: Record<string, string>): GOrder[] => [
        { type: 'act', line: 1, key, targets: ['c'], args, via: 'own' },
      ];
      const orders = new Map<PlayerId, GOrder[]>([
        ['a', act('asiento.hero', { guard })],
        ['b', act('indian.hero', {})],
      ]);
      const r = rules.adjudicate(state, orders, new SeededRng(1), {
        phase: 1,
        deadline: null,
        messages: [],
        gm: NO_GM_INPUTS,
      });
      return {
        after: r.state,
        events: r.events,
        ru: traceText(r.state, r.events, 'ru'),
        en: traceText(r.state, r.events, 'en'),
      };
    };
    const executed = play('execution', 1);
    expect(executed.after.players.find((p) => p.id === 'c')!.alive).toBe(true);
    expect(executed.ru).toContain('  c: казнь остановил тюремщик');
    expect(executed.en).toContain('  c: execution stopped by the jailer');
    const jailed = play('prison', 5);
    expect(jailed.after.players.find((p) => p.id === 'c')!.prison).toBeFalsy();
    expect(jailed.ru).toContain('  #1 «Отстаивать захват земли в суде», цель c: не прошло: защита от тюрьмы');
    expect(jailed.en.find((l) => l.startsWith('  #1 "Defend a land seizure in court" on c stopped: '))).toBeDefined();
    for (const l of [...executed.ru, ...executed.en, ...jailed.ru, ...jailed.en]) expect(raw(l), l).toBe(false);
  });

  it('a line stored as text (before #32) is shown as it was written', () => {
    const s = newGame();
    const events: GEvent[] = [
      { type: 'trace', audience: 'gm', lines: ['period 0 (day 1, 09–15)', '[blocks]', '  p01 → prison (vote)'] },
      {
        type: 'trace',
        audience: 'gm',
        lines: [{ code: 'trace-prison', params: { player: 'p01', why: 'vote' } }, '  p02 healed'],
      },
    ];
    expect(traceText(s, events, 'ru')).toEqual([
      'period 0 (day 1, 09–15)',
      '[blocks]',
      '  p01 → prison (vote)',
      '  p01: в тюрьму (голосование)',
      '  p02 healed',
    ]);
    expect(traceLineText(s, '  p03 dies of poison', 'en')).toBe('  p03 dies of poison');
    expect((view(s, events, 'gm', 'en').gmView as { trace: string[] }).trace[3]).toBe('  p01 → prison (the vote)');
  });
});
