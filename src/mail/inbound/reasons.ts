// Why a mail or a block was not accepted, in the writer's language. The
// stored reason (for the GM) is always English; the reply is in the seat's
// language when the sender is a known player, else in the mail's language.
import type { Lang } from '../../engine/types.js';
import { fill } from '../../render/text.js';

export type ReasonKind =
  | 'game-line'
  | 'unknown-game'
  | 'game-over'
  | 'unknown-player'
  | 'inactive-player'
  | 'no-password'
  | 'wrong-password'
  | 'sender-auth'
  | 'no-phase'
  | 'gm-deciding'
  | 'gm-none'
  | 'gm-sender'
  | 'gm-password'
  | 'no-block'
  | 'too-large'
  | 'unreadable'
  | 'undecodable'
  | 'locked'
  | 'too-many-blocks'
  | 'unparsable';

export type ReasonParams = Record<string, string | number>;

const TEXT: Record<ReasonKind, Record<Lang, string>> = {
  'game-line': {
    en: 'the first line of a block is GAME <game> <player> <password> ({detail})',
    cs: 'první řádek bloku je HRA <hra> <hráč> <heslo> ({detail})',
    ru: 'первая строка блока: ИГРА <игра> <игрок> <пароль> ({detail})',
  },
  'unknown-game': { en: 'there is no game "{game}" on this judge{hint}', cs: 'hra „{game}“ u tohoto sudího není{hint}', ru: 'игры «{game}» у этого судьи нет{hint}' },
  'game-over': { en: 'game "{game}" is over', cs: 'hra „{game}“ skončila', ru: 'игра «{game}» окончена' },
  // "No such player" and "wrong password" are answered alike: a reply never tells which seats exist.
  'unknown-player': { en: 'game "{game}" has no such player, or the password is wrong', cs: 'hra „{game}“ takového hráče nemá, nebo je heslo špatné', ru: 'в игре «{game}» нет такого игрока, или пароль неверен' },
  'inactive-player': {
    en: 'player "{player}" no longer plays in "{game}"',
    cs: 'hráč „{player}“ už ve hře „{game}“ nehraje',
    ru: 'игрок «{player}» больше не участвует в игре «{game}»',
  },
  'no-password': {
    en: 'the password is missing: GAME <game> <player> <password>',
    cs: 'chybí heslo: HRA <hra> <hráč> <heslo>',
    ru: 'нет пароля: ИГРА <игра> <игрок> <пароль>',
  },
  'wrong-password': { en: 'game "{game}" has no such player, or the password is wrong', cs: 'hra „{game}“ takového hráče nemá, nebo je heslo špatné', ru: 'в игре «{game}» нет такого игрока, или пароль неверен' },
  'sender-auth': {
    en: 'the sender could not be authenticated ({detail})',
    cs: 'odesílatele nelze ověřit ({detail})',
    ru: 'отправителя не удалось проверить ({detail})',
  },
  'gm-deciding': {
    en: 'the deadline of game "{game}" has passed and the GM is deciding this phase; orders for the next phase are taken once its report is out',
    cs: 'termín hry „{game}“ uplynul a GM právě rozhoduje toto kolo; rozkazy na další kolo se přijímají po rozeslání zprávy',
    ru: 'срок в игре «{game}» истёк, и ведущий решает эту фазу; приказы на следующую фазу принимаются после рассылки отчёта',
  },
  'no-phase': { en: 'game "{game}" has no phase open for orders', cs: 'hra „{game}“ teď nepřijímá rozkazy', ru: 'игра «{game}» сейчас не принимает приказы' },
  'gm-none': {
    en: 'game "{game}" takes no GM commands by mail (no GM password in its setup)',
    cs: 'hra „{game}“ nepřijímá příkazy GM e-mailem (v nastavení chybí heslo GM)',
    ru: 'игра «{game}» не принимает команды ведущего по почте (в настройке нет пароля ведущего)',
  },
  'gm-sender': {
    en: 'GM commands for "{game}" must come from the GM\'s address',
    cs: 'příkazy GM pro „{game}“ musí přijít z adresy GM',
    ru: 'команды ведущего для «{game}» должны приходить с адреса ведущего',
  },
  'gm-password': { en: 'wrong GM password for "{game}"', cs: 'špatné heslo GM hry „{game}“', ru: 'неверный пароль ведущего игры «{game}»' },
  'no-block': {
    en: 'no order block (a line "GAME <game> <player> <password>" … a line "END")',
    cs: 'žádný blok rozkazů (řádek „HRA <hra> <hráč> <heslo>“ … řádek „KONEC“)',
    ru: 'нет блока приказов (строка «ИГРА <игра> <игрок> <пароль>» … строка «КОНЕЦ»)',
  },
  'too-large': {
    en: 'message too large ({size} bytes; the limit is {limit}): send your orders again without the attachment, as plain text',
    cs: 'dopis je příliš velký ({size} bajtů; limit je {limit}): pošlete rozkazy znovu bez přílohy, jako prostý text',
    ru: 'письмо слишком большое ({size} байт; предел {limit}): пришлите приказы ещё раз без вложения, простым текстом',
  },
  unreadable: {
    en: 'the judge cannot read this mail: it is a {type} message whose parts cannot be found (their boundary "{boundary}" never occurs); send your orders again as plain text',
    cs: 'sudí tento dopis nedokáže přečíst: je to zpráva {type}, jejíž části nejde najít (jejich hranice „{boundary}“ se v ní nevyskytuje); pošlete rozkazy znovu jako prostý text',
    ru: 'судья не может прочитать это письмо: это сообщение {type}, части которого не найти (их граница «{boundary}» в нём не встречается); пришлите приказы ещё раз простым текстом',
  },
  locked: {
    en: 'too many wrong passwords: blocks for this position (or from this address) are not checked for a while; the GM of "{game}" has been told and can lift it',
    cs: 'příliš mnoho špatných hesel: bloky pro tuto pozici (nebo z této adresy) se nějakou dobu nekontrolují; GM hry „{game}“ to ví a může to zrušit',
    ru: 'слишком много неверных паролей: блоки для этой позиции (или с этого адреса) какое-то время не проверяются; ведущий игры «{game}» знает об этом и может снять блокировку',
  },
  'too-many-blocks': {
    en: 'too many blocks in one mail ({count}; the judge reads the first {limit}): send the others in another mail',
    cs: 'příliš mnoho bloků v jednom dopise ({count}; sudí čte prvních {limit}): ostatní pošlete dalším dopisem',
    ru: 'слишком много блоков в одном письме ({count}; судья читает первые {limit}): остальные пришлите другим письмом',
  },
  unparsable: {
    en: 'the judge cannot read this mail ({detail}); send your orders again as plain text',
    cs: 'sudí tento dopis nedokáže přečíst ({detail}); pošlete rozkazy znovu jako prostý text',
    ru: 'судья не может прочитать это письмо ({detail}); пришлите приказы ещё раз простым текстом',
  },
  undecodable: {
    en: 'the judge cannot read this mail: its text holds characters that no charset decodes (the charset your mail client declared does not fit the text); send your orders again, best with your mail client set to UTF-8',
    cs: 'sudí tento dopis nedokáže přečíst: text obsahuje znaky, které nejde dekódovat v žádné znakové sadě (sada, kterou uvedl váš poštovní program, k textu nesedí); pošlete rozkazy znovu, nejlépe s programem nastaveným na UTF-8',
    ru: 'судья не может прочитать это письмо: в тексте есть символы, которые не декодируются ни в одной кодировке (указанная почтовой программой кодировка не подходит к тексту); пришлите приказы ещё раз, лучше с программой, настроенной на UTF-8',
  },
};

