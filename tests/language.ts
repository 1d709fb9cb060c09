// The language check of issue #32: a mail to a Czech or Russian reader holds no
// English word outside what is typed as it is in every language, no date or
// date label of another language, and (Russian) no name inserted raw after a
// preposition that needs a case. Used by the */language.test.ts files over every
// mail of each kind's scripted games (tests/language-life.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '../src/engine/types.js';
import { unpackPage } from '../src/render/page-css.js';
import type { OutboxRow } from '../src/store/outbox.js';

export interface Finding {
  kind: 'english' | 'date' | 'case';
  word: string;
  /** The line it stands in. */
  line: string;
}

/** The text a reader sees: subject, text part and the HTML part's text. */
export function readable(m: Pick<OutboxRow, 'subject' | 'body' | 'html' | 'id' | 'dedupe_key'>): string {
  const html = m.html
    ? unpackPage(m.html, m as OutboxRow)
        .replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ')
        // What the reader types (backticks in the text part).
        .replace(/<code[^>]*>([^<]*)<\/code>/g, '`$1`')
        .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d|pre|table)>/gi, '\n')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&quot;|&#34;|&#x22;/g, '"')
        .replace(/&#x60;|&#96;/g, '`')
        .replace(/&#39;|&#x27;|&apos;/g, "'")
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&[a-z]+;|&#\d+;|&#x[0-9a-f]+;/gi, ' ')
    : '';
  return `${m.subject}\n${m.body}\n${html}`;
}

// ------------------------------------------------------------------ English words

/** Common English words (beside the judge's own English texts). */
const COMMON = `the a an and or but not no yes of to in on at by for from with without about into over under
after before since until up down out off again once here there when where why how all any both each few more
most other some such only own same so than too very can will just should now is are was were be been being have
has had do does did doing i you he she it we they me him her us them my your his its our their this that these
those what which who whom whose am if then else because while as per via new old good bad first last next
previous open close closed game games player players turn turns phase phases order orders report reports result
results deadline date time day days hour hours minute minutes week month year today tomorrow yesterday
please send sent reply answer mail email address password help list reset end start final status extend pause
paused resume resumed process processed processing resend orders replace replaced eject ejected unlock unlocked
rerun approve approved deny denied confirm confirmed join joined withdraw absence takeover seat seats free
waiting wait waits request requests preview worksheet decide decision decisions narrative bulletin roll hold
release released gm master judge error errors refused accepted unknown missing wrong line lines usage command
commands phase label round rounds dice check checks note notes name names id number numbers default none
nothing everything something someone nobody everyone total sum left right yes true false ok done failed fail
failure success queued quarantined locked late early reminder reminders notice notices mailed forecast
text html format on off player's position positions map city cities unit units army armies economy war
battle battles spy spies event events summary secret public private message messages new via link page web
sign signup seats running over lost won win winner score scores points vote votes action actions day night
country countries figure figures influence stage strategic difficulty estimate see`;

function wordsOfDir(dir: string, test: (path: string) => boolean, into: Set<string>): void {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) wordsOfDir(p, test, into);
    else if (test(p))
      for (const w of stripMarkup(readFileSync(p, 'utf8')).match(/[A-Za-z]{2,}/g) ?? []) into.add(w.toLowerCase());
  }
}

/** Fluent and Handlebars syntax out: ids, variables, selectors, helpers. */
function stripMarkup(text: string): string {
  return text
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/^#.*$/gm, ' ')
    .replace(/^-?[\w-]+\s*=/gm, ' ')
    .replace(/^\s*\.[\w-]+\s*=/gm, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/\[[^\]\n]*\]/g, ' ');
}

let english: Set<string> | undefined;
/** The English word list: the judge's own English texts and the common words. */
export function englishWords(): Set<string> {
  if (english) return english;
  const set = new Set(COMMON.split(/\s+/).filter(Boolean));
  wordsOfDir('templates', (p) => /\/en\/[^/]+\.(ftl|hbs)$/.test(p), set);
  for (const w of [...SAME_IN_CZECH, ...NOT_ENGLISH]) set.delete(w);
  english = set;
  return set;
}

/** Czech words (and Latin-script terms Czech uses) that English spells the same. */
const SAME_IN_CZECH = new Set(
  `a i o u v z k s to do on no pro ten ta je se si mi ti my na po od za ze ke ve se tak jak kde byl text mail
  plus modulo minus hotel ok it so st her txt list by`
    .split(/\s+/)
    .filter(Boolean),
);

