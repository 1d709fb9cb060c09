// The rpg game's own words: order keywords and options, errors, and the words
// of reports, per language. Numbers live in games/rpg/*.json.
import { fill } from '../../render/text.js';
import type { Lang } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import type { OrderType } from './types.js';

/** Order keywords, compared folded (upper case here, no diacritics): HOĎ = HOD. */
export const KEYWORDS: Record<string, OrderType> = Object.fromEntries(
  (
    [
      ['roll', ['ROLL', 'HOD', 'БРОСОК', 'БРОСИТЬ']],
      ['check', ['CHECK', 'TEST', 'ZKOUŠKA', 'ПРОВЕРКА', 'ПРОВЕРИТЬ']],
      ['median', ['MEDIAN', 'MEDIÁN', 'МЕДИАНА', 'СТАБИЛИЗАЦИЯ']],
      ['madness', ['MADNESS', 'ŠÍLENSTVÍ', 'БЕЗУМИЕ']],
      ['horror', ['HORROR', 'HRŮZA', 'УЖАС']],
      ['opposed', ['OPPOSED', 'PROTI', 'ПРОТИВ', 'ПРОТИВОСТОЯНИЕ']],
      ['attack', ['ATTACK', 'ÚDER', 'ZAÚTOČIT', 'АТАКА', 'АТАКОВАТЬ']],
      ['sheet', ['SHEET', 'DENÍK', 'ЛИСТ', 'ПЕРСОНАЖ']],
    ] as [OrderType, string[]][]
  ).flatMap(([t, ws]) => ws.map((w) => [fold(w), t])),
);

/** Orders that need character sheets in the setup. */
export const SHEET_ORDERS: ReadonlySet<OrderType> = new Set(['check', 'opposed', 'attack', 'sheet']);

/** The keyword echoed back to a player. */
export const KEYWORD: Record<Lang, Record<OrderType, string>> = {
  en: { roll: 'ROLL', check: 'CHECK', median: 'MEDIAN', madness: 'MADNESS', horror: 'HORROR', opposed: 'OPPOSED', attack: 'ATTACK', sheet: 'SHEET' },
  cs: { roll: 'HOD', check: 'TEST', median: 'MEDIÁN', madness: 'ŠÍLENSTVÍ', horror: 'HRŮZA', opposed: 'PROTI', attack: 'ÚDER', sheet: 'DENÍK' },
  ru: { roll: 'БРОСОК', check: 'ПРОВЕРКА', median: 'МЕДИАНА', madness: 'БЕЗУМИЕ', horror: 'УЖАС', opposed: 'ПРОТИВ', attack: 'АТАКА', sheet: 'ЛИСТ' },
};
export const ROLL_KEYWORD: Record<Lang, string> = { en: 'ROLL', cs: 'HOD', ru: 'БРОСОК' };

/** Option words with a value (key:value), folded. */
export type ValueOption = 'copy' | 'trial' | 'team' | 'luck' | 'vs' | 'def';
export const VALUE_OPTIONS: Record<string, ValueOption> = Object.fromEntries(
  (
    [
      ['copy', ['copy', 'to', 'kopie', 'pro', 'копия', 'копии', 'для']],
      ['trial', ['trial', 'výzva', 'испытание']],
      ['team', ['team', 'tým', 'команда']],
      ['luck', ['luck', 'štěstí', 'удача']],
      ['vs', ['vs', 'obtížnost', 'сложность']],
      ['def', ['def', 'obrana', 'защита']],
    ] as [ValueOption, string[]][]
  ).flatMap(([o, ws]) => ws.map((w) => [fold(w), o])),
);

/** Flag words, folded. */
export type Flag = 'public' | 'hidden' | 'secret' | 'wait' | 'adv' | 'dis' | 'outside' | 'series' | 'passive' | 'helpless' | 'untrained';
export const FLAGS: Record<string, Flag> = Object.fromEntries(
  (
    [
      ['public', ['public', 'all', 'všem', 'veřejně', 'всем', 'публично']],
      ['hidden', ['hidden', 'skrytě', 'skrytý', 'скрыто', 'скрытно']],
      ['secret', ['secret', 'tajně', 'тайно', 'секретно']],
      ['wait', ['wait', 'later', 'čekat', 'počkat', 'ждать', 'позже']],
      ['adv', ['adv', 'advantage', 'výhoda', 'преимущество']],
      ['dis', ['dis', 'disadvantage', 'nevýhoda', 'помеха']],
      ['outside', ['outside', 'not', 'mimo', 'вне', 'мимо']],
      ['series', ['series', 'série', 'серия']],
      ['passive', ['passive', 'pasivně', 'пассивно', 'пассивная']],
      ['helpless', ['helpless', 'bezbranný', 'bezbranná', 'беспомощен', 'беспомощна', 'беспомощный']],
      ['untrained', ['untrained', 'necvičený', 'необученный', 'необучен']],
    ] as [Flag, string[]][]
  ).flatMap(([f, ws]) => ws.map((w) => [fold(w), f])),
);

