// The grammatical gender of a player, for the texts that agree with it
// («Анна бездействовала», «Jana byla vyřazena»). A seat's own `gender` (the
// setup) wins; without one it is inferred from the name here: one source for
// every kind (Godfather's state, the common mails' notices and
// acknowledgements). Pure: no state, no files, no clock.
import { foldWord } from '../words.js';

export type Gender = 'm' | 'f';

export const GENDERS: readonly Gender[] = ['m', 'f'];

/**
 * Given names whose ending does not tell their gender: masculine names in -a/-я
 * (Russian Никита, Czech Honza, English Joshua; short forms that are masculine
 * first, Саша, Женя, Валя, Слава), and feminine names in a consonant or -e
 * (Любовь, Dagmar, Marie, Alice). Folded (lower case, ё → е), diacritics kept.
 */
const MALE = new Set([
  // Russian
  'никита',
  'илья',
  'кузьма',
  'фома',
  'лука',
  'савва',
  'данила',
  'гаврила',
  'никола',
  'добрыня',
  'жора',
  'гоша',
  'толя',
  'вова',
  'ваня',
  'петя',
  'дима',
  'митя',
  'миша',
  'коля',
  'вася',
  'сережа',
  'леша',
  'леха',
  'алеша',
  'паша',
  'гриша',
  'боря',
  'костя',
  'витя',
  'юра',
  'федя',
  'степа',
  'яша',
  'тоша',
  'антоша',
  'андрюша',
  'аркаша',
  'кирюша',
  'илюша',
  'валера',
  'рома',
  'тима',
  'сева',
  'веня',
  'зиня',
  'олежка',
  'никитка',
  'дениска',
  'володя',
  'саша',
  'саня',
  'шура',
  'женя',
  'валя',
  'слава',
  // Czech
  'honza',
  'jirka',
  'standa',
  'franta',
  'pepa',
  'vojta',
  'kuba',
  'jarda',
  'zdenda',
  'venca',
  'tonda',
  'jenda',
  'míra',
  'jára',
  'láďa',
  'ota',
  'sláva',
  'mirek',
  'luka',
  'nikita',
  'sáva',
  'jindra',
  'péťa',
  'míša',
  'matěj',
  'rené',
  // English and others
  'jack',
  'ilya',
  'sasha',
  'joshua',
  'ezra',
  'luca',
  'mike',
  'dave',
  'steve',
  'joe',
  'george',
  'pete',
  'bruce',
  'wayne',
  'lee',
  'kyle',
  'jake',
  'jesse',
  'charlie',
  'eddie',
  'archie',
  'andre',
  'jose',
  'claude',
  'pierre',
  'philippe',
  'antoine',
]);

const FEMALE = new Set([
  // Russian
  'любовь',
  'нинель',
  'адель',
  'юдифь',
  'рахиль',
  'кейт',
  'эсфирь',
  'ассоль',
  'изабель',
  // Czech (names in -e, -ie and consonants)
  'marie',
  'lucie',
  'julie',
  'natálie',
  'natalie',
  'sofie',
  'emilie',
  'emílie',
  'amálie',
  'amalie',
  'rozálie',
  'valerie',
  'otilie',
  'terezie',
  'zoe',
  'zoé',
  'dagmar',
  'ester',
  'karin',
  'carmen',
  'rút',
  'noemi',
  'nikol',
  'denisa',
  'miriam',
  'ingrid',
  'beáta',
  // English and others
  'kate',
  'alice',
  'jane',
  'grace',
  'rose',
  'ruth',
  'sophie',
  'claire',
  'lily',
  'nicole',
  'michelle',
  'beatrice',
  'charlotte',
  'caroline',
  'elizabeth',
  'catherine',
  'margaret',
  'helen',
  'ellen',
  'esther',
  'agnes',
  'astrid',
  'vivian',
  'lilian',
  'ann',
  'anne',
  'julia',
  'emily',
  'mary',
  'sarah',
  'susan',
  'jennifer',
  'karen',
  'nancy',
  'betty',
  'dorothy',
  'lucy',
  'amy',
  'joy',
  'judy',
  'kim',
  'adele',
  'denise',
  'simone',
  'louise',
  'jacqueline',
  'madeleine',
  'isabelle',
  'chloe',
  'zoey',
  'stephanie',
  'melanie',
  'natalie',
]);

/**
 * The grammatical gender of a name: the first word decides (Jana Nováková,
 * «Татьяна Петрова»); the lists above first; then a Cyrillic name in -а/-я is
 * feminine, a Latin one in -a/-á (Jana, Šárka, Nováková) likewise; otherwise
 * masculine (Иван, Игрок05, Petr). A seat's `gender` in the setup overrides it.
 */
export function inferGender(name: string): Gender {
  // Every mail of a seat asks again: pure in the name, so remembered (a bounded table).
  const known = inferred.get(name);
  if (known !== undefined) return known;
  const g = inferFromName(name);
  if (inferred.size >= 10_000) inferred.clear();
  inferred.set(name, g);
  return g;
}

const inferred = new Map<string, Gender>();

function inferFromName(name: string): Gender {
  const first = foldWord(name.trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}]/gu, '');
  if (!first) return 'm';
  if (FEMALE.has(first)) return 'f';
  if (MALE.has(first)) return 'm';
  if (/\p{Script=Cyrillic}/u.test(first)) return /[ая]$/.test(first) ? 'f' : 'm';
  if (/^\p{Script=Latin}{2,}[aá]$/u.test(first)) return 'f';
  return 'm';
}

/** A gender as given (a setup, a CLI option), or null when it is none of m | f. */
export function parseGender(v: unknown): Gender | null {
  return v === 'm' || v === 'f' ? v : null;
}
