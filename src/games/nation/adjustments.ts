// The GM's ad-hoc adjustments to a nation game (DECIDE set:…, style:…,
// size:…): read when the GM sends them (gm.ts), applied at the end of stage 2.
import type { Rng } from '../../engine/rng.js';
import type { Audience, GmInputs, PlayerId } from '../../engine/types.js';
import { audienceOf, knowersOf } from './audience.js';
import { slotPeriods } from './influence.js';
import { parseLevel } from './ladder.js';
import { refusal } from './plan.js';
import { styleProblems } from './style.js';
import { COUNTRY_ATTRS, DIRECTIONS, type CountryAttr, type Direction, type NationState } from './types.js';
import type { Ev } from './gm-decisions.js';
import { orderSecrecyAfter, reveal, sortKnown } from './secrecy.js';

// ---------------------------------------------------------------------------
// The GM's ad-hoc adjustments (gm.ts checks them when the GM sends them):
//   set:<country>.<attr>            a ladder value of a country attribute
//   set:<country>.party.<name>      a party's influence (a new party when absent); religion.<name> likewise
//   style:<country>.<direction>     one style point; style:<country> "aggression=+1 wisdom=-1" several at once
//   size:<order>                    an order's size
//   secrecy:<order|figure>          underground | partial | public (orders), underground | known (figures), or a player id who learns of it
//   degree:<figure>.<order>         a figure's degree of influence on an order (a new influence when absent)
//   influentiality:<figure>         a figure's influentiality

export type Adjustment =
  | { kind: 'attr'; country: string; attr: CountryAttr }
  | { kind: 'influencer'; country: string; list: 'parties' | 'religions'; name: string }
  | { kind: 'style'; country: string; direction: Direction | null }
  | { kind: 'size'; order: string }
  | { kind: 'secrecy'; id: string; entity: 'order' | 'figure' }
  | { kind: 'degree'; figure: string; order: string }
  | { kind: 'influentiality'; figure: string };

/** What an ad-hoc decision id names in the state, or null. */
export function parseAdjustment(s: NationState, id: string): Adjustment | null {
  const m = /^([a-z]+):(.+)$/i.exec(id.trim());
  if (!m) return null;
  const kind = m[1]!.toLowerCase();
  const parts = m[2]!.split('.');
  const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const country = (x: string | undefined) => (x === undefined ? undefined : s.countries.find((c) => eq(c.id, x)));
  const order = (x: string | undefined) => (x === undefined ? undefined : s.orders.find((o) => eq(o.id, x)));
  const figure = (x: string | undefined) => (x === undefined ? undefined : s.figures.find((f) => eq(f.id, x)));
  switch (kind) {
    case 'set': {
      const c = country(parts[0]);
      if (!c) return null;
      if (parts.length === 2) {
        const attr = COUNTRY_ATTRS.find((a) => eq(a, parts[1]!));
        return attr ? { kind: 'attr', country: c.id, attr } : null;
      }
      if (parts.length >= 3 && ['party', 'religion'].includes(parts[1]!.toLowerCase())) {
        const list = parts[1]!.toLowerCase() === 'party' ? 'parties' : 'religions';
        const name = parts.slice(2).join('.');
        const known = c[list].find((x) => eq(x.name, name));
        // Decision ids reach the game in lower case: a new party or religion gets a capital first letter.
        return {
          kind: 'influencer',
          country: c.id,
          list,
          name: known?.name ?? name.charAt(0).toUpperCase() + name.slice(1),
        };
      }
      return null;
    }
    case 'style': {
      const c = country(parts[0]);
      if (!c || parts.length > 2) return null;
      if (parts.length === 1) return { kind: 'style', country: c.id, direction: null };
      const d = DIRECTIONS.find((x) => eq(x, parts[1]!));
      return d ? { kind: 'style', country: c.id, direction: d } : null;
    }
    case 'size': {
      const o = parts.length === 1 ? order(parts[0]) : undefined;
      return o ? { kind: 'size', order: o.id } : null;
    }
    case 'secrecy': {
      if (parts.length !== 1) return null;
      const o = order(parts[0]);
      if (o) return { kind: 'secrecy', id: o.id, entity: 'order' };
      const f = figure(parts[0]);
      return f ? { kind: 'secrecy', id: f.id, entity: 'figure' } : null;
    }
    case 'degree': {
      const f = figure(parts[0]);
      const target = parts[1] === undefined ? undefined : (order(parts[1]) ?? country(parts[1]));
      return f && target && parts.length === 2 ? { kind: 'degree', figure: f.id, order: target.id } : null;
    }
    case 'influentiality': {
      const f = parts.length === 1 ? figure(parts[0]) : undefined;
      return f ? { kind: 'influentiality', figure: f.id } : null;
    }
    default:
      return null;
  }
}