/** At most this many orders per mail: a typo must not flood the report. */
export const MAX_ROLLS = 50;

type Msg = Record<Lang, string>;
const M = <T extends Record<string, Msg>>(m: T) => m;

/** Order errors. {w} the word, {n} a number, {list} a list. */
export const ERR = M({
  unknownOrder: {
    en: 'unknown order "{w}": write ROLL <dice> [comment], e.g. ROLL 3d6+1 stealth; CHECK <skill> [difficulty], MEDIAN <half-width>, MADNESS, HORROR, OPPOSED <character>, ATTACK <character> [skill], SHEET{sheets}',
    cs: 'neznámý rozkaz "{w}": pište HOD <kostky> [komentář], např. HOD 3d6+1 plížení; TEST <dovednost> [obtížnost], MEDIÁN <poloměr>, ŠÍLENSTVÍ, HRŮZA, PROTI <postava>, ÚDER <postava> [dovednost], DENÍK{sheets}',
    ru: 'неизвестный приказ «{w}»: пишите БРОСОК <кубики> [комментарий], например: БРОСОК 3d6+1 скрытность; ПРОВЕРКА <навык> [сложность], МЕДИАНА <радиус>, БЕЗУМИЕ, УЖАС, ПРОТИВ <персонаж>, АТАКА <персонаж> [навык], ЛИСТ{sheets}',
  },
  needSheets: {
    en: ' (CHECK, OPPOSED, ATTACK and SHEET need character sheets in the setup)',
    cs: ' (TEST, PROTI, ÚDER a DENÍK potřebují deníky postav v nastavení hry)',
    ru: ' (ПРОВЕРКА, ПРОТИВ, АТАКА и ЛИСТ требуют листов персонажей в настройке игры)',
  },
  tooMany: { en: 'too many rolls: at most {n} per round', cs: 'příliš mnoho hodů: nejvýše {n} za kolo', ru: 'слишком много бросков: не больше {n} за раунд' },
  noSheet: { en: 'you have no character sheet in this game; ask the GM', cs: 'v této hře nemáte deník postavy; požádejte GM', ru: 'у вас нет листа персонажа в этой игре; обратитесь к ведущему' },
  noSkill: { en: 'no skill "{w}" on the sheet of {who} (skills: {list})', cs: 'dovednost „{w}“ není v deníku postavy {who} (dovednosti: {list})', ru: 'навыка «{w}» нет в листе {who} (навыки: {list})' },
  noSkillGiven: { en: 'which skill? (skills: {list})', cs: 'jaká dovednost? (dovednosti: {list})', ru: 'какой навык? (навыки: {list})' },
  noCharacter: { en: 'no character "{w}" (characters: {list})', cs: 'postava „{w}“ neexistuje (postavy: {list})', ru: 'нет персонажа «{w}» (персонажи: {list})' },
  noTarget: { en: 'against whom? name a character (characters: {list})', cs: 'proti komu? uveďte postavu (postavy: {list})', ru: 'против кого? назовите персонажа (персонажи: {list})' },
  self: { en: 'a character cannot act against itself', cs: 'postava nemůže jednat sama proti sobě', ru: 'персонаж не может действовать против самого себя' },
  noTrial: { en: 'no open trial "{w}" (open: {list})', cs: 'žádná otevřená zkouška „{w}“ (otevřené: {list})', ru: 'нет открытого испытания «{w}» (открыты: {list})' },
  trialGauss: { en: 'trials and team checks are success-dice checks (004); this game checks with GaussD20', cs: 'zkoušky a týmové testy jsou testy kostek úspěchů (004); tato hra hází GaussD20', ru: 'испытания и командные проверки — проверки кубиками успехов (004); в этой игре проверки бросаются GaussD20' },
  gaussOnly: { en: '{w} is GaussD20 combat (001): the attack skill must be a GaussD20 skill, not success dice', cs: '{w} je boj GaussD20 (001): útočná dovednost musí být GaussD20, ne kostky úspěchů', ru: '{w} — бой GaussD20 (001): навык атаки должен быть навыком GaussD20, а не кубиками успехов' },
  badDifficulty: { en: '"{w}": not a difficulty ({list})', cs: '„{w}“: to není obtížnost ({list})', ru: '«{w}»: это не сложность ({list})' },
  noModifier: { en: '"{w}": success dice take no modifier; use adv or dis (004)', cs: '„{w}“: kostky úspěchů nemají modifikátor; použijte výhodu nebo nevýhodu (004)', ru: '«{w}»: у кубиков успехов нет модификатора; используйте преимущество или помеху (004)' },
  badWindow: { en: '"{w}": a median roll needs a half-width {n} or a window like 9-12', cs: '„{w}“: medián potřebuje poloměr {n} nebo okno jako 9-12', ru: '«{w}»: бросок медианы требует радиус {n} или диапазон вида 9-12' },
  badOption: { en: '"{w}": {why}', cs: '„{w}“: {why}', ru: '«{w}»: {why}' },
  unknownPlayer: { en: 'no player "{w}" (players: {list})', cs: 'hráč „{w}“ neexistuje (hráči: {list})', ru: 'нет игрока «{w}» (игроки: {list})' },
  luckRange: { en: 'luck must be 1 to 9', cs: 'štěstí musí být 1 až 9', ru: 'удача должна быть от 1 до 9' },
  notNumber: { en: 'a whole number is needed', cs: 'je třeba celé číslo', ru: 'нужно целое число' },
  duplicate: { en: 'given twice', cs: 'zadáno dvakrát', ru: 'указано дважды' },
  notHere: { en: 'does not apply to {w}', cs: 'neplatí pro {w}', ru: 'не применяется к {w}' },
});

