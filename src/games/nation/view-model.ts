// The report model a nation reader gets (view.ts builds it): the shapes the
// templates of templates/nation/ read.
import type { ReportModel } from '../../engine/types.js';

export interface TableModel {
  headers: string[];
  rows: string[][];
}

export interface CountryView {
  id: string;
  name: string;
  playerName: string;
  attrs: TableModel;
  style: TableModel;
  /** ПП carried to the next turn. */
  growth: string;
  /** Reasonable size РР. */
  rr: string;
  parties: string[];
  religions: string[];
  climate: string;
  tech: string;
  stateReligion: string;
  free: { key: string; value: string }[];
}

export interface FigureView {
  id: string;
  name: string;
  playerName: string;
  country: string;
  age: number;
  ageText: string;
  ageModifier: string;
  influentiality: string;
  secrecy: string;
  /** Known to other players (knownBy shows them). */
  known: boolean;
  knownBy: string;
  slots: string[];
  influence: TableModel;
  description: string;
}

export interface StrategicView {
  id: string;
  line: string;
  progress: string;
  result: string | null;
}

export interface ActionView {
  id: string;
  line: string;
  details: string[];
}

export interface NationReport extends ReportModel {
  title: string;
  /** The turn and stage this report is about (the stage just adjudicated); stage 0 = the start. */
  turn: number;
  stage: 0 | 1 | 2;
  nextTurn: number;
  nextStage: 1 | 2;
  isGm: boolean;
  bulletin: string | null;
  /** The reader's own country in full (null for the GM). */
  country: CountryView | null;
  /** The GM: every country in full. */
  countries: CountryView[];
  /** The other countries: names only. */
  otherCountries: { id: string; name: string; playerName: string }[];
  /** The reader's orders (the GM: all), with sizes and who knows them. */
  orders: TableModel;
  orderDescriptions: string[];
  /** Orders of other players the reader knows of: names only. */
  knownOrders: TableModel;
  figures: FigureView[];
  knownFigures: TableModel;
  strategic: StrategicView[];
  /** The actions of the stage the reader may know of, with ids. */
  actions: ActionView[];
  /** After stage 1: the declared actions each own figure may influence. */
  influenceHints: string[];
  results: ActionView[];
  influences: string[];
  pi: string[];
  progress: string[];
  strategicDone: string[];
  growth: string[];
  ages: string[];
  adjustments: string[];
  secrecy: string[];
  narrative: { target: string; text: string }[];
  refused: { line: string; text: string; reason: string }[];
  /** Order lines for the next stage, made from the reader's own country, orders and figures. */
  examples: string[];
}