/** The reason in a few words, for the subject line of the reply. */
const SHORT: Record<ReasonKind, Record<Lang, string>> = {
  'game-line': { en: 'bad {keyword} line', cs: 'chybný řádek {keyword}', ru: 'неверная строка {keyword}' },
  'unknown-game': { en: 'no game "{game}"', cs: 'hra „{game}“ neexistuje', ru: 'нет игры «{game}»' },
  'game-over': { en: 'the game is over', cs: 'hra skončila', ru: 'игра окончена' },
  'unknown-player': { en: 'wrong player or password', cs: 'špatný hráč nebo heslo', ru: 'неверный игрок или пароль' },
  'inactive-player': { en: 'player "{player}" no longer plays', cs: 'hráč „{player}“ už nehraje', ru: 'игрок «{player}» выбыл' },
  'no-password': { en: 'password missing', cs: 'chybí heslo', ru: 'нет пароля' },
  'wrong-password': { en: 'wrong player or password', cs: 'špatný hráč nebo heslo', ru: 'неверный игрок или пароль' },
  locked: { en: 'too many wrong passwords', cs: 'příliš mnoho špatných hesel', ru: 'слишком много неверных паролей' },
  'too-many-blocks': { en: 'too many blocks', cs: 'příliš mnoho bloků', ru: 'слишком много блоков' },
  unparsable: { en: 'mail unreadable', cs: 'dopis nelze přečíst', ru: 'письмо не читается' },
  'sender-auth': { en: 'sender not authenticated', cs: 'odesílatel neověřen', ru: 'отправитель не проверен' },
  'no-phase': { en: 'no phase open for orders', cs: 'kolo není otevřené', ru: 'нет открытой фазы' },
  'gm-deciding': { en: 'the GM is deciding', cs: 'GM rozhoduje', ru: 'ведущий решает' },
  'gm-none': { en: 'no GM commands by mail', cs: 'příkazy GM e-mailem nejsou', ru: 'команд ведущего по почте нет' },
  'gm-sender': { en: 'not from the GM\'s address', cs: 'není z adresy GM', ru: 'не с адреса ведущего' },
  'gm-password': { en: 'wrong GM password', cs: 'špatné heslo GM', ru: 'неверный пароль ведущего' },
  'no-block': { en: 'no order block', cs: 'žádný blok rozkazů', ru: 'нет блока приказов' },
  'too-large': { en: 'mail too large', cs: 'dopis je příliš velký', ru: 'письмо слишком большое' },
  unreadable: { en: 'mail unreadable', cs: 'dopis nelze přečíst', ru: 'письмо не читается' },
  undecodable: { en: 'text unreadable', cs: 'text nelze přečíst', ru: 'текст не читается' },
};

