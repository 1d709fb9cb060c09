// A tiny game kind for testing the GM in the loop game-agnostically: each
// player CLAIMs something; the GM judges each claim's worth (a decision, with
// or without a default), may grant bonuses (ad-hoc decisions), narrate and
// publish a bulletin. Registered only by the tests that use it.
import * as z from 'zod';
import type { GameEvent, Rules } from '../../src/engine/types.js';

export interface BallotState {
  kind: 'ballot';
  round: number;
  players: string[];
  score: Record<string, number>;
  defaultWorth: number | null;
}
export interface Claim {
  type: 'claim';
  line: number;
  text: string;
}

export const ballot: Rules<BallotState, Claim, GameEvent> = {
  kind: 'ballot',
  langs: ['en', 'ru', 'cs'],
  defaultLang: 'en',
  setupSchema: z
    .object({ title: z.string().optional(), defaultWorth: z.number().int().nullable().default(2) })
    .strict(),
  setup: (raw, seats) => {
    const g = raw as { defaultWorth: number | null };
    return {
      kind: 'ballot',
      round: 1,
      players: seats.map((s) => s.id),
      score: Object.fromEntries(seats.map((s) => [s.id, 0])),
      defaultWorth: g.defaultWorth,
    };
  },
  phase: (s) => ({ kind: 'claims', label: `Round ${s.round}`, over: false }),
  parseOrders(text) {
    const orders: Claim[] = [];
    const errors: { line: number; text: string; reason: string }[] = [];
    const echo: { line: number; text: string; understood: string }[] = [];
    text.split('\n').forEach((l, i) => {
      const m = /^\s*claim\s+(.+)$/i.exec(l);
      if (!l.trim()) return;
      if (!m) errors.push({ line: i + 1, text: l, reason: 'not CLAIM <text>' });
      else {
        orders.push({ type: 'claim', line: i + 1, text: m[1]! });
        echo.push({ line: i + 1, text: l, understood: `claim: ${m[1]}` });
      }
    });
    return { orders, errors, echo };
  },
  adjudicate(state, orders, rng, ctx) {
    const s = structuredClone(state);
    const events: GameEvent[] = [];
    for (const [p, os] of [...orders].sort(([a], [b]) => a.localeCompare(b))) {
      if (!os.length) continue;
      const worth = Number(ctx.gm.decisions[`${p}.worth`]);
      const bonus = Number(ctx.gm.decisions[`bonus:${p}`] ?? 0);
      const die = rng.die(6);
      s.score[p] = (s.score[p] ?? 0) + worth + bonus + die;
      events.push({ type: 'scored', audience: [p], player: p, claim: os[0]!.text, worth, bonus, die });
      if (ctx.gm.narrative[p]) events.push({ type: 'narrative', audience: [p], target: p, text: ctx.gm.narrative[p] });
    }
    if (ctx.gm.bulletin) events.push({ type: 'bulletin', audience: 'all', text: ctx.gm.bulletin });
    for (const r of ctx.gm.rolls) events.push({ type: 'gm-roll', audience: 'gm', text: `${r.text} ${r.label}` });
    s.round++;
    return { state: s, events };
  },
  view: (state, events, reader) => ({
    lines: events
      .filter(
        (e) => reader === 'gm' || e.audience === 'all' || (Array.isArray(e.audience) && e.audience.includes(reader)),
      )
      .map((e) => `${e.type}: ${JSON.stringify({ ...e, audience: undefined })}`),
    score: reader === 'gm' ? state.score : { [reader]: state.score[reader] },
  }),
  gm: {
    decisions: (state, orders) =>
      [...orders]
        .filter(([, os]) => os.length)
        .map(([p]) => ({
          id: `${p}.worth`,
          ask: `worth of ${p}'s claim`,
          type: 'int' as const,
          min: 0,
          max: 10,
          names: { nothing: 0, plenty: 5 },
          default: state.defaultWorth,
        })),
    worksheet: (_state, orders) => ({
      claims: [...orders].map(([p, os]) => ({ player: p, claims: os.map((o) => o.text) })),
    }),
    checkDecision: (state, id, raw) => {
      const m = /^bonus:(.+)$/.exec(id);
      if (!m || !state.players.includes(m[1]!)) return { error: `no such adjustment ${id}` };
      const n = Number(raw);
      return Number.isInteger(n) && Math.abs(n) <= 3 ? { value: n } : { error: 'a bonus is -3..3' };
    },
    narrativeTargets: (state) => state.players,
  },
};

export const ballotTemplates = {
  'ballot/en/report.hbs':
    'Subject: [{{game.id}}] {{phase.label}}{{#if preview}} preview{{/if}}\n\n{{#each lines}}{{this}}\n{{/each}}\nscore: {{#each score}}{{@key}}={{this}} {{/each}}\n',
  'ballot/en/worksheet.hbs':
    'Subject: [{{game.id}}] Worksheet {{phase.label}}\n\n{{#each claims}}{{player}}: {{join claims "; "}}\n{{/each}}\n{{#each decisions}}{{id}} {{ask}} [{{domain}}] {{#if answered}}= {{value}}{{else}}{{#if hasDefault}}default {{default}}{{else}}NO DEFAULT{{/if}}{{/if}}\n{{/each}}\ndeadline: {{gmDeadlineText}}\n',
};