/** "aggression=+1 wisdom=-1" (ids or typed direction words) → changes, or null. */
export function parseStyleChanges(
  raw: string,
  parseDirection: (w: string) => Direction | null,
): Partial<Record<Direction, number>> | null {
  const out: Partial<Record<Direction, number>> = {};
  const items = raw.split(/[\s,;]+/).filter(Boolean);
  if (!items.length) return null;
  for (const it of items) {
    const m = /^(.+?)[=:]([+−-]?\w+)$/.exec(it);
    if (!m) return null;
    const d = parseDirection(m[1]!);
    const v = parseLevel(m[2]!);
    if (!d || v === null) return null;
    out[d] = v;
  }
  return out;
}

export function applyAdjustments(s: NationState, gm: GmInputs, rng: Rng, events: Ev[]): void {
  const styleChanges = new Map<string, Partial<Record<Direction, number>>>();
  const areaChanged = new Set<string>();
  const gmSet = (audience: Audience, target: string, from: number, to: number) =>
    events.push({ type: 'gm-set', audience, target, from, to });
  for (const [id, value] of Object.entries(gm.decisions)) {
    const adj = parseAdjustment(s, id);
    if (!adj) continue;
    const level = typeof value === 'number' ? value : parseLevel(String(value));
    switch (adj.kind) {
      case 'attr': {
        const c = s.countries.find((x) => x.id === adj.country)!;
        if (level === null) break;
        gmSet([c.player], id, c.attrs[adj.attr], level);
        c.attrs[adj.attr] = level;
        if (adj.attr === 'area') areaChanged.add(c.id);
        break;
      }
      case 'influencer': {
        const c = s.countries.find((x) => x.id === adj.country)!;
        if (level === null) break;
        let it = c[adj.list].find((x) => x.name === adj.name);
        const from = it ? it.influence : -3;
        if (!it) c[adj.list].push((it = { name: adj.name, influence: level }));
        it.influence = level;
        gmSet([c.player], id, from, level);
        break;
      }
      case 'style': {
        const ch = styleChanges.get(adj.country) ?? {};
        if (adj.direction) {
          if (level !== null) ch[adj.direction] = level;
        } else
          Object.assign(
            ch,
            typeof value === 'string'
              ? (parseStyleChanges(value, (w) => DIRECTIONS.find((d) => d === w) ?? null) ?? {})
              : {},
          );
        styleChanges.set(adj.country, ch);
        break;
      }
      case 'size': {
        const o = s.orders.find((x) => x.id === adj.order)!;
        if (level === null) break;
        gmSet([o.player], id, o.size, level);
        o.size = level;
        break;
      }
      case 'secrecy': {
        const v = String(value).toLowerCase();
        if (adj.entity === 'order') {
          const o = s.orders.find((x) => x.id === adj.id)!;
          const from = o.secrecy;
          let learnt: PlayerId[] = [];
          if (v === 'underground') o.knownBy = [o.player];
          else if (v === 'public') learnt = reveal(s, o, true, rng);
          else if (v === 'partial') learnt = reveal(s, o, false, rng);
          else if (
            s.players.some((p) => p.id.toLowerCase() === v) &&
            !knowersOf(s, { type: 'order', id: o.id }).some((p) => p.toLowerCase() === v)
          ) {
            learnt = [s.players.find((p) => p.id.toLowerCase() === v)!.id];
            o.knownBy = sortKnown(s, [...o.knownBy, ...learnt]);
          }
          o.secrecy = v === 'underground' ? 'underground' : orderSecrecyAfter(s, o);
          events.push({
            type: 'secrecy',
            audience: audienceOf(s, [o.player, ...learnt]),
            entity: 'order',
            id: o.id,
            from,
            to: o.secrecy,
            learnt,
            roll: null,
            chance: null,
          });
        } else {
          const f = s.figures.find((x) => x.id === adj.id)!;
          const from = f.secrecy;
          let learnt: PlayerId[] = [];
          if (v === 'underground') {
            f.knownBy = [f.player];
            f.secrecy = 'underground';
          } else {
            if (v === 'known') learnt = reveal(s, f, true, rng);
            else {
              const p = s.players.find((x) => x.id.toLowerCase() === v);
              if (p && !f.knownBy.includes(p.id) && p.id !== f.player) {
                learnt = [p.id];
                f.knownBy = sortKnown(s, [...f.knownBy, p.id]);
              }
            }
            f.secrecy = 'known';
          }
          events.push({
            type: 'secrecy',
            audience: audienceOf(s, [f.player, ...learnt]),
            entity: 'figure',
            id: f.id,
            from,
            to: f.secrecy,
            learnt,
            roll: null,
            chance: null,
          });
        }
        break;
      }
      case 'degree': {
        const f = s.figures.find((x) => x.id === adj.figure)!;
        if (level === null) break;
        let inf = f.influence.find((i) => i.order === adj.order);
        const from = inf ? inf.degree : -3;
        if (!inf) f.influence.push((inf = { order: adj.order, degree: level, pi: 0, permanent: null }));
        inf.degree = level;
        gmSet([f.player], id, from, level);
        break;
      }
      case 'influentiality': {
        const f = s.figures.find((x) => x.id === adj.figure)!;
        if (level === null) break;
        gmSet([f.player], id, f.influentiality, level);
        f.influentiality = level;
        f.slotsUsed = slotPeriods(level).map((_, i) => f.slotsUsed[i] ?? null);
        break;
      }
    }
  }
  // "Размер ордена … не может превышать размера страны": a country made smaller takes its orders' sizes down with it
  // (ruling nation/order-size-follows), after the GM's own size: changes.
  for (const cid of areaChanged) {
    const area = s.countries.find((c) => c.id === cid)!.attrs.area;
    for (const o of s.orders)
      if (o.country === cid && o.size > area) {
        gmSet([o.player], `size:${o.id}`, o.size, area);
        o.size = area;
      }
  }
  // Style points change together per country, and the result must keep the constraint.
  for (const [cid, ch] of styleChanges) {
    const c = s.countries.find((x) => x.id === cid)!;
    const next = { ...c.style, ...ch };
    const problems = styleProblems(next, 'en');
    if (problems.length) {
      const args = { country: c.id, problems: problems.join('; '), problemsRu: styleProblems(next, 'ru').join('; ') };
      events.push({
        ...refusal(
          c.player,
          null,
          Object.entries(ch)
            .map(([d, v]) => `${d}=${v}`)
            .join(' '),
          'style-invalid',
          args,
        ),
        audience: 'gm',
      });
      continue;
    }
    for (const d of DIRECTIONS) {
      if (ch[d] === undefined || ch[d] === c.style[d]) continue;
      gmSet([c.player], `style:${c.id}.${d}`, c.style[d], ch[d]!);
    }
    c.style = next;
  }
}
