// Reading a stage's orders into declared actions, the same way for adjudication
// and for the GM's worksheet: which orders stand, their ids, ranks and penalties,
// and why the others are refused. Pure; the state is not changed.
import type { PlayerId } from '../../engine/types.js';
import { knowsAction } from './audience.js';
import { strategicPermanent, slotPeriods, takeSlot } from './influence.js';
import { entityType, maxActions, type EntityType } from './penalties.js';
import { actorKey, setPenalties } from './modifiers.js';
import { directionRefusal } from './style.js';
import { CONST } from './tables.js';
import type { ActorRef, DeclaredAction, NationEvent, NationOrder, NationState, Strategic } from './types.js';

export type Refusal = Extract<NationEvent, { type: 'refused' }>;

export function refusal(
  player: PlayerId,
  line: number | null,
  text: string,
  reason: string,
  args: Record<string, string | number> = {},
): Refusal {
  return { type: 'refused', audience: [player], player, line, text, reason, args };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function orderText(o: NationOrder): string {
  return o.type === 'abandon' ? o.id : o.text;
}

/** The owner of an actor, or null when there is no such actor. */
function ownerOfActor(state: NationState, a: ActorRef): PlayerId | null {
  if (a.type === 'country') return state.countries.find((c) => c.id === a.id)?.player ?? null;
  if (a.type === 'order') return state.orders.find((o) => o.id === a.id)?.player ?? null;
  return state.figures.find((f) => f.id === a.id)?.player ?? null;
}

function ordersOf(orders: Map<PlayerId, NationOrder[]>, p: PlayerId): NationOrder[] {
  return [...(orders.get(p) ?? [])].sort((a, b) => a.line - b.line);
}

export interface Stage1Plan {
  /** In the order planned, with ids in that order: the adjudication's are numbering.ts's. */
  actions: DeclaredAction[];
  refused: Refusal[];
  /** New strategic actions (S ids continue the game's numbering; numbering.ts orders them). */
  created: Strategic[];
  /** Strategic ids abandoned this turn. */
  abandoned: string[];
  /** Planned turns a step named for its strategic action. */
  planned: Map<string, number>;
}

const TIME = CONST.gm.time;

/** Stage 1: the actions of countries and orders, in players' order, then written order (numbering.ts gives their ids). */
export function planStage1(state: NationState, orders: Map<PlayerId, NationOrder[]>): Stage1Plan {
  const plan: Stage1Plan = { actions: [], refused: [], created: [], abandoned: [], planned: new Map() };
  const counts = new Map<string, number>();
  const stepped = new Set<string>();
  for (const p of state.players) {
    const list = ordersOf(orders, p.id);
    const refuse = (o: NationOrder, reason: string, args: Record<string, string | number> = {}) =>
      plan.refused.push(refusal(p.id, o.line, orderText(o), reason, args));
    // Abandoning comes first: a step of an action abandoned in the same mail is refused.
    for (const o of list) {
      if (o.type !== 'abandon') continue;
      const s = state.strategic.find((x) => same(x.id, o.id));
      if (!s || s.player !== p.id) refuse(o, 'unknown-strategic', { id: o.id });
      else if (s.status !== 'active') refuse(o, 'strategic-not-active', { id: s.id });
      else if (!plan.abandoned.includes(s.id)) plan.abandoned.push(s.id);
    }
    for (const o of list) {
      if (o.type === 'abandon') continue;
      if (o.type === 'influence') {
        refuse(o, 'influence-in-stage-1');
        continue;
      }
      const owner = ownerOfActor(state, o.actor);
      if (owner === null) {
        refuse(o, 'unknown-actor', { actor: o.actor.id });
        continue;
      }
      if (owner !== p.id) {
        refuse(o, 'not-yours', { actor: o.actor.id });
        continue;
      }
      if (o.actor.type === 'figure') {
        refuse(o, 'figure-in-stage-1');
        continue;
      }
      if (o.gainInfluence) {
        refuse(o, 'gain-not-figure');
        continue;
      }
      let direction = o.direction;
      let strategic: string | null = null;
      let create: Strategic | null = null;
      let planned: number | null = null;
      const st = o.strategic;
      if (st && st.mode === 'continue') {
        const s = state.strategic.find((x) => same(x.id, st.id));
        if (!s || s.player !== p.id) {
          refuse(o, 'unknown-strategic', { id: st.id });
          continue;
        }
        if (s.actor.type !== o.actor.type || s.actor.id !== o.actor.id) {
          refuse(o, 'strategic-other-actor', { id: s.id, actor: s.actor.id });
          continue;
        }
        if (s.status !== 'active') {
          refuse(o, 'strategic-not-active', { id: s.id });
          continue;
        }
        if (plan.abandoned.includes(s.id)) {
          refuse(o, 'strategic-abandoned', { id: s.id });
          continue;
        }
        if (stepped.has(s.id)) {
          refuse(o, 'strategic-twice', { id: s.id });
          continue;
        }
        if (st.planned !== null) {
          if (!Number.isInteger(st.planned) || st.planned < TIME.min || st.planned > TIME.max) {
            refuse(o, 'bad-turns', { turns: st.planned, min: TIME.min, max: TIME.max });
            continue;
          }
          if (st.planned < s.progress.length + 1) {
            refuse(o, 'planned-too-short', { id: s.id, done: s.progress.length });
            continue;
          }
          planned = st.planned;
        }
        // A step is based on its strategic action's direction.
        direction = s.direction;
        strategic = s.id;
      } else if (st) {
        const r = directionRefusal(direction, true, 'en');
        if (r) {
          refuse(o, 'direction-ordinary-only', { direction });
          continue;
        }
        if (
          st.mode === 'ask-difficulty' &&
          (!Number.isInteger(st.turns) || st.turns < TIME.min || st.turns > TIME.max)
        ) {
          refuse(o, 'bad-turns', { turns: st.turns, min: TIME.min, max: TIME.max });
          continue;
        }
        const id = `S${state.strategic.length + plan.created.length + 1}`;
        create = {
          id,
          actor: { ...o.actor },
          player: p.id,
          goal: o.text,
          direction,
          visibility: o.visibility,
          mode: st.mode,
          estimate: st.mode === 'ask-difficulty' ? st.turns : null,
          difficulty: 0,
          planned: st.mode === 'ask-difficulty' ? st.turns : null,
          startedTurn: state.turn,
          progress: [],
          status: 'active',
          result: null,
        };
        strategic = id;
      } else if (directionRefusal(direction, false, 'en')) {
        refuse(o, 'direction-strategic-only', { direction });
        continue;
      }
      const key = actorKey(o.actor, o.visibility);
      const n = counts.get(key) ?? 0;
      const entity = entityType(state, o.actor);
      const max = maxActions(o.visibility, entity);
      if (n >= max) {
        refuse(o, 'too-many', { entity, max, visibility: o.visibility });
        continue;
      }
      counts.set(key, n + 1);
      if (create) plan.created.push(create);
      if (strategic && !create) stepped.add(strategic);
      if (strategic && planned !== null) plan.planned.set(strategic, planned);
      plan.actions.push({
        id: `A${plan.actions.length + 1}`,
        stage: 1,
        actor: { ...o.actor },
        player: p.id,
        visibility: o.visibility,
        direction,
        text: o.text,
        scale: o.scale,
        strategic,
        influence: null,
        gainInfluence: null,
        rank: n + 1,
      });
    }
  }
  setPenalties(plan.actions, (a) => entityType(state, a.actor));
  return plan;
}

export interface Stage2Plan {
  /** In the order planned, with ids in that order: planNumberedStage2 (numbering.ts) numbers them. */
  actions: DeclaredAction[];
  refused: Refusal[];
  /** The figures' slotsUsed after this turn's influence actions. */
  slots: Map<string, (number | null)[]>;
  /** Superb figures' permanent influence given this turn. */
  permanents: { figure: string; order: string; strategic: string; action: string }[];
  /** The table row of each acting figure at the start of stage 2. */
  entities: Map<string, EntityType>;
}

/** Stage 2: the figures' actions, ordinary or influence on a stage 1 action (numbering.ts gives their ids). */
export function planStage2(state: NationState, orders: Map<PlayerId, NationOrder[]>): Stage2Plan {
  const plan: Stage2Plan = { actions: [], refused: [], slots: new Map(), permanents: [], entities: new Map() };
  const counts = new Map<string, number>();
  const influenced = new Set<string>();
  for (const p of state.players) {
    const list = ordersOf(orders, p.id);
    const refuse = (o: NationOrder, reason: string, args: Record<string, string | number> = {}) =>
      plan.refused.push(refusal(p.id, o.line, orderText(o), reason, args));
    for (const o of list) {
      if (o.type === 'abandon') {
        refuse(o, 'abandon-in-stage-2');
        continue;
      }
      const actor: ActorRef = o.type === 'action' ? o.actor : { type: 'figure', id: o.figure };
      const owner = ownerOfActor(state, actor);
      if (owner === null) {
        refuse(o, 'unknown-actor', { actor: actor.id });
        continue;
      }
      if (owner !== p.id) {
        refuse(o, 'not-yours', { actor: actor.id });
        continue;
      }
      if (actor.type !== 'figure') {
        refuse(o, 'country-in-stage-2');
        continue;
      }
      const f = state.figures.find((x) => x.id === actor.id)!;
      const entity = entityType(state, actor);
      plan.entities.set(f.id, entity);
      const key = actorKey(actor, o.visibility);
      const n = counts.get(key) ?? 0;
      const max = maxActions(o.visibility, entity);
      const tooMany = () => refuse(o, 'too-many', { entity, max, visibility: o.visibility });
      if (o.type === 'action') {
        if (o.strategic) {
          refuse(o, 'figure-strategic');
          continue;
        }
        let gain: string | null = null;
        if (o.gainInfluence) {
          const inf = f.influence.find((i) => same(i.order, o.gainInfluence!));
          if (!inf) {
            refuse(o, 'gain-no-influence', { figure: f.id, order: o.gainInfluence });
            continue;
          }
          gain = inf.order;
        }
        if (n >= max) {
          tooMany();
          continue;
        }
        counts.set(key, n + 1);
        plan.actions.push({
          id: `F${plan.actions.length + 1}`,
          stage: 2,
          actor,
          player: p.id,
          visibility: o.visibility,
          direction: o.direction,
          text: o.text,
          scale: null,
          strategic: null,
          influence: null,
          gainInfluence: gain,
          rank: n + 1,
        });
        continue;
      }
      // An influence action on a declared action of an order or country.
      const target = state.declared.find((a) => a.stage === 1 && same(a.id, o.target));
      if (!target || !knowsAction(state, target, p.id)) {
        refuse(o, 'unknown-target', { target: o.target });
        continue;
      }
      if (target.actor.type === 'figure') {
        refuse(o, 'target-not-order', { target: target.id });
        continue;
      }
      const inf = f.influence.find((i) => i.order === target.actor.id);
      if (!inf) {
        refuse(o, 'no-influence', { figure: f.id, order: target.actor.id });
        continue;
      }
      if (influenced.has(`${f.id}:${target.id}`)) {
        refuse(o, 'influence-twice', { figure: f.id, target: target.id });
        continue;
      }
      let permanent = false;
      if (target.strategic) {
        if (inf.permanent === target.strategic) {
          refuse(o, 'permanent-done', { figure: f.id, strategic: target.strategic });
          continue;
        }
        if (o.sign > 0 && strategicPermanent(inf.degree) > 0) {
          const other = inf.permanent ? state.strategic.find((s) => s.id === inf.permanent) : undefined;
          if (other && other.status === 'active') {
            refuse(o, 'permanent-other', { figure: f.id, strategic: other.id });
            continue;
          }
          permanent = true;
        }
      }
      if (n >= max) {
        tooMany();
        continue;
      }
      const used = plan.slots.get(f.id) ?? slotPeriods(f.influentiality).map((_, i) => f.slotsUsed[i] ?? null);
      if (takeSlot(f, state.turn, used) === null) {
        refuse(o, 'no-slot', { figure: f.id });
        continue;
      }
      plan.slots.set(f.id, used);
      counts.set(key, n + 1);
      influenced.add(`${f.id}:${target.id}`);
      const id = `F${plan.actions.length + 1}`;
      if (permanent) plan.permanents.push({ figure: f.id, order: inf.order, strategic: target.strategic!, action: id });
      plan.actions.push({
        id,
        stage: 2,
        actor,
        player: p.id,
        visibility: o.visibility,
        direction: target.direction,
        text: o.text,
        scale: null,
        strategic: null,
        influence: { target: target.id, sign: o.sign },
        gainInfluence: null,
        rank: n + 1,
      });
    }
  }
  setPenalties(plan.actions, (a) => plan.entities.get(a.actor.id)!);
  return plan;
}
