// Random but legal-looking order mails for seeded FanDi games (the secrecy and
// large-board tests): moves, builds, investments, spies, messengers, coats and
// attack orders, written as a player would, in Czech or English.
import type { SeededRng } from '../../src/engine/rng.js';
import { citiesOf, neighbours, isRock } from '../../src/games/fandi/map.js';
import type { FandiState } from '../../src/games/fandi/state.js';
import { UNITS } from '../../src/games/fandi/units.js';

export function randomOrders(state: FandiState, player: string, rng: SeededRng): string {
  const me = state.players.find((p) => p.id === player)!;
  if (me.out) return '';
  const lines: string[] = [];
  const others = state.players.filter((p) => p.id !== player && !p.out);
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)]!;
  // Moves: every group of the player's units walks a few random steps.
  const squares = [...new Set(state.units.filter((u) => u.owner === player).map((u) => u.at))];
  for (const sq of squares) {
    if (rng.int(3) === 0) continue;
    let at = sq;
    const path = [at];
    const here = state.units.filter((u) => u.owner === player && u.at === sq);
    const move = Math.min(...here.map((u) => UNITS.find((d) => d.id === u.type)!.move));
    for (let i = 0; i < 1 + rng.int(move); i++) {
      const next = neighbours(state, at).filter((n) => !isRock(state, n));
      if (!next.length) break;
      at = pick(next);
      path.push(at);
    }
    if (path.length > 1)
      lines.push(rng.int(2) ? `${path.join(' ')}` : `přesuň všechny jednotky z ${path[0]} na ${path[path.length - 1]}`);
  }
  for (const c of citiesOf(state, player)) {
    switch (rng.int(9)) {
      case 0:
        lines.push(`${c.at} postav ${1 + rng.int(3)} pěší`);
        break;
      case 1:
        lines.push(`${c.at} hradby ${5 + rng.int(30)}`);
        break;
      case 2:
        lines.push(`${c.at} věda zbytek`);
        break;
      case 3:
        lines.push(
          c.spies ? `${c.at} špión ${pick(state.cities.filter((x) => x.owner !== player)).at}` : `${c.at} špión`,
        );
        break;
      case 4: {
        const t = state.cities.filter((x) => x.owner !== null && x.at !== c.at);
        if (t.length) lines.push(`${c.at} posel ${pick(t).at} zbytek`);
        break;
      }
      case 5:
        if (others.length && rng.int(4) === 0) lines.push(`kabát ${c.at} ${pick(others).god}`);
        break;
      case 6:
        lines.push(`${c.at} hodnota ${1 + rng.int(20)}`);
        break;
      case 7:
        lines.push(`${c.at} navíc ${rng.int(5) + 1}`);
        break;
      default:
        lines.push(`${c.at} hotovost ${rng.int(10) + 1}`);
    }
  }
  if (others.length && squares.length && rng.int(5) === 0)
    lines.push(`předej 1 pěší ${pick(squares)} ${pick(others).god}`);
  if (rng.int(3) === 0) lines.push('útok vše');
  return lines.join('\n');
}
