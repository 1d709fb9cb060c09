// The nation setup file's game part: the state it makes, and every error at once.
import { describe, expect, it } from 'vitest';
import type { PlayerSeat } from '../../src/engine/types.js';
import { setup, setupSchema } from '../../src/games/nation/setup.js';

const seats: PlayerSeat[] = [
  { id: 'anna', name: 'Анна', email: 'anna@example.org', lang: 'ru' },
  { id: 'boris', name: 'Борис', email: 'boris@example.org', lang: 'ru' },
  { id: 'vera', name: 'Вера', email: 'vera@example.org', lang: 'ru' },
];

const country = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  attrs: { population: 'good', area: 'good', gold: 0, gnp: 'mediocre', tax: 0, army: 0, stability: 'плохо' },
  style: { aggression: 1, flexibility: 0, intellect: 0, wisdom: 0, constitution: 0, communication: 0 },
  ...extra,
});

const good = () => ({
  title: 'Две страны',
  settings: { yearsPerTurn: 1 },
  players: { anna: 'alba', boris: 'bor', vera: 'cal' },
  countries: [
    country('alba', 'Альба', { parties: [{ name: 'Либералы', influence: 'good' }], stateReligion: 'Солнце' }),
    country('bor', 'Бордурия'),
    country('cal', 'Калия'),
  ],
  orders: [
    { id: 'guild', name: 'Гильдия', country: 'alba', size: 0, secrecy: 'partial', knownBy: ['boris'] },
    { id: 'owls', name: 'Совы', country: 'bor', size: 'poor', secrecy: 'underground' },
  ],
  figures: [
    {
      id: 'ivan',
      name: 'Иван',
      country: 'alba',
      age: 45,
      influentiality: 'good',
      secrecy: 'known',
      influence: [
        { order: 'guild', degree: 'fair' },
        { order: 'alba', degree: 1 },
      ],
    },
  ],
});

describe('nation setup', () => {
  it('makes the state', () => {
    const s = setup(good(), seats);
    expect(s.kind).toBe('nation');
    expect([s.turn, s.stage]).toEqual([1, 1]);
    expect(s.countries.map((c) => [c.id, c.player, c.attrs.population, c.attrs.stability])).toEqual([
      ['alba', 'anna', 1, -2],
      ['bor', 'boris', 1, -2],
      ['cal', 'vera', 1, -2],
    ]);
    expect(s.countries[0]!.parties).toEqual([{ name: 'Либералы', influence: 1 }]);
    expect(s.orders.map((o) => [o.id, o.player, o.secrecy, o.knownBy.join(',')])).toEqual([
      ['guild', 'anna', 'partial', 'anna,boris'],
      ['owls', 'boris', 'underground', 'boris'],
    ]);
    const f = s.figures[0]!;
    expect([f.player, f.influentiality, f.knownBy.join(','), f.slotsUsed]).toEqual([
      'anna',
      1,
      'anna,boris,vera',
      [null, null],
    ]);
    expect(f.influence).toEqual([
      { order: 'guild', degree: 0, pi: 0, permanent: null },
      { order: 'alba', degree: 1, pi: 0, permanent: null },
    ]);
    expect(s.settings).toEqual({ yearsPerTurn: 1, difficulty: 0 });
  });

  it('reports every problem at once', () => {
    const bad = good() as any;
    bad.countries[1].style.wisdom = 1; // sum 2
    bad.countries[0].attrs.gold = 'lots';
    bad.orders[0].size = 3; // above the area (good = 1)
    bad.orders[1].knownBy = ['anna']; // underground known to another
    bad.figures[0].influence.push({ order: 'owls', degree: 0 }); // Good: two orders at most
    bad.figures[0].age = 'old';
    bad.players.carl = 'alba'; // alba run twice
    bad.orders.push({ id: 'a1', name: 'A1', country: 'alba', size: 0, secrecy: 'public' });
    const r = setupSchema.safeParse(bad);
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    const has = (part: string) =>
      expect(
        msgs.some((m) => m.includes(part)),
        `${part}\n${msgs.join('\n')}`,
      ).toBe(true);
    has('countries.1.style: the points of all directions add up to +2');
    has('countries.0.attrs.gold: "lots" is not a FUDGE ladder level');
    has("orders.0.size: an order's size (3) may not exceed its country's size, the area (1)");
    has('orders.1.knownBy: only its own player knows of an underground order');
    has('figures.0.influence: influentiality 1 gives influence on at most 2 order(s), 3 listed');
    has('figures.0.age');
    has('players.carl: country "alba" is already run by anna');
    has('orders.2.id: an id may not look like an action or strategic id');
    expect(msgs.length).toBeGreaterThanOrEqual(8);
  });

  it('seats must match the players', () => {
    expect(() => setup(good(), [...seats, { id: 'gleb', name: 'Глеб', email: 'g@example.org', lang: 'ru' }])).toThrow(
      /seat "gleb" runs no country/,
    );
    expect(() => setup(good(), [seats[0]!])).toThrow(/no seat "boris"/);
  });
});
