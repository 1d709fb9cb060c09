// Every reason and result a FanDi player can read, in Czech and English.
// Codes are stable (cases and tests name them); texts take {param} values.
import { fill } from '../../render/text.js';
import type { Lang } from '../../engine/types.js';
import { unitName } from './units.js';

type Texts = { cs: string; en: string };

export const MESSAGES: Record<string, Texts> = {
  // parse errors
  'unknown-order': { cs: 'nerozumím tomuto příkazu', en: 'cannot understand this order' },
  'bad-square': { cs: 'pole {at} není na mapě', en: 'square {at} is not on the map' },
  'unknown-unit': { cs: 'neznámý druh jednotky „{word}“', en: 'unknown unit type "{word}"' },
  'unknown-player': { cs: 'neznámý hráč „{word}“', en: 'unknown player "{word}"' },
  'extra-words': { cs: 'nadbytečná slova: {words}', en: 'unexpected words: {words}' },
  'missing-amount': { cs: 'chybí částka (číslo nebo „zbytek“)', en: 'the amount is missing (a number or "rest")' },
  'bad-amount': { cs: 'částka musí být kladné celé číslo', en: 'the amount must be a positive whole number' },
  'missing-city': { cs: 'chybí město (pole, např. B4)', en: 'the city is missing (a square, e.g. B4)' },
  'missing-path': { cs: 'chybí cesta (alespoň dvě pole, např. B4 B6)', en: 'the path is missing (at least two squares, e.g. B4 B6)' },
  'missing-player': { cs: 'chybí hráč, kterému se předává', en: 'the player to hand over to is missing' },
  'missing-unit': { cs: 'chybí druh jednotky', en: 'the unit type is missing' },
  'not-a-city': { cs: 'na poli {at} není město', en: 'there is no city on {at}' },
  'not-your-city': { cs: 'město {at} vám nepatří', en: 'city {at} is not yours' },
  'neutral-target': { cs: 'město {at} je neutrální', en: 'city {at} is neutral' },
  'same-city': { cs: 'cíl je totéž město', en: 'the target is the same city' },
  'no-units': { cs: 'na poli {at} nemáte takové jednotky', en: 'you have no such units on {at}' },
  'not-enough-units': { cs: 'na poli {at} máte k dispozici jen {have}', en: 'only {have} such units are available on {at}' },
  'unit-unknown': { cs: 'jednotka #{id} neexistuje nebo není vaše', en: 'unit #{id} does not exist or is not yours' },
  'unit-elsewhere': { cs: 'jednotka #{id} stojí na {at}, ne na {from}', en: 'unit #{id} is on {at}, not on {from}' },
  'unit-twice': { cs: 'jednotka #{id} už má příkaz k přesunu', en: 'unit #{id} already has a move order' },
  'path-step': { cs: '{from}→{to} není krok na sousední pole', en: '{from}→{to} is not a step to a neighbouring square' },
  'path-rock': { cs: 'pole {at} je neprůchodné (#)', en: 'square {at} is impassable (#)' },
  'path-stop': { cs: 'na cizím městě {at} se musí zastavit', en: 'the move must stop on the foreign city {at}' },
  'path-blocked': { cs: 'z {from} na {to} nevede žádná povolená cesta', en: 'there is no legal path from {from} to {to}' },
  'too-far': { cs: 'délka cesty {steps}, jednotky ujdou nejvýš {move}', en: 'the path has {steps} steps, the units move only {move}' },
  'science-needed': { cs: '{unit} vyžaduje vědu {need} (máte {have})', en: '{unit} needs science {need} (you have {have})' },
  'science-max': { cs: 'věda už je na stupni 2', en: 'science is already at level 2' },
  'tech-max': { cs: 'obchod už je rozvinutý', en: 'trade is already developed' },
  'walls-max': { cs: 'hradby už jsou na stupni 2', en: 'the walls are already at level 2' },
  'extra-too-much': { cs: 'navíc lze vzít nejvýš {max} xc', en: 'at most {max} xc can be taken as extra yield' },
  'duplicate': { cs: 'tento příkaz už pro {at} byl zadán', en: 'this order was already given for {at}' },
  'spy-none': { cs: 've městě {at} není připravený špión', en: 'no spy is ready in {at}' },
  'spy-not-neighbour': { cs: '{target} není sousední město {at} (sousední: {list})', en: '{target} is not a neighbouring city of {at} (neighbours: {list})' },
  'spy-own': { cs: '{target} je vaše vlastní město', en: '{target} is your own city' },
  'coat-self': { cs: 'nelze předat sám sobě', en: 'you cannot hand over to yourself' },
  'coat-out': { cs: 'hráč {player} už ve hře není', en: 'player {player} is out of the game' },
  'city-coat-busy': { cs: 'město {at} tento tah mění kabát: žádný jiný příkaz pro něj', en: 'city {at} changes coat this turn: no other order for it' },
  'out': { cs: 'už nejste ve hře', en: 'you are out of the game' },
  'game-over': { cs: 'hra skončila', en: 'the game is over' },
  // adjudication results
  'moved': { cs: 'přesunuto na {to}', en: 'moved to {to}' },
  'built': { cs: 'postaveno {count}× {unit} za {amount} xc', en: 'built {count}× {unit} for {amount} xc' },
  'built-part': { cs: 'na {want}× nestačily peníze: postaveno {count}× za {amount} xc', en: 'not enough money for {want}: built {count} for {amount} xc' },
  'invested': { cs: 'investováno {amount} xc', en: 'invested {amount} xc' },
  'invested-part': { cs: 'nestačily peníze: investováno jen {amount} xc z {want}', en: 'not enough money: invested only {amount} of {want} xc' },
  'no-money': { cs: 'nezbyly žádné peníze', en: 'no money was left' },
  'cash-kept': { cs: 'zbytek zůstává v hotovosti', en: 'the rest stays as cash' },
  'extra-taken': { cs: 'vzato navíc {amount} xc, hodnota klesla na {value}', en: 'took {amount} xc extra, value down to {value}' },
  'spy-built': { cs: 'vytvořeno špiónů: {count} za {amount} xc', en: 'spies made: {count} for {amount} xc' },
  'spy-sent': { cs: 'špión vyslán do {target}', en: 'spy sent to {target}' },
  'messenger-sent': { cs: 'posel vyslán do {target} s {amount} xc (cena {cost} xc)', en: 'messenger sent to {target} with {amount} xc (cost {cost} xc)' },
  'messenger-part': { cs: 'posel vyslán do {target} jen s {amount} xc z {want} (cena {cost} xc)', en: 'messenger sent to {target} with only {amount} of {want} xc (cost {cost} xc)' },
  'given': { cs: 'předáno hráči {to}', en: 'handed over to {to}' },
  'attack-set': { cs: 'domácí {units} tento tah útočí', en: 'home {units} attack this turn' },
  'owner-changed': { cs: 'město {at} tento tah změnilo majitele: příkaz neplatí', en: 'city {at} changed hands this turn: the order is void' },
  'city-not-yours-now': { cs: 'město {at} už vám nepatří', en: 'city {at} is no longer yours' },
  'units-gone': { cs: 'jednotky už neexistují', en: 'the units no longer exist' },
  'units-part': { cs: 'předáno jen {count} z {want}', en: 'only {count} of {want} handed over' },
};

export function message(lang: Lang, code: string, params: Record<string, string | number> = {}): string {
  const t = MESSAGES[code];
  const text = t ? (lang === 'cs' ? t.cs : t.en) : code;
  // Unit type ids are named in the reader's language.
  return fill(text, params, (k, v) => (k === 'unit' ? unitName(v, lang, 1) : k === 'units' ? v.split(',').map((t) => unitName(t, lang, 2)).join(', ') : v));
}
