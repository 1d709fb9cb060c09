// Why a mail or a block was not accepted, in the writer's language. The
// stored reason (for the GM) is always English; the reply is in the language
// of the player, or of the block's keywords, or guessed from the text.
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
  | 'too-large';

export type ReasonParams = Record<string, string | number>;

const TEXT: Record<ReasonKind, Record<Lang, string>> = {
  'game-line': {
    en: 'the first line of a block is GAME <game> <player> <password> ({detail})',
    cs: 'první řádek bloku je HRA <hra> <hráč> <heslo> ({detail})',
    ru: 'первая строка блока: ИГРА <игра> <игрок> <пароль> ({detail})',
  },
  'unknown-game': { en: 'there is no game "{game}" on this judge', cs: 'hra „{game}“ u tohoto sudího není', ru: 'игры «{game}» у этого судьи нет' },
  'game-over': { en: 'game "{game}" is over', cs: 'hra „{game}“ skončila', ru: 'игра «{game}» окончена' },
  'unknown-player': { en: 'game "{game}" has no player "{player}"', cs: 'hra „{game}“ nemá hráče „{player}“', ru: 'в игре «{game}» нет игрока «{player}»' },
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
  'wrong-password': { en: 'wrong password for player "{player}"', cs: 'špatné heslo hráče „{player}“', ru: 'неверный пароль игрока «{player}»' },
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
    en: 'message too large ({size} bytes; the limit is {limit})',
    cs: 'dopis je příliš velký ({size} bajtů; limit je {limit})',
    ru: 'письмо слишком большое ({size} байт; предел {limit})',
  },
};

export function reasonText(kind: ReasonKind, params: ReasonParams, lang: Lang): string {
  return fill(TEXT[kind][lang], params);
}
