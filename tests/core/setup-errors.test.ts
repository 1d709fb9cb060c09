// A setup file with errors in several places, of several kinds (the common part,
// the kind's shape, its cross-references and its seats): every one reported at
// once, each with its path, for every game kind.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { SetupError } from '../../src/engine/setup-file.js';
import { parseYaml } from '../../src/yaml.js';
import { testJudge } from '../helpers.js';

/** The problems createGame lists for a setup (it must refuse it). */
function problems(kind: string, setup: unknown): string[] {
  const j = testJudge();
  try {
    createGame(j, { id: 'g', kind, setup, actor: 'test' });
  } catch (e) {
    expect(e).toBeInstanceOf(SetupError);
    return (e as SetupError).problems;
  }
  throw new Error('the setup was taken');
}

function expectAll(found: string[], wanted: (string | RegExp)[]): void {
  const text = found.join('\n');
  for (const w of wanted) expect(text, text).toMatch(w);
  // Each problem once.
  expect(new Set(found).size).toBe(found.length);
}

const seat = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  email: `${id}@example.org`,
  password: `${id}-secret`,
  ...extra,
});

describe('setup errors: every one at once, with its path', () => {
  it("errors in the common part and in the game kind's checks are reported together", () => {
    const base = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const setup = {
      ...base,
      seats: [
        { id: 'alfa', name: 'A', email: 'not-an-email', password: 'eagle' },
        { id: 'brana', name: 'B', email: 'b@example.org', password: 'wolf' },
      ],
      units: [{ at: 'Q99', owner: 'nobody', type: 'pesi', count: 3 }],
    };
    expectAll(problems('fandi', setup), [
      /seats\.0\.email: not an e-mail address/,
      /units\.0\.at: "Q99" is not a square of the map/,
      /units\.0\.owner: unknown player "nobody"/,
    ]);
  });

  it('FanDi: a unit off the map, an unknown owner, an unknown type, a count of 0, a bad city, a bad schedule — all of them', () => {
    const base = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const setup = {
      ...base,
      schedule: { every: 'soon' },
      seats: ['alfa', 'brana', 'cerna', 'dana', 'emil'].map((id) => seat(id)),
      cities: { ...base.cities, Z9: { value: 100 }, A1: { walls: 5 } },
      units: [
        ...base.units,
        { at: 'K11', owner: 'alfa', type: 'pesi' },
        { at: 'B2', owner: 'zeus', type: 'pesi' },
        { at: 'B2', owner: 'alfa', type: 'drak' },
        { at: 'B2', owner: 'alfa', type: 'pesi', count: 0 },
      ],
    };
    const n = base.units.length;
    expectAll(problems('fandi', setup), [
      'schedule.every: "soon" is not a duration',
      `units.${n}.at: "K11" is not a square of the map`,
      `units.${n + 1}.owner: unknown player "zeus"`,
      `units.${n + 2}.type: unknown unit type "drak"`,
      `units.${n + 3}.count: Too small`,
      'cities.A1.walls: Too big',
      'cities.Z9: "Z9" is not a square of the map',
      'players: the setup has 4 players, 5 seats were given',
    ]);
  });

  it('Godfather: a bad count of days, roles and characters of no player, an unknown gender, too few seats — all of them', () => {
    const base = parseYaml(readFileSync('games/godfather/setups/default.yaml', 'utf8')) as Record<string, unknown>;
    const setup = {
      ...base,
      seats: ['anna', 'boris', 'vera'].map((id) => seat(id)),
      days: 0,
      roles: { ghost: 'aristocrat', anna: 'nobody-role' },
      characters: { phantom: 'loyal' },
      genders: { anna: 'x' },
      aliases: { nobody: ['Nobody'] },
      smartAnonymous: 99,
    };
    expectAll(problems('godfather', setup), [
      /days: Too small/,
      /roles(\.anna)?: /,
      /genders\.anna: Invalid option/,
      /smartAnonymous: Too big/,
      'characters.phantom: no such player',
      'aliases.nobody: no such player',
      'seats: the game needs 13 players, 3 seats were given',
    ]);
  });

  it('nation: a bad setting, a seat without a country, an unknown country, an order of no country, an impossible age — all of them', () => {
    const base = parseYaml(readFileSync('games/nation/setups/default.yaml', 'utf8')) as Record<string, unknown>;
    const orders = base.orders as Record<string, unknown>[];
    const figures = base.figures as Record<string, unknown>[];
    const setup = {
      ...base,
      settings: { yearsPerTurn: 0 },
      players: { ivan: 'hyperborea', marya: 'atlantis', fedor: 'belovodye', olga: 'kitezh', zed: 'nowhere' },
      orders: [{ ...orders[0], country: 'mu' }, ...orders.slice(1)],
      figures: [{ ...figures[0], age: 200 }, ...figures.slice(1)],
    };
    expectAll(problems('nation', setup), [
      'settings.yearsPerTurn: Too small',
      'players.marya: no country "atlantis"',
      'players.zed: no country "nowhere"',
      'players.zed: no seat "zed"',
      'orders.0.country: no country "mu"',
      'figures.0.age: Too big',
    ]);
  });

  it('rpg: luck out of range and of no seat, a sheet of no seat, a bad skill, a bad trial, a bad option — all of them', () => {
    const setup = {
      title: 'Tavern',
      seats: [seat('alice'), seat('boris')],
      numbers: 'sometimes',
      luck: { alice: 99, ghost: 3 },
      sheets: { alice: { skills: { climbing: 'banana' } }, zed: { skills: { x: 1 } } },
      trials: [
        { id: 'gate', name: '', difficulty: 3 },
        { id: 'wall', name: 'The wall', difficulty: 'impossible-ish' },
      ],
    };
    expectAll(problems('rpg', setup), [
      'numbers: Invalid option',
      'luck.alice: Too big',
      'luck.ghost: no seat "ghost"',
      'sheets.zed: no seat "zed"',
      'sheets.alice.skills.climbing: "banana" is not a number',
      'trials.0.name: Too small',
      /trials\.wall: /,
    ]);
  });

  it('seats wrong while the common part is wrong too: a repeated id and seats beside a sign-up are listed with the rest', () => {
    const base = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const setup = {
      ...base,
      lang: 'de',
      schedule: { every: '2000000000h' },
      seats: [seat('alfa', { email: 'bad' }), seat('alfa'), seat('ALFA'), seat('dana')],
      signup: { seats: 4 },
      units: [{ at: 'Z99', owner: 'alfa', type: 'pesi', count: 3 }],
    };
    const found = problems('fandi', setup);
    expectAll(found, [
      /^lang: /m,
      /^schedule\.every: "2000000000h" is longer than 365 days/m,
      /^seats\.0\.email: not an e-mail address/m,
      /^seats: a sign-up game has no seats in its setup/m,
      /^seats\.1\.id: "alfa" is already seat 0$/m,
      /^seats\.2\.id: "ALFA" is already seat 0$/m,
      /^units\.0\.at: "Z99" is not a square of the map/m,
    ]);
  });

  it("a sign-up game with errors elsewhere: the kind's part is checked on the seats it will have, all at once", () => {
    const base = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const { seats: _none, ...rest } = base;
    // signup.unconfirmed (the most sign-ups waiting for their code at once) is checked with the rest.
    const cap = problems('fandi', { ...rest, lang: 'de', signup: { seats: 4, unconfirmed: 0 } });
    expectAll(cap, [/^lang: /m, /^signup\.unconfirmed: /m]);
    for (const signup of [{ seats: 4 }, {}]) {
      const found = problems('fandi', {
        ...rest,
        lang: 'de',
        signup,
        units: [{ at: 'Z99', owner: 'alfa', type: 'pesi', count: 3 }],
      });
      expectAll(found, [/^lang: /m, /^units\.0\.at: "Z99" is not a square of the map/m]);
      expect(found.join('\n')).not.toMatch(/seat1|unknown player/);
    }
    // Named seats (Godfather's roles are dealt; the nation's seats are its countries): the listed ones.
    const nation = parseYaml(readFileSync('games/nation/setups/default.yaml', 'utf8')) as Record<string, unknown>;
    const { seats: _n, players: _p, ...nationRest } = nation;
    const orders = nation.orders as Record<string, unknown>[];
    const named = problems('nation', {
      ...nationRest,
      timezone: 'Mars/Olympus',
      signup: {},
      orders: [{ ...orders[0], country: 'mu' }, ...orders.slice(1)],
    });
    expectAll(named, [/^timezone: /m, 'orders.0.country: no country "mu"']);
  });

  it("a GM password with a space is refused with the rest (the GM line is GM <game> <password>); a seat's may have one", () => {
    const found = problems('rpg', {
      title: 'Tavern',
      gm: { email: 'gm@example.org', password: 'two words' },
      seats: [seat('alice', { password: 'my own secret' }), seat('boris', { email: 'bad' })],
    });
    expectAll(found, [/^gm\.password: the GM password is one word/m, /^seats\.1\.email: /m]);
    expect(found.join('\n')).not.toMatch(/seats\.0\.password/);
  });
});
