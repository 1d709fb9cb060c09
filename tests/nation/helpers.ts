// A small nation state for the parser and view tests: two countries, orders of
// every secrecy, figures with influence (one on another player's order), a
// strategic action in progress and declared stage 1 actions.
import type { DeclaredAction, NationState } from '../../src/games/nation/types.js';

const style = { aggression: 1, flexibility: 0, intellect: 0, wisdom: -1, constitution: 1, communication: 0 };

export function testState(over: Partial<NationState> = {}): NationState {
  return {
    kind: 'nation',
    title: 'Тест',
    turn: 3,
    stage: 1,
    players: [
      { id: 'rus', name: 'Руслан' },
      { id: 'gal', name: 'Галина' },
      { id: 'vik', name: 'Виктор' },
    ],
    countries: [
      {
        id: 'ruthenia',
        player: 'rus',
        name: 'Рутения',
        free: {},
        attrs: { population: 1, area: 1, gold: 0, gnp: -1, tax: 0, army: 1, stability: -2 },
        parties: [],
        religions: [],
        climate: 'умеренный',
        tech: 'бронза',
        stateReligion: null,
        style,
        growth: 0,
      },
      {
        id: 'gallia',
        player: 'gal',
        name: 'Галлия',
        free: {},
        attrs: { population: 0, area: 2, gold: 1, gnp: 0, tax: 0, army: 0, stability: 0 },
        parties: [],
        religions: [],
        climate: 'тёплый',
        tech: 'железо',
        stateReligion: null,
        style,
        growth: 1,
      },
      {
        id: 'vikland',
        player: 'vik',
        name: 'Викландия',
        free: {},
        attrs: { population: 0, area: 0, gold: 0, gnp: 0, tax: 0, army: 0, stability: 0 },
        parties: [],
        religions: [],
        climate: 'холодный',
        tech: 'железо',
        stateReligion: null,
        style,
        growth: 0,
      },
    ],
    orders: [
      {
        id: 'templars',
        name: 'Орден тамплиеров',
        player: 'rus',
        country: 'ruthenia',
        size: 0,
        secrecy: 'public',
        knownBy: ['rus', 'gal', 'vik'],
        description: '',
      },
      {
        id: 'rose',
        name: 'Братство Розы',
        player: 'rus',
        country: 'ruthenia',
        size: -1,
        secrecy: 'underground',
        knownBy: ['rus'],
        description: '',
      },
      {
        id: 'guild',
        name: 'Гильдия купцов',
        player: 'gal',
        country: 'gallia',
        size: 1,
        secrecy: 'partial',
        knownBy: ['gal', 'rus'],
        description: '',
      },
      {
        id: 'owls',
        name: 'Тайное общество Сов',
        player: 'gal',
        country: 'gallia',
        size: 0,
        secrecy: 'underground',
        knownBy: ['gal'],
        description: '',
      },
    ],
    figures: [
      {
        id: 'ivan',
        name: 'Иван Грозный',
        player: 'rus',
        country: 'ruthenia',
        age: 40,
        influentiality: 1,
        secrecy: 'known',
        knownBy: ['rus', 'gal'],
        influence: [
          { order: 'templars', degree: 1, pi: 0, permanent: null },
          { order: 'guild', degree: -1, pi: 2, permanent: null },
        ],
        slotsUsed: [null, null],
        description: '',
      },
      {
        id: 'oleg',
        name: 'Олег Мудрый',
        player: 'rus',
        country: 'ruthenia',
        age: 55,
        influentiality: 0,
        secrecy: 'underground',
        knownBy: ['rus'],
        influence: [{ order: 'rose', degree: 0, pi: 0, permanent: null }],
        slotsUsed: [null],
      },
      {
        id: 'marie',
        name: 'Мария Медичи',
        player: 'gal',
        country: 'gallia',
        age: 30,
        influentiality: 0,
        secrecy: 'known',
        knownBy: ['gal', 'rus'],
        influence: [{ order: 'guild', degree: 2, pi: 0, permanent: null }],
        slotsUsed: [null],
        description: '',
      },
      {
        id: 'ghost',
        name: 'Серый Кардинал',
        player: 'gal',
        country: 'gallia',
        age: 50,
        influentiality: 0,
        secrecy: 'underground',
        knownBy: ['gal'],
        influence: [{ order: 'owls', degree: 0, pi: 0, permanent: null }],
        slotsUsed: [null],
        description: '',
      },
    ].map((f) => ({ description: '', ...f })) as NationState['figures'],
    strategic: [
      {
        id: 'S1',
        actor: { type: 'order', id: 'guild' },
        player: 'gal',
        goal: 'монополия на соль',
        direction: 'communication',
        visibility: 'secret',
        mode: 'ask-time',
        estimate: 4,
        difficulty: 0,
        planned: null,
        startedTurn: 1,
        progress: [{ turn: 1, die: 0, modifiers: 0, value: 0 }],
        status: 'active',
        result: null,
      },
      {
        id: 'S2',
        actor: { type: 'country', id: 'ruthenia' },
        player: 'rus',
        goal: 'осушить болота',
        direction: 'intellect',
        visibility: 'public',
        mode: 'ask-time',
        estimate: 4,
        difficulty: 0,
        planned: 3,
        startedTurn: 1,
        progress: [
          { turn: 1, die: 1, modifiers: 0, value: 1 },
          { turn: 2, die: 0, modifiers: 2, value: 2 },
        ],
        status: 'active',
        result: null,
      },
      {
        id: 'S3',
        actor: { type: 'order', id: 'templars' },
        player: 'rus',
        goal: 'изобрести порох',
        direction: 'intellect',
        visibility: 'secret',
        mode: 'ask-difficulty',
        estimate: 2,
        difficulty: 1,
        planned: 2,
        startedTurn: 1,
        progress: [],
        status: 'done',
        result: null,
      },
    ],
    declared: [],
    settings: { yearsPerTurn: 1, difficulty: 0 },
    ...over,
  };
}

