// The end of the negotiations: faction totals with the secret bonuses, leaders
// and free players compete; ties by the smaller faction, then the larger total
// ТВ, then the seed's random; the characters' victory restrictions.
import type { PlayerId } from '../../engine/types.js';
import { factionBonus, factionsOf, fullTv, personalVoBonus, player, type GState } from './state.js';
import type { Scratch } from './scratch.js';

export interface Standing {
  /** The candidate: a faction's leader or a free player. */
  player: PlayerId;
  faction: string | null;
  members: PlayerId[];
  vo: number;
  tv: number;
  eligible: boolean;
  why: string | null;
}

/** Faction ВО = Σ over members (ВО + personal secret bonus + the faction bonus). */
export function standings(s: GState): Standing[] {
  const out: Standing[] = [];
  for (const f of s.factions) {
    const b = factionBonus(s, f);
    const vo = f.members.reduce((sum, m) => sum + player(s, m).vo + personalVoBonus(player(s, m)) + b, 0);
    const tv = f.members.reduce((sum, m) => sum + fullTv(s, m), 0);
    out.push({ player: f.leader, faction: f.id, members: [...f.members], vo, tv, ...eligibility(s, f.leader, true) });
  }
  for (const p of s.players)
    if (p.alive && factionsOf(s, p.id).length === 0)
      out.push({
        player: p.id,
        faction: null,
        members: [p.id],
        vo: p.vo + personalVoBonus(p),
        tv: fullTv(s, p.id),
        ...eligibility(s, p.id, false),
      });
  return out;
}

function eligibility(s: GState, id: PlayerId, inFaction: boolean): { eligible: boolean; why: string | null } {
  const p = player(s, id);
  if (!p.alive) return { eligible: false, why: 'dead' };
  if (p.prison && p.character !== 'veteran') return { eligible: false, why: 'prison' };
  if (inFaction && (p.character === 'loner' || p.character === 'vile')) return { eligible: false, why: 'member' };
  if (p.character === 'double' && factionsOf(s, id).length !== 1)
    return { eligible: false, why: factionsOf(s, id).length ? 'two-factions' : 'no-faction' };
  return { eligible: true, why: null };
}

/** The winners: the best eligible standing's player, plus a Преданный member of a winning faction. */
export function decideWinners(sc: Scratch): { winners: PlayerId[]; table: Standing[] } {
  const s = sc.s;
  const table = standings(s);
  const tiebreak = sc.rng.shuffle(table.map((x) => x.player));
  table.sort(
    (a, b) =>
      b.vo - a.vo ||
      a.members.length - b.members.length ||
      b.tv - a.tv ||
      tiebreak.indexOf(a.player) - tiebreak.indexOf(b.player),
  );
  const best = table.find((x) => x.eligible);
  if (!best) return { winners: [], table };
  const winners = [best.player];
  if (best.faction)
    for (const m of best.members)
      if (m !== best.player && player(s, m).character === 'loyal' && player(s, m).alive && !player(s, m).prison)
        winners.push(m);
  return { winners: winners.sort(), table };
}