/** Czech words and word parts the English texts quote (HRA … KONEC, ROZKAZY …), and HTML's: not English. */
const NOT_ENGLISH = new Set(
  `adresa heslo hotovo hra jsou konec nep ne obnovit odstoupit potvrdit pov edpov evz ihl tomnost rozkazy seznam
  spojenci uz znovu br ci da df ds li td th tr ul tbody colspan div span utf num anna boris alice`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The keywords the judge's parsers take in English, as a player or the GM types
 * them (envelope.ts, commands.ts, gm-mail.ts, gm-seats.ts, gm-inputs.ts): in
 * capitals they are what the reader types, in every language.
 */
const KEYWORDS = new Set(
  `game end gm final resend orders password address confirm format forecast absence withdraw help reset list join
  takeover status process extend pause resume replace eject unlock rerun approve deny start decide narrative
  bulletin roll hold release worksheet preview news text html on off`
    .split(/\s+/)
    .filter(Boolean),
);

/** Latin strings of a JSON value (the kinds' order words), except its comments and its display names and texts. */
function latinStrings(v: unknown, into: Set<string>, key = ''): void {
  if (typeof v === 'string') {
    if (!/^(_comment|text|name|title|desc.*)$/.test(key))
      for (const w of v.match(/[A-Za-z]{2,}/g) ?? []) into.add(w.toLowerCase());
  } else if (Array.isArray(v)) for (const x of v) latinStrings(x, into, key);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) if (k !== 'ru' && k !== 'cs') latinStrings(x, into, k === 'en' ? key : k);
}

/**
 * A kind's order vocabulary in English: what an English player types (the order
 * help of every language lists it beside the reader's own words), from the
 * kind's word files (games/<kind>/*.json) and, for the Godfather, its keywords.
 */
