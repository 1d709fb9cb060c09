// Exact probabilities (enumeration over d6 pairs, recursion over unit counts)
// against 10,000 seeded runs of the real combat code.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { fight, fightRound, type BattleSetting, type Fighter } from '../../src/games/fandi/combat.js';
import { unitDef } from '../../src/games/fandi/units.js';

const N = 10_000;

/** P(attack + d6 > defence + d6), P(<): by enumerating the 36 pairs. */
function roundOdds(attack: number, defence: number): { win: number; lose: number } {
  let win = 0;
  let lose = 0;
  for (let a = 1; a <= 6; a++)
    for (let d = 1; d <= 6; d++) {
      if (attack + a > defence + d) win++;
      else if (attack + a < defence + d) lose++;
    }
  return { win: win / 36, lose: lose / 36 };
}

/** Within 4 standard deviations of a binomial proportion. */
function expectClose(observed: number, p: number, n = N): void {
  const sd = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(observed - p)).toBeLessThanOrEqual(4 * sd + 1e-12);
}

const walls2: BattleSetting = { homeOwner: 'brana', walls: 2, homeAttackTypes: [] };
const knightUC = unitDef('rytir').attack; // 3
const knightOC = unitDef('rytir').defence; // 2
const infUC = unitDef('pesi').attack; // 0
const infHomeOC = unitDef('pesi').defence + 1 + 2; // 0 + home + walls 2

/**
 * P(knights win) for k attacking knights against i infantry at home behind walls 2.
 * With `infantryAttack` the infantry have the attack order and may be picked as attacker.
 */
function battleOdds(k: number, i: number, infantryAttack: boolean, memo = new Map<string, number>()): number {
  if (i === 0) return 1;
  if (k === 0) return 0;
  const key = `${k},${i}`;
  const m = memo.get(key);
  if (m !== undefined) return m;
  const kAtt = roundOdds(knightUC, infHomeOC); // knight attacks infantry
  const iAtt = roundOdds(infUC, knightOC); // infantry attacks the knight, who gets no home bonus
  const pk = infantryAttack ? k / (k + i) : 1;
  const pi = 1 - pk;
  const infantryDies = pk * kAtt.win + pi * iAtt.lose;
  const knightDies = pk * kAtt.lose + pi * iAtt.win;
  const total = infantryDies + knightDies; // ties repeat the round
  const r =
    (infantryDies / total) * battleOdds(k, i - 1, infantryAttack, memo) +
    (knightDies / total) * battleOdds(k - 1, i, infantryAttack, memo);
  memo.set(key, r);
  return r;
}

function army(k: number, i: number): Fighter[] {
  const out: Fighter[] = [];
  let id = 1;
  for (let n = 0; n < i; n++) out.push({ id: id++, type: 'pesi', owner: 'brana' });
  for (let n = 0; n < k; n++) out.push({ id: id++, type: 'rytir', owner: 'alfa' });
  return out;
}

describe('FanDi combat odds: knight (Rytíř) against infantry (Pěší) at home behind walls 2', () => {
  it('one round: exact 15/36 win, 15/36 loss, 6/36 tie; 10,000 seeded rounds agree', () => {
    const exact = roundOdds(knightUC, infHomeOC);
    expect(exact.win).toBeCloseTo(15 / 36, 12);
    expect(exact.lose).toBeCloseTo(15 / 36, 12);
    const rng = new SeededRng('fandi-stats-round');
    let win = 0;
    let lose = 0;
    const [inf, knight] = [army(0, 1)[0]!, { id: 2, type: 'rytir', owner: 'alfa' }];
    for (let n = 0; n < N; n++) {
      const r = fightRound(knight, inf, walls2, rng);
      expect(r.defender.oc + r.defender.home + r.defender.walls).toBe(3);
      if (r.loser === 'defender') win++;
      else if (r.loser === 'attacker') lose++;
    }
    expectClose(win / N, exact.win);
    expectClose(lose / N, exact.lose);
  });

  it('one round, infantry attacking a knight (0+d6 vs 2+d6): exact 6/36; seeded runs agree', () => {
    const exact = roundOdds(infUC, knightOC);
    expect(exact.win).toBeCloseTo(6 / 36, 12);
    const rng = new SeededRng('fandi-stats-round-2');
    let win = 0;
    for (let n = 0; n < N; n++)
      if (
        fightRound({ id: 1, type: 'pesi', owner: 'brana' }, { id: 2, type: 'rytir', owner: 'alfa' }, walls2, rng)
          .loser === 'defender'
      )
        win++;
    expectClose(win / N, exact.win);
  });

  it('whole battle, 1 knight vs 1 infantry that only defends: exactly 1/2', () => {
    expect(battleOdds(1, 1, false)).toBeCloseTo(0.5, 12);
    const rng = new SeededRng('fandi-stats-1v1');
    let wins = 0;
    for (let n = 0; n < N; n++) if (fight(army(1, 1), walls2, rng).winner === 'alfa') wins++;
    expectClose(wins / N, 0.5);
  });

  it('whole battle, 2 knights vs 3 infantry ordered to attack: recursion matches 10,000 seeded battles', () => {
    const exact = battleOdds(2, 3, true);
    expect(exact).toBeGreaterThan(0.05);
    expect(exact).toBeLessThan(0.95);
    const setting: BattleSetting = { ...walls2, homeAttackTypes: ['pesi'] };
    const rng = new SeededRng('fandi-stats-2v3');
    let wins = 0;
    for (let n = 0; n < N; n++) {
      const out = fight(army(2, 3), setting, rng);
      expect(out.survivors.length).toBeGreaterThan(0);
      if (out.winner === 'alfa') wins++;
    }
    expectClose(wins / N, exact);
  });

  it('whole battle, 3 knights vs 4 infantry that only defend', () => {
    const exact = battleOdds(3, 4, false);
    const rng = new SeededRng('fandi-stats-3v4');
    let wins = 0;
    for (let n = 0; n < N; n++) if (fight(army(3, 4), walls2, rng).winner === 'alfa') wins++;
    expectClose(wins / N, exact);
  });
});
