// Orders as Russian forum players write them (issue 13): keywords in any form and
// with a colon, names in any grammatical case and in common short forms,
// prepositions, natural word order, a stray «+»; only what is truly ambiguous is
// refused, naming what it could mean. One row per real phrasing.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import type { PlayerSeat } from '../../src/engine/types.js';
import { rules } from '../../src/games/godfather/index.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import type { GState } from '../../src/games/godfather/state.js';
import { fold, inferGender, sameWord, tokens } from '../../src/games/godfather/words.js';

const SEATS: [string, string, string][] = [
  ['maria', 'Мария', 'commoner'],
  ['ivan', 'Иван', 'innkeeper'],
  ['pyotr', 'Пётр', 'privateer'],
  ['anna', 'Анна', 'aristocrat'],
  ['p05', 'Игрок05', 'asiento'],
  ['p07', 'Игрок07', 'commander'],
  ['olga', 'Ольга', 'courtier'],
  ['dmitry', 'Дмитрий', 'buccaneer'],
  ['elena', 'Елена', 'jesuit'],
  ['nikita', 'Никита', 'indian'],
  ['pavel', 'Павел', 'whaler'],
  ['nikodim', 'Никодим', 'usurer'],
  ['tatiana', 'Татьяна Петрова', 'planter'],
];

function game(t = 0): GState {
  const seats: PlayerSeat[] = SEATS.map(([id, name]) => ({ id, name, email: `${id}@example.ru`, lang: 'ru' }));
  const roles = Object.fromEntries(SEATS.map(([id, , role]) => [id, role]));
  const s = rules.setup(
    { roles, characters: { maria: 'influential', olga: 'strategist', anna: 'loyal', ivan: 'trickster' } },
    seats,
    new SeededRng(1),
  );
  s.t = t;
  for (const p of s.players) if (['olga', 'elena', 'p05'].includes(p.id)) p.vo = 8;
  return s;
}

interface Row {
  who: string;
  text: string;
  /** The order understood, as "type key|target targets (args)"; or an error part. */
  want?: string;
  error?: string;
  t?: number;
  setup?: (s: GState) => void;
}