export function msg(m: Msg, lang: Lang, vars: Record<string, string | number> = {}): string {
  return fill(m[lang], vars);
}

/** Words of reports and echoes. */
export const W = M({
  untrained: { en: 'untrained', cs: 'necvičený', ru: 'необученный' },
  skill: { en: 'skill', cs: 'dovednost', ru: 'навык' },
  difficulty: { en: 'difficulty', cs: 'obtížnost', ru: 'сложность' },
  pool: { en: 'dice', cs: 'kostek', ru: 'кубиков' },
  window: { en: 'window', cs: 'okno', ru: 'диапазон' },
  outside: { en: 'miss the centre', cs: 'minout střed', ru: 'не попасть в центр' },
  inside: { en: 'hit', cs: 'zásah', ru: 'попадание' },
  missLow: { en: 'miss, below', cs: 'mimo, pod', ru: 'промах вниз' },
  missHigh: { en: 'miss, above', cs: 'mimo, nad', ru: 'промах вверх' },
  outLow: { en: 'outside the centre, below: success', cs: 'mimo střed, pod: úspěch', ru: 'мимо центра, вниз: успех' },
  outHigh: { en: 'outside the centre, above: success', cs: 'mimo střed, nad: úspěch', ru: 'мимо центра, вверх: успех' },
  outInside: { en: 'in the centre: failure', cs: 've středu: neúspěch', ru: 'в центре: провал' },
  empty: { en: 'empty', cs: 'prázdné', ru: 'пустой' },
  madnessHit: { en: 'the mind withstands the chaos', cs: 'mysl odolá chaosu', ru: 'разум выдержал воздействие хаоса' },
  madnessHigh: { en: 'madness, above: the mind is seized by infernal visions (repeat in 30 s at {n})', cs: 'šílenství nahoru: mysl ovládly pekelné vize (opakovat za 30 s s {n})', ru: 'провал безумия вверх: разум захвачен инфернальными видениями (повтор через 30 секунд с {n})' },
  madnessLow: { en: 'madness, below: the mind copes, at a heavy price (headache, disorientation, perhaps fainting)', cs: 'šílenství dolů: mysl to zvládne, ale draze (bolest hlavy, dezorientace, možná mdloba)', ru: 'провал безумия вниз: разум справился, но дорогой ценой (головная боль, дезориентация, возможно потеря сознания)' },
  horrorHit: { en: 'keeps composure', cs: 'zachová klid', ru: 'самообладание сохранено' },
  horrorHigh: { en: 'horror, above: hysterical panic, flees the source (repeat in 30 s at {n})', cs: 'hrůza nahoru: hysterická panika, útěk (opakovat za 30 s s {n})', ru: 'провал ужаса вверх: истерическая паника, бегство от источника ужаса (повтор через 30 секунд с {n})' },
  horrorLow: { en: 'horror, below: faints', cs: 'hrůza dolů: omdlí', ru: 'провал ужаса вниз: обморок' },
  seriesEnd: { en: 'the series ends', cs: 'série končí', ru: 'серия окончена' },
  held: { en: 'held', cs: 'ubráněno', ru: 'защита устояла' },
  hit: { en: 'hit', cs: 'zásah', ru: 'пробитие' },
  attack: { en: 'attack', cs: 'útok', ru: 'атака' },
  defence: { en: 'defence', cs: 'obrana', ru: 'защита' },
  opposed: { en: 'opposed', cs: 'proti sobě', ru: 'противопоставленная' },
  defenderFirst: { en: 'defender', cs: 'obránce', ru: 'защита' },
  attacker: { en: 'attacker', cs: 'útočník', ru: 'атака' },
  damage: { en: 'damage', cs: 'zranění', ru: 'урон' },
  noDamage: { en: 'damage for the GM to read', cs: 'zranění určí GM', ru: 'урон определит ведущий' },
  helpless: { en: 'the target is helpless: automatic success', cs: 'cíl je bezbranný: automatický úspěch', ru: 'цель беспомощна: автоматический успех' },
  autoHit: { en: 'no defence roll: the attack succeeds', cs: 'bez hodu na obranu: útok uspěl', ru: 'кубик защиты не кидается: атака успешна' },
  defenceFailed: { en: 'the defence failed: the attack passes', cs: 'obrana selhala: útok prochází', ru: 'защита провалена: атака проходит' },
  defenceBest: { en: 'the best defence: the attack does not pass', cs: 'nejlepší obrana: útok neprojde', ru: 'лучшая защита: атака не проходит' },
  attackFailed: { en: 'the attack failed', cs: 'útok selhal', ru: 'атака провалена' },
  trial: { en: 'trial', cs: 'zkouška', ru: 'испытание' },
  progress: { en: 'progress', cs: 'postup', ru: 'прогресс' },
  risk: { en: 'risk', cs: 'riziko', ru: 'риск' },
  lateTrial: { en: 'the trial was already over: not counted', cs: 'zkouška už skončila: nepočítá se', ru: 'испытание уже окончено: не засчитано' },
  team: { en: 'team check', cs: 'týmový test', ru: 'командная проверка' },
  teamOfOne: { en: 'only one participant: an ordinary check', cs: 'jen jeden účastník: obyčejný test', ru: 'только один участник: обычная проверка' },
  teamDifferent: { en: 'the participants named different difficulties: the highest counts', cs: 'účastníci uvedli různé obtížnosti: platí nejvyšší', ru: 'участники назвали разные сложности: засчитана наибольшая' },
  hiddenEcho: { en: 'only the GM sees the numbers', cs: 'čísla vidí jen GM', ru: 'числа видит только ведущий' },
  hiddenRoll: { en: 'rolled; the GM has the result', cs: 'hozeno; výsledek má GM', ru: 'брошено; результат у ведущего' },
  waits: { en: 'rolled at the end of the round', cs: 'hodí se na konci kola', ru: 'бросок в конце раунда' },
  now: { en: 'answered at once', cs: 'odpověď ihned', ru: 'ответ сразу' },
  copies: { en: 'copies to', cs: 'kopie pro', ru: 'копии' },
  everyone: { en: 'everybody', cs: 'všichni', ru: 'все' },
  trialSuccess: { en: 'passed', cs: 'zvládnuta', ru: 'пройдено' },
  trialFailure: { en: 'failed', cs: 'nezvládnuta', ru: 'провалено' },
  trialDone: { en: 'over', cs: 'skončila', ru: 'окончено' },
  trialClosed: { en: 'closed by the GM', cs: 'uzavřena GM', ru: 'закрыто ведущим' },
  trialOpen: { en: 'open', cs: 'otevřená', ru: 'открыто' },
  none: { en: 'none', cs: 'žádné', ru: 'нет' },
});

export const STAGE_OF = (lang: Lang) => ({ msg: (m: Msg, vars?: Record<string, string | number>) => msg(m, lang, vars) });