export function kindVocabulary(kind: string): string[] {
  const set = new Set<string>();
  for (const f of readdirSync(join('games', kind)).filter((f) => f.endsWith('.json')))
    latinStrings(JSON.parse(readFileSync(join('games', kind, f), 'utf8')), set);
  // The order help's examples of what a player types (in backticks in the kind's orders.md, any language).
  for (const l of readdirSync(join('templates', kind))) {
    const md = join('templates', kind, l, 'orders.md');
    try {
      for (const m of readFileSync(md, 'utf8').matchAll(/`([^`\n]*)`/g))
        for (const w of m[1]!.match(/[A-Za-z]{2,}/g) ?? []) set.add(w.toLowerCase());
    } catch {
      // no orders.md in this language
    }
  }
  if (kind === 'godfather') {
    const src = readFileSync('src/games/godfather/order-words.ts', 'utf8');
    const block = src.slice(src.indexOf('const KEYWORDS'), src.indexOf('];', src.indexOf('const KEYWORDS')));
    for (const m of block.matchAll(/'([a-z]+)'/g)) set.add(m[1]!);
  }
  return [...set];
}

// ------------------------------------------------------------------ dates

const EN_DATES =
  /(?<![\p{L}])(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|May|June|July|August|September|October|November|December|AM|PM)(?![\p{L}])/u;
const RU_DATES =
  /(?<![\p{L}])(пн|вт|ср|чт|пт|сб|вс|янв|февр?|мар|апр|мая|июн|июл|авг|сент?|окт|нояб?|дек|января|февраля|марта|апреля|июня|июля|августа|сентября|октября|ноября|декабря|понедельник|вторник|среда|четверг|пятница|суббота|воскресенье)\.?(?![\p{L}])/u;
const CS_DATES =
  /(?<![\p{L}])(út|čt|pá|ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince|pondělí|úterý|středa|čtvrtek|pátek|sobota|neděle)(?![\p{L}])/u;
/** Czech short weekdays that are also words: only before a date (po 30. 11.). */
const CS_SHORT_DAYS = /(?<![\p{L}])(po|st|so|ne)\s+\d{1,2}\.\s*\d{1,2}\./u;

function dateFindings(line: string, lang: Lang): Finding[] {
  const out: Finding[] = [];
  const add = (m: RegExpExecArray | null) => m && out.push({ kind: 'date', word: m[0], line });
  if (lang !== 'en') add(EN_DATES.exec(line));
  if (lang !== 'ru') add(RU_DATES.exec(line));
  if (lang !== 'cs') {
    add(CS_DATES.exec(line));
    add(CS_SHORT_DAYS.exec(line));
  }
  return out;
}

// ------------------------------------------------------------------ Russian cases

const PREPOSITIONS = [
  'от',
  'для',
  'у',
  'без',
  'из',
  'до',
  'о',
  'об',
  'в',
  'во',
  'на',
  'с',
  'со',
  'к',
  'ко',
  'по',
  'про',
];

function caseFindings(line: string, names: readonly string[]): Finding[] {
  const out: Finding[] = [];
  for (const name of names) {
    if (!/[а-яё]/i.test(name)) continue;
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`(?<![\\p{L}])(${PREPOSITIONS.join('|')})\\s+[«"„]?${esc}(?![\\p{L}])`, 'iu');
    const m = re.exec(line);
    if (m) out.push({ kind: 'case', word: m[0], line });
  }
  return out;
}

// ------------------------------------------------------------------ the check

export interface CheckOptions {
  /** Words typed as they are in every language: ids of the game, its players, seats, units, figures … */
  allowed?: Iterable<string>;
  /** Names a message may insert raw (players, countries, figures): never right after a Russian preposition. */
  names?: readonly string[];
  /**
   * The kind's English order words: allowed in capitals (a keyword as typed) and
   * in the order help's tables and lists of alternatives (a line with | or " / ").
   */
  vocabulary?: Iterable<string>;
  /** What the players and the GM typed (echoed, forwarded as they wrote it): not the judge's words. */
  typed?: readonly string[];
}

/** Typed as they are in every language: dice notation and the like. */
const NOTATION =
  /^(\d*[dDkк]\d+([+-]\d+)?|\d*d[FS]|gauss20|GaussD20|FUDGE|round|sha256|UTC|GMT|HTML|PDF|SVG|PNG|DKIM|DMARC|SMTP|IMAP|id|gm|GM)$/;

/** What is data, not words: addresses, links, hashes, what a player types (quoted, in backticks). */
function stripData(text: string): string {
  return (
    text
      .replace(/`[^`\n]*`/g, ' ')
      .replace(/\bhttps?:\/\/\S+/g, ' ')
      .replace(/[\w.+-]+@[\w.-]+/g, ' ')
      .replace(/\b[0-9a-f]{12,}\b/gi, ' ')
      .replace(/#dice(-key|-master)? \{.*$/gm, ' ')
      .replace(/#dice(-key|-master)?/g, ' ')
      // A command of the judge's command line, as the GM types it.
      .replace(/\bjudge [a-z]+( [\w<>.-]+)*( --[\w-]+( <[^>]*>)?)*/g, ' ')
      // A field the GM or a program types, quoted: "rolls", "phase:L".
      .replace(/"[\w:./#-]+"|„[\w:./#-]+“|«[\w:./#-]+»/g, ' ')
      .replace(/"[^"\n]*"|„[^“\n]*“|«[^»\n]*»|'[^'\n]*'/g, (q) =>
        /^[\s"„«']*[A-Z0-9 <>|[\]_.-]+[\s"“»']*$/.test(q) ? ' ' : q,
      )
  );
}

/** The findings in one text for a reader of `lang`. */
export function checkText(text: string, lang: Lang, opts: CheckOptions = {}): Finding[] {
  const allowed = new Set([...(opts.allowed ?? [])].map((w) => w.toLowerCase()));
  const en = englishWords();
  const vocabulary = new Set([...(opts.vocabulary ?? [])].map((w) => w.toLowerCase()));
  const out: Finding[] = [];
  // A typed line, and what follows its keyword (a message's text: PUBLIC: …).
  const typed = [...(opts.typed ?? [])]
    .flatMap((t) => [t.trim(), t.replace(/^[^:]*:/, '').trim()])
    .filter((t) => t.length >= 3)
    .sort((a, b) => b.length - a.length);
  for (const raw of text.split('\n')) {
    let line = stripData(raw);
    for (const t of typed) if (line.includes(t)) line = line.split(t).join(' ');
    if (lang !== 'en') {
      for (const w of line.match(/(?<![\p{L}\d_-])[A-Za-z][A-Za-z'’]*(?![\p{L}\d_-])/gu) ?? []) {
        const lw = w.toLowerCase().replace(/['’]s$/, '');
        if (lw.length < 2 || allowed.has(lw) || NOTATION.test(w)) continue;
        if (w === w.toUpperCase() && (KEYWORDS.has(lw) || vocabulary.has(lw))) continue;
        if (vocabulary.has(lw) && /\||\s\/\s/.test(raw)) continue;
        if (lang === 'cs' && SAME_IN_CZECH.has(lw)) continue;
        if (en.has(lw)) out.push({ kind: 'english', word: w, line: raw.trim() });
      }
    }
    out.push(...dateFindings(line, lang).map((f) => ({ ...f, line: raw.trim() })));
    if (lang === 'ru' && opts.names)
      out.push(...caseFindings(line, opts.names).map((f) => ({ ...f, line: raw.trim() })));
  }
  return out;
}

/** A mail's findings, each as one line "<dedupe key> <kind> <word>: <line>". */
export function checkMail(
  m: Pick<OutboxRow, 'subject' | 'body' | 'html' | 'id' | 'dedupe_key'>,
  lang: Lang,
  opts: CheckOptions = {},
): string[] {
  const seen = new Set<string>();
  for (const f of checkText(readable(m), lang, opts))
    seen.add(`${m.dedupe_key} [${lang}] ${f.kind} ${f.word}: ${f.line}`);
  return [...seen];
}
