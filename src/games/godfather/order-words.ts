// The keywords of the Godfather's order language and the words around them
// (signs, stats, guard and jail words, faction fillers), and the refusal of a
// line (OrderError) the parser's steps throw.
import type { Problem } from './access.js';
import type { Stat } from './state.js';
import { isWord } from './words.js';
import { memoized } from '../../words.js';
import { type GOrder, norm } from './order-types.js';

// ---- keywords ---------------------------------------------------------------

type Head = GOrder['type'] | 'private' | 'anonymous' | 'public';

const KEYWORDS: [Head, string[]][] = [
  ['act', ['действие', 'действия', 'действую', 'действовать', 'действуем', 'ход', 'act', 'action', 'do']],
  [
    'vote',
    ['голос', 'голосую', 'голосуем', 'голосовать', 'голосование', 'проголосовать', 'проголосую', 'vote', 'voting'],
  ],
  ['invite', ['пригласить', 'приглашаю', 'приглашаем', 'приглашение', 'invite']],
  ['accept', ['принять', 'принимаю', 'принимаем', 'вступаю', 'вступить', 'accept', 'join']],
  ['leave', ['выйти', 'выхожу', 'покинуть', 'покидаю', 'выход', 'leave']],
  ['expel', ['исключить', 'исключаю', 'исключение', 'expel']],
  ['displace', ['сместить', 'смещаю', 'смещение', 'displace']],
  ['read', ['вскрыть', 'вскрываю', 'read']],
  ['eavesdrop', ['подслушать', 'подслушиваю', 'eavesdrop', 'overhear']],
  ['endday', ['конец', 'окончание', 'endday']],
  ['bonus', ['бонус', 'bonus']],
  ['private', ['лично', 'личное', 'личка', 'лс', 'приват', 'приватно', 'private', 'pm']],
  ['anonymous', ['анонимно', 'анонимка', 'аноним', 'анонимное', 'anon', 'anonymous']],
  ['public', ['всем', 'публично', 'объявление', 'public', 'all']],
];

/** Words in front of the keyword that say nothing ("Я голосую за Машу", "Моё действие: байки"). */
export const LEAD = new Set([
  'я',
  'мы',
  'мой',
  'моя',
  'мое',
  'моё',
  'мои',
  'наш',
  'наше',
  'хочу',
  'буду',
  'итак',
  'i',
  'my',
]);

export const headOf = memoized(headOfUncached, 10_000);
function headOfUncached(word: string): Head | null {
  const w = norm(word);
  for (const [type, words] of KEYWORDS) if (words.includes(w)) return type;
  for (const [type, words] of KEYWORDS) if (type !== 'endday' && isWord(w, words)) return type;
  return null;
}

const KIND_WORDS: [string, string[]][] = [
  ['day', ['день', 'днем', 'дневное', 'дневного', 'day']],
  ['night', ['ночь', 'ночью', 'ночное', 'ночного', 'night']],
  ['ordinary', ['рядовое', 'рядового', 'ролевое', 'ordinary']],
  ['individual', ['индивидуальное', 'индивидуального', 'individual']],
  ['faction', ['фракционное', 'фракционного', 'faction']],
  ['hero', ['геройское', 'геройского', 'героическое', 'hero']],
  ['manipulation', ['манипуляция', 'манипуляционное', 'манипуляцию', 'манипуляционного', 'manipulation']],
  ['secret', ['тайное', 'тайного', 'характерное', 'secret']],
  ['leader', ['лидер', 'лидерское', 'лидерского', 'лидера', 'leader']],
];

export const kindOf = memoized(kindOfUncached, 10_000);
function kindOfUncached(word: string): string | null {
  const w = norm(word);
  for (const [k, ws] of KIND_WORDS) if (ws.includes(w)) return k;
  return null;
}

const SIGN_WORDS: [1 | -1, string[]][] = [
  [1, ['плюс', 'plus', 'повысить', 'повышение', 'хороший', 'хорошего', 'good', 'добавить']],
  [-1, ['минус', 'minus', 'понизить', 'понижение', 'неуклюжий', 'неуклюжего', 'clumsy', 'убавить']],
];
export const STAT_WORDS: [Stat, string[]][] = [
  ['vo', ['во', 'vo', 'influence']],
  ['tv', ['тв', 'tv', 'secret']],
];
export const GUARD_WORDS: ['execution' | 'prison', string[]][] = [
  ['execution', ['казнь', 'казни', 'казнью', 'execution']],
  ['prison', ['тюрьма', 'тюрьмы', 'тюрьму', 'заключение', 'заключения', 'иммунитет', 'prison', 'immunity']],
];
export const JAIL_WORDS: ['jail' | 'free', string[]][] = [
  ['jail', ['посадить', 'посадка', 'посадку', 'ловушка', 'ловушку', 'jail', 'trap']],
  ['free', ['выпустить', 'освободить', 'побег', 'free', 'release']],
];

export const signOf = memoized(signOfUncached, 10_000);
function signOfUncached(tok: string): 1 | -1 | null {
  if (/^\+\d*$/.test(tok)) return 1;
  if (/^-\d*$/.test(tok) || /^−\d*$/.test(tok)) return -1;
  for (const [v, ws] of SIGN_WORDS) if (isWord(tok, ws)) return v;
  return null;
}
export const wordIn = <T>(tok: string, table: [T, string[]][]): T | null => {
  const w = norm(tok);
  for (const [v, ws] of table) if (ws.includes(w)) return v;
  return null;
};

/** The words around another player's action that say nothing («его тайное действие», "his secret action"). */
export const HIS = new Set(['его', 'её', 'ее', 'ему', 'ей', 'his', 'her', 'action', 'move']);

/** Faction words the faction commands carry ("Приглашаю Ивана во фракцию", "Выхожу из фракции"). */
export const FACTION_FILLER = new Set([
  'фракция',
  'фракции',
  'фракцию',
  'фракцией',
  'фракций',
  'приглашение',
  'приглашения',
  'из',
  'faction',
  'from',
  'the',
  'invitation',
]);

// ---- errors -----------------------------------------------------------------

export class OrderError extends Error {
  constructor(readonly problem: Problem) {
    // a refusal of a line, caught by the parser: no stack to capture
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(problem.code);
    Error.stackTraceLimit = limit;
  }
}
export const fail = (code: string, params: Record<string, string | number> = {}): never => {
  throw new OrderError({ code, params });
};
export const must = (p: Problem | null): void => {
  if (p) throw new OrderError(p);
};