function show(o: GOrder): string {
  switch (o.type) {
    case 'act': {
      const bits = [o.key, o.via !== 'own' ? o.via : '', o.member ?? '', o.targets.join(',')].filter(Boolean);
      const args = Object.entries(o.args).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`);
      return `act ${bits.join(' ')}${args.length ? ` (${args.join(' ')})` : ''}`;
    }
    case 'vote':
    case 'invite':
    case 'accept':
    case 'expel':
    case 'read':
    case 'eavesdrop':
      return `${o.type} ${o.target}`;
    case 'leave':
    case 'displace':
      return `${o.type}${o.leader ? ` ${o.leader}` : ''}`;
    case 'bonus':
      return `bonus ${o.stat}`;
    case 'endday':
      return 'endday';
  }
}

const VOTE = (s: GState) => {
  s.t = 3;
  s.vote = {
    day: 2,
    list: ['maria', 'ivan', 'p05', 'tatiana'],
    strength: Object.fromEntries(s.players.map((p) => [p.id, 1])),
    ballots: {},
  };
};
const NIGHT = 2;
const FACTION = (s: GState) => {
  s.factions.push({
    id: 'F1',
    leader: 'maria',
    members: ['ivan', 'maria', 'nikita'],
    joined: { ivan: -9, maria: -9, nikita: -9 },
    expelDay: null,
  });
};

const ROWS: Row[] = [
  // ---- the prison vote
  { who: 'anna', text: 'ГОЛОСУЮ ЗА Машу', want: 'vote maria', setup: VOTE },
  { who: 'anna', text: 'Голосую за Марию', want: 'vote maria', setup: VOTE },
  { who: 'anna', text: 'голос: Мария', want: 'vote maria', setup: VOTE },
  { who: 'anna', text: 'Голос - Маша', want: 'vote maria', setup: VOTE },
  { who: 'anna', text: 'Голосую против Маши', want: 'vote maria', setup: VOTE },
  { who: 'anna', text: 'Я голосую за Ивана', want: 'vote ivan', setup: VOTE },
  { who: 'anna', text: 'голосую за посадку Ивана', want: 'vote ivan', setup: VOTE },
  { who: 'anna', text: 'Мой голос: Ваня', want: 'vote ivan', setup: VOTE },
  { who: 'anna', text: 'Голосование: Игрок05', want: 'vote p05', setup: VOTE },
  { who: 'anna', text: 'голосую за игрока 05', want: 'vote p05', setup: VOTE },
  { who: 'anna', text: 'ГОЛОС Игрока05', want: 'vote p05', setup: VOTE },
  { who: 'anna', text: 'Голосую за Татьяну Петрову', want: 'vote tatiana', setup: VOTE },
  { who: 'anna', text: 'голосую за Петрову', want: 'vote tatiana', setup: VOTE },
  { who: 'anna', text: 'голосую за Таню', want: 'vote tatiana', setup: VOTE },
  { who: 'anna', text: 'проголосую за Марию.', want: 'vote maria', setup: VOTE },
  { who: 'anna', text: 'VOTE maria', want: 'vote maria', setup: VOTE },
  { who: 'anna', text: 'vote Masha', error: 'неизвестный игрок «Masha»', setup: VOTE },
  { who: 'anna', text: 'голосую за Петра', error: 'Пётр не в списке голосования', setup: VOTE },
  { who: 'anna', text: 'голосую за Машу и Ивана', error: 'названо 2', setup: VOTE },
  { who: 'anna', text: 'голосую за Марию', error: 'голосование на посадку сейчас не идёт' },
  // ---- ordinary actions: keyword with a colon, any case, prepositions, word order, a stray «+»
  { who: 'ivan', text: 'ДЕЙСТВИЕ: байки Игроку05', want: 'act innkeeper.day p05' },
  { who: 'ivan', text: 'байки Игроку05', want: 'act innkeeper.day p05' },
  { who: 'ivan', text: 'байки - Игроку05', want: 'act innkeeper.day p05' },
  { who: 'ivan', text: 'Действие - байки про Игрока07', want: 'act innkeeper.day p07' },
  { who: 'ivan', text: 'Упомянуть в местных байках Игрока07', want: 'act innkeeper.day p07' },
  { who: 'ivan', text: 'упоминаю в байках Машу', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'Маше байки', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'байки Маше +', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'байки Маше +3 ВО', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'Действие: байки → Марии', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'ДЕЙСТВИЕ ДЕНЬ Марию', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'дневное действие на Марию', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'рядовое Марии', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'Использую байки на игрока Марию', want: 'act innkeeper.day maria' },
  { who: 'ivan', text: 'байки Маше -', error: 'нет выбора знака' },
  { who: 'ivan', text: 'байки себе', error: 'нельзя направить на себя' },
  { who: 'maria', text: 'речь на Игрока07', want: 'act commoner.day p07' },
  { who: 'maria', text: 'Гневная речь против Ивана', want: 'act commoner.day ivan' },
  { who: 'maria', text: 'ДЕЙСТВИЕ речь Игрок07', want: 'act commoner.day p07' },
  { who: 'maria', text: 'речь на игрока Игрок07', want: 'act commoner.day p07' },
  { who: 'maria', text: 'речь: Игрок 07', want: 'act commoner.day p07' },
  { who: 'maria', text: 'речью Павла', want: 'act commoner.day pavel' },
  { who: 'maria', text: 'речь Паше', want: 'act commoner.day pavel' },
  { who: 'maria', text: 'речь на Диму', error: 'Дмитрий, Никодим' },
  { who: 'maria', text: 'речь Игроку', error: 'нужна 1 цель, названо 0' },
  { who: 'maria', text: 'речь Кузьме', error: 'неизвестный игрок «Кузьме»' },
  { who: 'maria', text: 'речь Ивану Пётру', error: 'названо 2' },
  { who: 'maria', text: 'байки Ивану', error: 'вам недоступно' },
  { who: 'maria', text: 'полёт на Ивана', error: 'непонятный приказ' },
  { who: 'pyotr', text: 'ДЕЙСТВИЕ: патент Ивану', want: 'act privateer.day ivan' },
  { who: 'pyotr', text: 'ДЕЙСТВИЕ: патент', error: 'нужна 1 цель, названо 0' },
  { who: 'pyotr', text: 'Выдать патент Анне', want: 'act privateer.day anna' },
  { who: 'pyotr', text: 'выдаю патент Анне', want: 'act privateer.day anna' },
  { who: 'pyotr', text: 'выдать Анне', want: 'act privateer.day anna' },
  { who: 'anna', text: 'слух Ивану +', want: 'act aristocrat.day ivan (sign=1)' },
  { who: 'anna', text: 'слух Ивану плюс', want: 'act aristocrat.day ivan (sign=1)' },
  { who: 'anna', text: 'Рассказать слух про Ивана -', want: 'act aristocrat.day ivan (sign=-1)' },
  { who: 'anna', text: 'слух + Ивану', want: 'act aristocrat.day ivan (sign=1)' },
  { who: 'anna', text: 'слухи о Пете: минус', want: 'act aristocrat.day pyotr (sign=-1)' },
  { who: 'anna', text: 'слух Ивану', error: 'укажите знак' },
  { who: 'p05', text: 'раб Ивану хороший', want: 'act asiento.day ivan (sign=1)' },
  { who: 'p05', text: 'подарить неуклюжего раба Ивану', want: 'act asiento.day ivan (sign=-1)' },
  { who: 'p05', text: 'подарить Ивану +', error: 'Подарить хорошего / неуклюжего раба; Подарить раба тюремщику' },
  { who: 'p07', text: 'пропуск Ивану', want: 'act commander.day ivan' },
  { who: 'p07', text: 'Шепнуть слово-пропуск Ивану', want: 'act commander.day ivan' },
  { who: 'nikita', text: 'бусы Ивану, Маше и Петру', want: 'act indian.day ivan,maria,pyotr' },
  { who: 'nikita', text: 'Подарить бусы: Ивану, Маше, Пете', want: 'act indian.day ivan,maria,pyotr' },
  { who: 'nikita', text: 'бусы Ивану Маше', error: 'нужны 3 цели, названо 2' },
  { who: 'dmitry', text: 'слежка за Иваном, на Машу', want: 'act buccaneer.individual ivan,maria' },
  { who: 'dmitry', text: 'Устроить слежку: Ивана перенаправить в Марию', want: 'act buccaneer.individual ivan,maria' },
  { who: 'dmitry', text: 'охота Ольге', want: 'act buccaneer.day olga' },
  { who: 'elena', text: 'исцеление себе', want: 'act jesuit.hero elena' },
  { who: 'elena', text: 'Выдать защиту от отравлений Ивану', want: 'act jesuit.hero ivan' },
  { who: 'elena', text: 'проповедь себе', error: 'нельзя направить на себя' },
  { who: 'elena', text: 'проповедь Никите', want: 'act jesuit.day nikita' },
  {
    who: 'olga',
    text: 'шантаж Ивана: байки на Машу',
    want: 'act courtier.hero ivan (action=innkeeper.day then=maria)',
  },
  { who: 'olga', text: 'шантаж Ивана на Машу', want: 'act courtier.hero ivan (then=maria)' },
  // another's action is named from the public tables or by its kind, never checked against what he holds (RULES.md §10 Шантаж)
  { who: 'olga', text: 'шантаж Ивана речь Маше', want: 'act courtier.hero ivan (action=commoner.day then=maria)' },
  {
    who: 'olga',
    text: 'шантаж Ивана его тайное действие на Машу',
    want: 'act courtier.hero ivan (kind=secret then=maria)',
  },
  { who: 'olga', text: 'шантаж Ивана геройское', want: 'act courtier.hero ivan (kind=hero then=)' },
  { who: 'olga', text: 'шантаж Ивана слух Маше', error: 'укажите знак' },
  { who: 'olga', text: 'шантаж Ивана речь', error: 'нужна 1 цель, названо 0' },
  { who: 'olga', text: 'интриги Ивану', want: 'act courtier.day ivan' },
  { who: 'olga', text: 'Плести интриги против Ивана', want: 'act courtier.day ivan' },
  { who: 'olga', text: 'ставка на Ивана', want: 'act strategist.secretDay ivan' },
  { who: 'olga', text: 'тайное действие: Ивана', want: 'act strategist.secretDay ivan' },
  { who: 'ivan', text: 'хитрость Маше', want: 'act innkeeper.day trick maria' },
  { who: 'ivan', text: 'хитрость: байки Маше', want: 'act innkeeper.day trick maria' },
  { who: 'maria', text: 'лидер Иван Ольге', want: 'act innkeeper.day leader ivan olga', setup: FACTION },
  {
    who: 'maria',
    text: 'действие лидера: байки Ивана на Ольгу',
    want: 'act innkeeper.day leader ivan olga',
    setup: FACTION,
  },
  {
    who: 'maria',
    text: 'ЛИДЕР Никита Ольге Пете Ивану',
    want: 'act indian.day leader nikita olga,pyotr,ivan',
    setup: FACTION,
  },
  { who: 'maria', text: 'лидер Пётр Ольге', error: 'не член вашей фракции', setup: FACTION },
  // a proxy for a fellow member (ruling godfather/proxy-named-publicly): his ordinary action by his public role
  { who: 'nikita', text: 'логово Иван Ольге', want: 'act innkeeper.day proxy ivan olga', setup: FACTION },
  {
    who: 'nikita',
    text: 'маскировка логова: байки Ивана на Ольгу',
    want: 'act innkeeper.day proxy ivan olga',
    setup: FACTION,
  },
  { who: 'nikita', text: 'логово Иван Ольге Пете', error: 'нужна 1 цель, названо 2', setup: FACTION },
  { who: 'nikita', text: 'логово Пётр Ольге', error: 'Пётр не член вашей фракции', setup: FACTION },
  // «тайное» is no role action (ruling godfather/lair-any-role-action): refused, whatever his character
  {
    who: 'nikita',
    text: 'логово Иван тайное Ольге',
    error: 'логово выполняет только ролевые действия',
    setup: FACTION,
  },
  // any of his role actions by the table (Иван's role is public): another role's is refused, naming his role
  { who: 'nikita', text: 'логово Иван патент Ольге', error: 'это не действие роли игрока Иван', setup: FACTION },
  { who: 'nikodim', text: 'кабала Ивану байки', error: 'геройское действие требует ВО от 8' },
  { who: 'pyotr', text: 'поссорить англичан и французов', want: 'act privateer.individual' },
  {
    who: 'pyotr',
    text: 'Поссорить Ивана и Машу: пусть спорят о пошлинах',
    want: 'act privateer.individual ivan,maria (note=пусть спорят о пошлинах)',
  },
  // ---- night and faction commands
  { who: 'maria', text: 'критика Ивану', want: 'act commoner.night ivan', t: NIGHT },
  { who: 'maria', text: 'ночное на Ивана', want: 'act commoner.night ivan', t: NIGHT },
  { who: 'maria', text: 'речь Ивану', error: 'это дневное действие, сейчас ночь', t: NIGHT },
  {
    who: 'pyotr',
    text: 'Приглашаю Ивана во фракцию',
    want: 'invite ivan',
    t: NIGHT,
    setup: (s) => void (s.players.find((p) => p.id === 'pyotr')!.tv = 5),
  },
  {
    who: 'pyotr',
    text: 'ПРИГЛАСИТЬ: Иван',
    want: 'invite ivan',
    t: NIGHT,
    setup: (s) => void (s.players.find((p) => p.id === 'pyotr')!.tv = 5),
  },
  { who: 'ivan', text: 'Принимаю приглашение Петра', want: 'accept pyotr', t: NIGHT },
  { who: 'ivan', text: 'вступаю во фракцию Пети', want: 'accept pyotr', t: NIGHT },
  { who: 'ivan', text: 'Выхожу из фракции', want: 'leave', t: NIGHT, setup: FACTION },
  { who: 'maria', text: 'Исключаю Никиту из фракции', want: 'expel nikita', t: NIGHT, setup: FACTION },
  { who: 'ivan', text: 'Смещаю лидера', want: 'displace', t: NIGHT, setup: FACTION },
  { who: 'ivan', text: 'сместить лидера Марию', want: 'displace maria', t: NIGHT, setup: FACTION },
  { who: 'ivan', text: 'Приглашаю Петра', error: 'только ночью' },
  // ---- features
  { who: 'olga', text: 'БОНУС ВО', want: 'bonus vo' },
  { who: 'olga', text: 'бонус: ТВ', want: 'bonus tv' },
  { who: 'olga', text: 'окончание', want: 'endday' },
];

describe('godfather orders as Russian players write them', () => {
  it.each(ROWS.map((r) => [r.text, r] as const))('%s', (_, r) => {
    const s = game(r.t ?? 0);
    r.setup?.(s);
    const out = rules.parseOrders(r.text, { state: s, player: r.who, lang: 'ru' });
    if (r.want) {
      expect(out.errors.map((e) => e.reason)).toEqual([]);
      expect(out.orders.map(show)).toEqual([r.want]);
      expect(out.echo[0]!.understood).not.toMatch(/[a-z]+\.[a-z]+/); // the echo names the action, never its key
    } else {
      expect(out.orders).toEqual([]);
      expect(out.errors).toHaveLength(1);
      expect(out.errors[0]!.reason).toContain(r.error);
    }
  });

  it('the table is large and covers every kind of order', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(100);
    const kinds = new Set(ROWS.filter((r) => r.want).map((r) => r.want!.split(' ')[0]));
    for (const k of ['vote', 'act', 'invite', 'accept', 'leave', 'expel', 'displace', 'bonus', 'endday'])
      expect(kinds).toContain(k);
  });

  it('messages: ЛИЧНО / ЛС / Личное сообщение with names in the dative, АНОНИМНО, ВСЕМ', () => {
    const s = game();
    const cases: [string, string, string[]][] = [
      ['ЛИЧНО Маше: привет', 'private', ['maria']],
      ['Лично Ивану и Маше: встретимся у трактира', 'private', ['ivan', 'maria']],
      ['ЛС для Ивана: текст', 'private', ['ivan']],
      ['Личное сообщение Петру: текст', 'private', ['pyotr']],
      ['Приват Игроку05: текст', 'private', ['p05']],
      ['Сообщение для Тани: текст', 'private', ['tatiana']],
      ['Сообщение всем: доброе утро', 'public', []],
      ['ВСЕМ: доброе утро', 'public', []],
      ['Анонимно: кто-то лжёт', 'anonymous', []],
      ['Анонимка: кто-то лжёт', 'anonymous', []],
      ['Анонимное сообщение: кто-то лжёт', 'anonymous', []],
    ];
    for (const [text, kind, to] of cases) {
      const r = rules.parseOrders(text, { state: s, player: 'anna', lang: 'ru' });
      expect(r.errors, text).toEqual([]);
      expect(
        r.messages!.map((m) => [m.kind, m.to]),
        text,
      ).toEqual([[kind, to]]);
    }
  });

  it('several orders in one mail, each on its line', () => {
    const s = game();
    VOTE(s);
    const r = rules.parseOrders('Действие: байки Маше\nГолосую за Игрока05\nЛично Пете: привет', {
      state: s,
      player: 'ivan',
      lang: 'ru',
    });
    expect(r.errors).toEqual([]);
    expect(r.orders.map(show)).toEqual(['act innkeeper.day maria', 'vote p05']);
    expect(r.messages!.map((m) => m.to)).toEqual([['pyotr']]);
  });

  it('English orders and ids still work', () => {
    const s = game();
    for (const [who, text, want] of [
      ['ivan', 'ACT tales p05', 'act innkeeper.day p05'],
      ['ivan', 'act day maria', 'act innkeeper.day maria'],
      ['anna', 'ACT rumor ivan -', 'act aristocrat.day ivan (sign=-1)'],
      ['nikita', 'ACT beads ivan maria pyotr', 'act indian.day ivan,maria,pyotr'],
    ] as const) {
      const r = rules.parseOrders(text, { state: s, player: who, lang: 'en' });
      expect(r.errors, text).toEqual([]);
      expect(r.orders.map(show), text).toEqual([want]);
    }
  });
});

describe('godfather words', () => {
  it('case forms by the Snowball stemmer, with short stems and fleeting vowels', () => {
    for (const [a, b] of [
      ['Иван', 'Иваном'],
      ['Елена', 'Елену'],
      ['Павел', 'Павла'],
      ['Лев', 'Льва'],
      ['Сергей', 'Сергея'],
      ['Татьяна', 'Татьяну'],
      ['Борислав', 'Бориславу'],
      ['Пётр', 'Петра'],
      ['байки', 'байками'],
    ])
      expect(sameWord(a, b), `${a} ~ ${b}`).toBe(true);
    for (const [a, b] of [
      ['Мария', 'Маша'],
      ['Олег', 'Ольга'],
      ['Анна', 'Антон'],
      ['Маша', 'Миша'],
    ])
      expect(sameWord(a, b), `${a} ≁ ${b}`).toBe(false);
  });
  it('tokens: punctuation and dashes go, letters and digits split, signs stay', () => {
    expect(tokens('ДЕЙСТВИЕ: байки — Игроку05, +')).toEqual(['ДЕЙСТВИЕ', 'байки', 'Игроку', '05', '+']);
    expect(tokens('слух «Ивану» (-1)')).toEqual(['слух', 'Ивану', '-1']);
    expect(fold('Пётр')).toBe('петр');
  });
  it('grammatical gender from the name', () => {
    expect(['Анна', 'Мария', 'Татьяна Петрова', 'Любовь', 'Vera', 'Kate'].map(inferGender)).toEqual([
      'f',
      'f',
      'f',
      'f',
      'f',
      'f',
    ]);
    expect(['Иван', 'Никита', 'Илья', 'Саша', 'Игрок05', 'Jack'].map(inferGender)).toEqual([
      'm',
      'm',
      'm',
      'm',
      'm',
      'm',
    ]);
  });
});
