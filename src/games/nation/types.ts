// The nation kind ("Интерактивная история", seed 000): nations on the FUDGE
// ladder, their orders (ордена) and key figures, two-stage turns, strategic
// actions and influence, with the GM in the loop. These types are the shared
// contract of the kind's modules: setup, orders (parser), adjudicate, view.
import type { GameEvent, PlayerId } from '../../engine/types.js';

/** A FUDGE ladder level: Terrible −3 … Superb +3 (games/nation/ladder.json). */
export type Level = number;

/** The six style directions (seed: "Имеется шесть «направлений»"). */
export type Direction = 'aggression' | 'flexibility' | 'intellect' | 'wisdom' | 'constitution' | 'communication';
export const DIRECTIONS: readonly Direction[] = [
  'aggression',
  'flexibility',
  'intellect',
  'wisdom',
  'constitution',
  'communication',
];

/** The ladder attributes of a country (seed: "числовые Атрибуты по шкале FUDGE"). */
export type CountryAttr = 'population' | 'area' | 'gold' | 'gnp' | 'tax' | 'army' | 'stability';
export const COUNTRY_ATTRS: readonly CountryAttr[] = ['population', 'area', 'gold', 'gnp', 'tax', 'army', 'stability'];

export interface Influencer {
  /** A party or religion and its influence on the ladder. */
  name: string;
  influence: Level;
}

export interface Country {
  id: string;
  /** The player who runs it. */
  player: PlayerId;
  name: string;
  /** Free attributes (text): location, languages, territory, social/economic/political/religious organisation … */
  free: Record<string, string>;
  attrs: Record<CountryAttr, Level>;
  parties: Influencer[];
  religions: Influencer[];
  /** Variant attributes: climate, technology level, state religion (null: none). */
  climate: string;
  tech: string;
  stateReligion: string | null;
  style: Record<Direction, Level>;
  /** ПП carried to the next turn ("потенциальный прирост на предыдущий ход"). */
  growth: number;
}

/**
 * Secrecy of an order (seed's penalty-table rows): underground (only its
 * player knows of it), partial (known to the players in knownBy), public (all).
 */
export type OrderSecrecy = 'underground' | 'partial' | 'public';

export interface Society {
  /** An order (орден): a society with a size, located in a country, run by a player. */
  id: string;
  name: string;
  player: PlayerId;
  /** The country it is located in (its size may not exceed that country's). */
  country: string;
  size: Level;
  secrecy: OrderSecrecy;
  /** Players who know it exists (always includes its own player); all players when public. */
  knownBy: PlayerId[];
  description: string;
}

/** A figure's influence on one order. */
export interface Influence {
  order: string;
  /** Степень влияния, Terrible … Superb. */
  degree: Level;
  /** ПИ: potential change of degree, from 0; at |ПИ| = 6 the degree moves. */
  pi: number;
  /** Superb's permanent +1 on one strategic action of the order (its id), once given. */
  permanent: string | null;
}

export interface Figure {
  id: string;
  name: string;
  player: PlayerId;
  country: string;
  /** Age in years (the modifier is 3 − |age/5 − 9| on the ladder). */
  age: number;
  /** Влиятельность: how many orders and how often it may act on them. */
  influentiality: Level;
  /** underground: only its player knows of it; known: the players in knownBy. */
  secrecy: 'underground' | 'known';
  knownBy: PlayerId[];
  influence: Influence[];
  /** Turn each influence slot (from the influentiality table) was last used, null = never. */
  slotsUsed: (number | null)[];
  description: string;
}

/** Who acts. */
export type ActorRef = { type: 'country' | 'order' | 'figure'; id: string };

export type Visibility = 'secret' | 'public';