const act = (
  id: string,
  actor: DeclaredAction['actor'],
  player: string,
  visibility: 'secret' | 'public',
  text: string,
): DeclaredAction => ({
  id,
  stage: 1,
  actor,
  player,
  visibility,
  direction: 'aggression',
  text,
  scale: null,
  strategic: null,
  influence: null,
  gainInfluence: null,
  rank: 1,
});

/** Stage 2 of turn 3 with stage 1's actions declared. */
export function stage2(): NationState {
  return testState({
    stage: 2,
    declared: [
      act('A1', { type: 'country', id: 'ruthenia' }, 'rus', 'public', 'построить плотину'),
      act('A2', { type: 'order', id: 'templars' }, 'rus', 'secret', 'тайный поход'),
      act('A3', { type: 'order', id: 'guild' }, 'gal', 'public', 'открыть ярмарку'),
      act('A4', { type: 'order', id: 'guild' }, 'gal', 'secret', 'подкупить судей'),
      act('A5', { type: 'country', id: 'gallia' }, 'gal', 'public', 'объявить войну'),
      act('A6', { type: 'order', id: 'owls' }, 'gal', 'public', 'ночное собрание'),
      act('A7', { type: 'order', id: 'rose' }, 'rus', 'public', 'раздать хлеб'),
    ],
  });
}

import { readSetupFile, validateSetup } from '../../src/engine/setup-file.js';
import type { PlayerSeat } from '../../src/engine/types.js';
import { rules } from '../../src/games/nation/index.js';

/** The sample game of games/nation/setups/default.yaml, as the judge would create it. */
export function sampleGame(): NationState {
  const v = validateSetup(
    readSetupFile(new URL('../../games/nation/setups/default.yaml', import.meta.url).pathname),
    rules,
    'default.yaml',
  );
  const seats: PlayerSeat[] = v.common.seats.map((s) => ({
    id: s.id,
    name: s.name,
    email: s.email,
    lang: s.lang ?? 'ru',
  }));
  return rules.setup(v.game, seats, null as never);
}