/** Problems with the mail as a whole (no block was looked at): the reply says "Mail not accepted", not "Orders". */
export const MAIL_LEVEL: ReadonlySet<ReasonKind> = new Set<ReasonKind>(['no-block', 'too-large', 'unreadable', 'undecodable', 'unparsable']);

export function shortReason(kind: ReasonKind, params: ReasonParams, lang: Lang): string {
  return fill(SHORT[kind][lang], params);
}

/** The LIST keyword in each language. */
export const LIST_WORD: Record<Lang, string> = { en: 'LIST', cs: 'SEZNAM', ru: 'СПИСОК' };
const PASSWORD_WORD: Record<Lang, string> = { en: 'password', cs: 'heslo', ru: 'пароль' };

/**
 * After "there is no game X": the games this address plays, each as the start
 * line to write (with the keyword the player used), or where to find the list.
 */
export function gamesHint(games: { game: string; player: string }[], keyword: string, lang: Lang): string {
  if (!games.length)
    return {
      en: `; a mail whose first line is ${LIST_WORD.en} gets the list of games`,
      cs: `; dopis, jehož první řádek je ${LIST_WORD.cs}, dostane seznam her`,
      ru: `; на письмо, первая строка которого ${LIST_WORD.ru}, придёт список игр`,
    }[lang];
  const lines = games.map((g) => `${keyword} ${g.game} ${g.player} <${PASSWORD_WORD[lang]}>`).join(', ');
  return { en: `; your games here: ${lines}`, cs: `; vaše hry tady: ${lines}`, ru: `; ваши игры здесь: ${lines}` }[lang];
}

/** A multipart that names no boundary at all. */
const NO_BOUNDARY: Record<Lang, string> = {
  en: 'the judge cannot read this mail: it is a {type} message that names no boundary, so its parts cannot be found; send your orders again as plain text',
  cs: 'sudí tento dopis nedokáže přečíst: je to zpráva {type} bez udané hranice částí, takže části nejde najít; pošlete rozkazy znovu jako prostý text',
  ru: 'судья не может прочитать это письмо: это сообщение {type} без указанной границы частей, поэтому части не найти; пришлите приказы ещё раз простым текстом',
};

export function reasonText(kind: ReasonKind, params: ReasonParams, lang: Lang): string {
  const text = kind === 'unreadable' && !params.boundary ? NO_BOUNDARY[lang] : TEXT[kind][lang];
  return fill(text, { hint: '', ...params });
}