/** A strategic action in progress or done (seed: «Стратегические действия»). */
export interface Strategic {
  /** S1, S2 … in the order they were declared over the game. */
  id: string;
  actor: ActorRef;
  player: PlayerId;
  goal: string;
  direction: Direction;
  visibility: Visibility;
  /** ask-time: the player asks for the time (the GM gives N); ask-difficulty: the player names the time and the GM gives the difficulty. */
  mode: 'ask-time' | 'ask-difficulty';
  /** N, the GM's estimate of the time in turns (ask-difficulty: the player's named time). null until the GM answers. */
  estimate: number | null;
  /** The GM's difficulty (ask-difficulty), subtracted from the result; 0 for ask-time. */
  difficulty: number;
  /** The turns the player means to spend (default: the estimate). */
  planned: number | null;
  startedTurn: number;
  /** One entry per turn worked on: 1DF + that turn's modifiers. */
  progress: { turn: number; die: number; modifiers: number; value: number }[];
  status: 'active' | 'done' | 'abandoned';
  /** The final result (exact, possibly fractional) and its parts, once done. */
  result: { fourDF: number; dice: number[]; sum: number; timeModifier: number; value: number } | null;
}

/** An action declared this turn and kept in the state between the two stages. */
export interface DeclaredAction {
  /** A1, A2 … (stage 1: countries and orders), F1, F2 … (stage 2: figures), per turn (numbering.ts). */
  id: string;
  stage: 1 | 2;
  actor: ActorRef;
  player: PlayerId;
  visibility: Visibility;
  direction: Direction;
  text: string;
  /** The action's scale on the ladder when the player named one. */
  scale: Level | null;
  /** A strategic action's step: the id of the Strategic it works on. */
  strategic: string | null;
  /** A figure's influence action on a declared action (its id), positive or negative. */
  influence: { target: string; sign: 1 | -1 } | null;
  /** A figure's "increase influence on this order" action: the order's id. */
  gainInfluence: string | null;
  /** Written position among the actor's actions of this visibility (1-based): the penalty table is applied in this order. */
  rank: number;
  /**
   * The penalty-table modifier of this action, fixed when it was declared: the actor's
   * row then (country, underground, partial, public, undergroundFigure, figure), how many
   * actions of this visibility it took, and the modifier for this rank.
   */
  penalty?: { entity: string; count: number; value: number };
}

export interface NationSettings {
  /** Years per turn (figures age; strategic time is in turns). Default 1. */
  yearsPerTurn: number;
  /** The difficulty the worksheet proposes for an ordinary action (default 0 = Fair). */
  difficulty: Level;
}

export interface NationState {
  kind: 'nation';
  title: string;
  /** The turn being played, from 1. */
  turn: number;
  /** 1: the orders' (and countries') actions; 2: the figures' actions, after disclosure. */
  stage: 1 | 2;
  players: { id: PlayerId; name: string }[];
  countries: Country[];
  orders: Society[];
  figures: Figure[];
  strategic: Strategic[];
  /** This turn's declared actions (stage 1 ones carried into stage 2); emptied after resolution. */
  declared: DeclaredAction[];
  /**
   * In stage 2: the seed of the numbering of the figures' actions (ruling nation/action-ids),
   * drawn in stage 1 from the phase's stream "numbering"; absent in stage 1.
   */
  numbering?: string;
  settings: NationSettings;
}

/** One line of a player's orders mail, as parsed. */
export type NationOrder =
  | {
      type: 'action';
      line: number;
      actor: ActorRef;
      visibility: Visibility;
      direction: Direction;
      text: string;
      scale: Level | null;
      /** A new strategic action (ask for the time, or name the time in turns), or a step of one in progress. */
      strategic:
        | { mode: 'ask-time' }
        | { mode: 'ask-difficulty'; turns: number }
        | { mode: 'continue'; id: string; planned: number | null }
        | null;
      gainInfluence: string | null;
    }
  | {
      type: 'influence';
      line: number;
      figure: string;
      visibility: Visibility;
      target: string;
      sign: 1 | -1;
      text: string;
    }
  /** Stop working on a strategic action (it ends now with the turns spent). */
  | { type: 'abandon'; line: number; id: string };

