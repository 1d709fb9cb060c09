// Setup validation: every error at once, with a path; the shipped setups are valid.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { rules } from '../../src/games/fandi/index.js';
import { SetupError, handOver, validateSetup } from '../../src/games/fandi/setup.js';
import { stateHash } from '../../src/engine/hash.js';
import { loadSetup, newGame, seats } from './helpers.js';

describe('FanDi setups', () => {
  it('the default 10×10 setup: 4 players, 16 cities, symmetric and valid', () => {
    const s = newGame();
    expect(s.width).toBe(10);
    expect(s.height).toBe(10);
    expect(s.players.map((p) => `${p.id}:${p.letter}`)).toEqual(['alfa:a', 'brana:b', 'cerna:c', 'dana:d']);
    expect(s.cities).toHaveLength(16);
    for (const p of s.players) {
      const mine = s.cities.filter((c) => c.owner === p.id);
      expect(mine.map((c) => c.value).sort()).toEqual([150, 200]);
      expect(s.units.filter((u) => u.owner === p.id)).toHaveLength(5);
      expect(p.email).toBe(`${p.id}@example.org`);
    }
    expect(s.cities.filter((c) => c.owner === null)).toHaveLength(8);
  });

  it('the duel setup is valid', () => {
    const s = rules.setup(loadSetup('duel'), seats(['alfa', 'brana']), new SeededRng(1));
    expect(s.cities).toHaveLength(5);
  });

  it('is deterministic', () => {
    expect(stateHash(newGame())).toBe(stateHash(newGame()));
  });

  it('seats with other ids take the setup players in order; missing seats leave cities neutral', () => {
    const s = rules.setup(loadSetup(), seats(['xena', 'yves']), new SeededRng(1));
    expect(s.players.map((p) => `${p.id}:${p.god}`)).toEqual(['xena:Alfa', 'yves:Brána']);
    expect(s.cities.filter((c) => c.owner === null)).toHaveLength(12);
    expect(s.units.every((u) => u.owner === 'xena' || u.owner === 'yves')).toBe(true);
  });

  it('too many seats is an error', () => {
    expect(() => rules.setup(loadSetup('duel'), seats(['a1', 'b1', 'c1']), new SeededRng(1))).toThrow(SetupError);
  });

  it('reports every shape error at once, with paths', () => {
    const r = validateSetup({ title: '', map: ['a X', 5], players: [{ id: 'Alfa' }], surprise: 1 });
    expect('issues' in r).toBe(true);
    const paths = (r as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'map.0', 'map.1', 'players.0.id', 'players.0.god']));
    expect(paths.length).toBeGreaterThanOrEqual(5);
  });

  it('reports every cross-reference error at once, with paths', () => {
    const bad = {
      title: 'broken',
      map: ['a  z', '#% ', 'b  %'],
      cities: { B2: { value: 60 }, C1: { value: 80 }, Q9: { value: 100 } },
      players: [
        { id: 'alfa', god: 'Alfa' },
        { id: 'anna', god: 'Anna' },
        { id: 'brana', god: 'Brána', letter: 'c' },
      ],
      units: [
        { at: 'A2', owner: 'alfa', type: 'pesi' },
        { at: 'B2', owner: 'alfa', type: 'pesi' },
        { at: 'C1', owner: 'nobody', type: 'troll' },
      ],
    };
    const r = validateSetup(bad);
    expect('issues' in r).toBe(true);
    const issues = (r as { issues: { path: string; message: string }[] }).issues;
    const text = issues.map((i) => `${i.path}: ${i.message}`).join('\n');
    expect(text).toContain('map.1: row 2 has 3 columns');
    expect(text).toContain('players.1.god: letter "a" is already used by alfa');
    expect(text).toContain('players.2.letter');
    expect(text).toContain('map.0: city D1 has letter "z" of no player');
    expect(text).toContain('cities.C1: there is no city on C1');
    expect(text).toContain('cities.Q9');
    expect(text).toContain('units.0.at: A2 is impassable');
    expect(text).toContain('units.1.at: B2 is a city that alfa does not own');
    expect(text).toContain('units.2.owner: unknown player "nobody"');
    expect(text).toContain('units.2.type: unknown unit type "troll"');
    expect(issues.length).toBeGreaterThanOrEqual(10);
    expect(() => rules.setup(bad, seats(['alfa']), new SeededRng(1))).toThrow(/units\.2\.type/);
  });

  it('a city value below 50 is refused', () => {
    const r = validateSetup({
      title: 't',
      map: ['a%'],
      cities: { B1: { value: 49 } },
      players: [{ id: 'alfa', god: 'Alfa' }],
    });
    expect((r as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('cities.B1.value');
  });

  it('a position can be handed over to someone else (Hru je mozno kdykoli predat)', () => {
    const s = handOver(newGame(), 'alfa', { name: 'Nový', email: 'novy@example.org', lang: 'en' });
    expect(s.players.find((p) => p.id === 'alfa')).toMatchObject({
      name: 'Nový',
      email: 'novy@example.org',
      god: 'Alfa',
    });
  });
});