/** A modifier as shown in reports and the worksheet: where it comes from and how much. */
export interface Modifier {
  /** style | penalty | size | age | influence | gm | permanent | difficulty | time */
  source: string;
  value: number;
  /**
   * What the view needs to put it into words (no language in it): style — the direction id;
   * penalty — "<secret|public> <rank>/<count> <entity row>"; size — "rr=<РР> scale=<scale>";
   * age — "age=<years>"; influence — the influence action's id (F2); permanent — the figure's id;
   * gm — "mod" ("growth" in growth parts); growth parts: die "FD", area-population, gnp,
   * stability, carried.
   */
  note: string;
}

/**
 * What happened, each with its audience (view filters by it; the GM sees all).
 * Every event names the ids it is about, so the view can look up names in the
 * state; texts for readers are made by the view, in the reader's language.
 */
export type NationEvent =
  /** Stage 1 → 2 and at resolution: an action as its audience may know it. */
  | (GameEvent & { type: 'declared'; action: DeclaredAction })
  /** An order refused at adjudication (not allowed, unknown target, too many actions …): to its player. */
  | (GameEvent & {
      type: 'refused';
      player: PlayerId;
      line: number | null;
      text: string;
      /** A code of src/games/nation/reasons.ts (REASONS); reasonText(reason, args, lang, state) gives the words. */
      reason: string;
      /** The code's parameters (ids, numbers, direction/entity/visibility codes), filled into the words. */
      args?: Record<string, string | number>;
    })
  /** An order or figure became known to more players (to the players who learnt, and its owner). */
  | (GameEvent & {
      type: 'secrecy';
      entity: 'order' | 'figure';
      id: string;
      from: string;
      to: string;
      learnt: PlayerId[];
      roll: number | null;
      chance: number | null;
    })
  /** An ordinary action's result: 4DF + modifiers − difficulty. success ≥ 1, failure ≤ 0, disaster ≤ −4. */
  | (GameEvent & {
      type: 'result';
      action: string;
      dice: number[];
      modifiers: Modifier[];
      difficulty: number;
      total: number;
      outcome: 'success' | 'failure' | 'disaster';
    })
  /** An influence action's modifier on its target (to the figure's player; the target's audience sees only the result's total). */
  | (GameEvent & {
      type: 'influence';
      action: string;
      figure: string;
      target: string;
      sign: 1 | -1;
      degree: Level;
      roll: number | null;
      value: number;
    })
  /** A ПИ change of (figure, order) and any degree change: to the figure's player. */
  | (GameEvent & {
      type: 'pi';
      figure: string;
      order: string;
      change: number;
      reason: string;
      pi: number;
      degreeFrom: Level;
      degreeTo: Level;
      roll: number | null;
    })
  /** A strategic action's progress this turn (1DF + modifiers). */
  | (GameEvent & {
      type: 'progress';
      strategic: string;
      die: number;
      modifiers: Modifier[];
      value: number;
      turnsDone: number;
    })
  /** A strategic action's final result: (4DF + Σ progress + time)·4/(N+4) + time − difficulty. */
  | (GameEvent & {
      type: 'strategic-done';
      strategic: string;
      dice: number[];
      sum: number;
      timeModifier: number;
      estimate: number;
      turns: number;
      difficulty: number;
      value: number;
    })
  /** Population growth: ПП = FD + (area − population) + GNP + stability + modifiers + last ПП. */
  | (GameEvent & {
      type: 'growth';
      country: string;
      die: number;
      parts: Modifier[];
      pp: number;
      populationFrom: Level;
      populationTo: Level;
      carried: number;
    })
  /** A figure aged; its age modifier may have changed. */
  | (GameEvent & { type: 'age'; figure: string; age: number; modifier: number })
  /** A GM adjustment of an attribute, style point, size … (GM decision set:/style:). */
  | (GameEvent & { type: 'gm-set'; target: string; from: number; to: number })
  /** GM narrative on a target (action id, strategic id, country id …), to that target's audience. */
  | (GameEvent & { type: 'narrative'; target: string; text: string })
  /** The GM's bulletin for the turn, to all. */
  | (GameEvent & { type: 'bulletin'; text: string });
