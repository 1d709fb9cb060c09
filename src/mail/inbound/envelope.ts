// Finding order blocks in a mail's text. A block starts with a line
//   GAME <game> <player> <password>     (HRA … in Czech, ИГРА … in Russian)
// (prose that begins with the keyword is none: block-lines.ts) and ends with
// a line END (KONEC, КОНЕЦ). Several blocks (games) per mail are
// allowed. Quoted lines (">") never count, and everything after a reply header
// ("On … wrote:", "Dne … napsal(a):", "… пишет:", "-----Original Message-----",
// also when a client broke it over lines: reply-header.ts) or a signature
// delimiter ("-- ") is the quoted past, never orders.
import type { Lang } from '../../engine/types.js';
import {
  bySkeleton,
  ANY_GAME,
  closedBelow,
  isEndLine,
  isStartLine,
  type KnownIds,
  type StartWords,
  startWords,
} from './block-lines.js';
import { isReplyHeader, MAX_HEADER_LINE, WROTE, wrappedAttribution } from './reply-header.js';

export type JudgeCommandName =
  | 'final'
  | 'resend'
  | 'orders'
  | 'password'
  | 'address'
  | 'confirm'
  | 'format'
  | 'help'
  | 'reset'
  | 'forecast'
  | 'absence'
  | 'withdraw';

/** A line of a block addressed to the judge itself, not to the game. */
export interface JudgeCommand {
  line: number;
  name: JudgeCommandName;
  arg: string | null;
  text: string;
}

export interface OrderBlock {
  /** 'player': GAME <game> <player> <password>; 'gm': GM <game> <password> (all lines are GM commands). */
  kind: 'player' | 'gm';
  game: string;
  player: string;
  password: string | null;
  /** The language the keyword was written in (used for error replies). */
  lang: Lang;
  /** The start keyword as the player wrote it (HRA, ИГРА, GAME, GM…): replies about the block echo it. */
  keyword: string;
  /** Order lines in order, quoted lines blanked so line numbers still match. */
  lines: string[];
  /** 1-based line in the mail text where the block starts. */
  startLine: number;
  /** How the block ended. */
  end: 'end-line' | 'quote' | 'signature' | 'end-of-mail' | 'next-block';
  /** A problem with the GAME line itself (missing player, …). */
  headerError: string | null;
  /** Judge commands found in a player block (their lines are blanked in `lines`). */
  commands: JudgeCommand[];
  /** The block holds FINAL (HOTOVO, ГОТОВО): these orders are the player's last word. */
  final: boolean;
}

/** Judge commands in player blocks: a keyword alone, or with exactly one argument. */
const COMMANDS: Record<string, { name: JudgeCommandName; arg: boolean | 'two' }> = {
  final: { name: 'final', arg: false },
  hotovo: { name: 'final', arg: false },
  готово: { name: 'final', arg: false },
  resend: { name: 'resend', arg: false },
  znovu: { name: 'resend', arg: false },
  повторить: { name: 'resend', arg: false },
  orders: { name: 'orders', arg: false },
  rozkazy: { name: 'orders', arg: false },
  приказы: { name: 'orders', arg: false },
  password: { name: 'password', arg: true },
  heslo: { name: 'password', arg: true },
  пароль: { name: 'password', arg: true },
  address: { name: 'address', arg: true },
  adresa: { name: 'address', arg: true },
  адрес: { name: 'address', arg: true },
  confirm: { name: 'confirm', arg: true },
  potvrdit: { name: 'confirm', arg: true },
  подтвердить: { name: 'confirm', arg: true },
  // FORMAT TEXT | HTML (FORMÁT folds to format): how the judge's mails to this player are sent.
  format: { name: 'format', arg: true },
  формат: { name: 'format', arg: true },
  // HELP: how to write orders for this game, in a mail of its own; RESET <code>: the code a RESET mail brought.
  help: { name: 'help', arg: false },
  napoveda: { name: 'help', arg: false },
  помощь: { name: 'help', arg: false },
  reset: { name: 'reset', arg: true },
  obnovit: { name: 'reset', arg: true },
  сброс: { name: 'reset', arg: true },
  // FORECAST ON | OFF (PŘEDPOVĚĎ ZAP | VYP, ПРОГНОЗ ВКЛ | ВЫКЛ): the forecast in my acknowledgements.
  forecast: { name: 'forecast', arg: true },
  predpoved: { name: 'forecast', arg: true },
  прогноз: { name: 'forecast', arg: true },
  // ABSENCE <from> <to> (issue #31): away those days; WITHDRAW: give up a seat before a sign-up game starts
  // (not LEAVE / ВЫЙТИ: the Godfather's order to leave a faction).
  absence: { name: 'absence', arg: 'two' },
  nepritomnost: { name: 'absence', arg: 'two' },
  отсутствие: { name: 'absence', arg: 'two' },
  withdraw: { name: 'withdraw', arg: false },
  odstoupit: { name: 'withdraw', arg: false },
  отказаться: { name: 'withdraw', arg: false },
};

/** The keyword of a PASSWORD line: everything after it is the secret, never echoed anywhere. */
const SECRET = new Set(['password', 'heslo', 'пароль'].map(skeleton));

const COMMAND_WORDS = bySkeleton(COMMANDS);

export function judgeCommand(line: string, lineNo: number): JudgeCommand | null {
  const trimmed = line.trim();
  // "PASSWORD new", "PASSWORD: new", "PASSWORD=new", "PASSWORD my new secret": all one command.
  const m = /^([\p{L}]+)\s*[:=]?\s*(.*)$/u.exec(trimmed);
  if (m && SECRET.has(skeleton(m[1]!)))
    return { line: lineNo, name: 'password', arg: m[2]!.trim() || null, text: `${m[1]} ********` };
  const words = trimmed.split(/\s+/);
  const c = COMMAND_WORDS.get(skeleton(words[0] ?? '').replace(/:$/, ''));
  if (!c || words.length !== (c.arg === 'two' ? 3 : c.arg ? 2 : 1)) return null;
  return { line: lineNo, name: c.name, arg: c.arg ? words.slice(1).join(' ') : null, text: trimmed };
}

/** Lowercase without Czech diacritics (Russian letters stay). */
import { fold, skeleton } from '../../text-fold.js';
export { fold };
export type { KnownIds };
export { isReplyHeader, MAX_HEADER_LINE };

export function isSignatureDelimiter(line: string): boolean {
  if (line === '-- ' || line === '--' || line === '-- \u00a0') return true;
  const t = line.trim();
  return MOBILE_SIGNATURE.test(t) && MOBILE_APP.test(t);
}

/** The line a phone's mail app adds under what was written ("Sent from my iPhone", "Odesláno z iPhonu", "Отправлено с iPhone", "Get Outlook for Android"): a signature. */
const MOBILE_SIGNATURE =
  /^(sent from (my )?\S|sent with \S|get outlook for \S|odesl[aá]no (z|ze|pomoc[ií]) \S|posl[aá]no z \S|отправлено (с|со|из) \S|послано (с|из) \S).{0,50}$/iu;
/** …naming a phone, a mail app or a mail service (so that an order line "Отправлено с гонцом …" stays one). */
const MOBILE_APP =
  /iphon|ipad|android|mobil|mail|outlook|samsung|galaxy|huawei|xiaomi|yandex|яндекс|почт|мобильн|телефон|смартфон|blackberry|proton|seznam|windows|\bios\b/iu;

/** The part of the text a person wrote now: up to the first reply header or signature. */
export function freshText(
  text: string,
  ids: KnownIds = ANY_GAME,
): { lines: string[]; cut: 'quote' | 'signature' | null } {
  const all = text.split('\n');
  const openAt = blockOpenAt(all, ids);
  for (let i = 0; i < all.length; i++) {
    const line = all[i]!;
    if (isSignatureDelimiter(line)) return { lines: all.slice(0, i), cut: 'signature' };
    // A header of one line, or an attribution a client broke over two or three (reply-header.ts).
    const header = isReplyHeader(line) && !isInsideBlockHeader(all, i) && !(isOrderLine(all, i) && openAt(i));
    const n = header ? 1 : wrappedAttribution(all, i);
    if (n) {
      // A header over ">"-quoted lines (bottom posting, interleaved replies): the
      // quote is skipped line by line and the orders may well come below it.
      let k = i + n;
      while (k < all.length && all[k]!.trim() === '') k++;
      if (k < all.length && /^\s*>/.test(all[k]!)) {
        all.fill('', i, i + n);
        i += n - 1;
        continue;
      }
      return { lines: all.slice(0, i), cut: 'quote' };
    }
  }
  return { lines: all, cut: null };
}

/**
 * A line of an open order block that merely looks like a reply header: a
 * message ending "… мне пишет:" or "… wrote:" with no date and no address (a
 * mail client's attribution always has one), or a rule of underscores not
 * followed by a quoted header block (Outlook's). It is an order line.
 */
function isOrderLine(all: string[], i: number): boolean {
  const line = all[i]!.trim();
  if (/^_{16,}$/.test(line)) return !/^(from|od|от):/im.test(all.slice(i + 1, i + 3).join('\n'));
  if (WROTE.test(line)) return !/[\d@]/.test(line);
  return false;
}

/**
 * Is line i inside an order block: a start line above it with no end line
 * between (">"-quoted lines aside)? Asked only at header-like lines, in
 * increasing i: the lines are read once, up to the last i asked, however many
 * header-like lines a mail has (looking back from each one took time growing
 * with the square of the mail's lines).
 */
function blockOpenAt(all: string[], ids: KnownIds): (i: number) => boolean {
  let read = 0;
  let open = false;
  let starts: ((i: number) => StartWords | null) | null = null;
  return (i) => {
    starts ??= startLines(all, ids);
    for (; read < i; read++) {
      const line = all[read]!;
      if (/^\s*>/.test(line)) continue;
      if (isEndLine(line)) open = false;
      else if (starts(read)) open = true;
    }
    return open;
  };
}

/**
 * The start lines among a text's lines (block-lines.ts isStartLine: a line
 * that begins with a start keyword, and is no prose), asked line by line.
 */
function startLines(lines: string[], ids: KnownIds): (i: number) => StartWords | null {
  const words = (i: number): StartWords | null => {
    const line = lines[i]!;
    return /^\s*>/.test(line) ? null : startWords(line);
  };
  const closed = closedBelow(lines, words);
  return (i) => {
    const w = words(i);
    return w && isStartLine(w, ids, () => closed(i)) ? w : null;
  };
}

/** "From:" inside the first lines of a mail that forwards nothing is still a header only if a Sent/Date line follows. */
function isInsideBlockHeader(all: string[], i: number): boolean {
  const line = all[i]!.trim();
  if (!/^(from|od|от):/i.test(line)) return false;
  const next = all.slice(i + 1, i + 4).join('\n');
  return !/^(sent|date|odesl[aá]no|datum|отправлено|дата):/im.test(next);
}

/**
 * The order blocks of a text. `ids`: the games and seats of this judge, which
 * tell a start line from prose that begins with its keyword (block-lines.ts);
 * without them, every such line is a start line.
 */
export function findBlocks(text: string, ids: KnownIds = ANY_GAME): OrderBlock[] {
  const { lines, cut } = freshText(text, ids);
  const starts = startLines(lines, ids);
  const blocks: OrderBlock[] = [];
  let cur: OrderBlock | null = null;
  lines.forEach((raw, i) => {
    // trimEnd, not replace(/\s+$/): the pattern tries every run of spaces to the line's end (a square of its length).
    const line = raw.trimEnd();
    const quoted = /^\s*>/.test(line);
    const start = quoted ? null : starts(i);
    if (start) {
      if (cur) {
        cur.end = 'next-block';
        blocks.push(cur);
      }
      // The password is every word after the player id: it may hold spaces (PASSWORD my new secret).
      const [game = '', player = '', ...words] = start.args;
      const password = words.length ? words.join(' ') : null;
      cur = {
        kind: start.kind,
        game,
        player,
        password,
        lang: start.lang,
        keyword: start.keyword,
        lines: [],
        startLine: i + 1,
        end: 'end-of-mail',
        headerError: !player
          ? 'the GAME line needs the game and your player id: GAME <game> <player> <password>'
          : null,
        commands: [],
        final: false,
      };
      return;
    }
    if (!cur) return;
    if (!quoted && isEndLine(line)) {
      cur.end = 'end-line';
      blocks.push(cur);
      cur = null;
      return;
    }
    const command = quoted || cur.kind === 'gm' ? null : judgeCommand(line, cur.lines.length + 1);
    if (command) {
      cur.commands.push(command);
      if (command.name === 'final') cur.final = true;
    }
    cur.lines.push(quoted || command ? '' : line);
  });
  if (cur) {
    (cur as OrderBlock).end = cut ?? 'end-of-mail';
    blocks.push(cur);
  }
  for (const b of blocks) while (b.lines.length && b.lines[b.lines.length - 1]!.trim() === '') b.lines.pop();
  return blocks;
}

/**
 * The blocks of every section of a mail (body, text attachments, enclosed
 * messages), each section read on its own: its quotes and signature end only
 * itself. A block that occurs twice (pasted and attached) counts once.
 */
export function findBlocksIn(sections: { text: string; origin?: string }[], ids: KnownIds = ANY_GAME): OrderBlock[] {
  const seen = new Set<string>();
  const out: OrderBlock[] = [];
  const found = sections.map((s) => findBlocks(s.text, ids));
  // A GM block in the mail's body makes its attachments the GM's material (a RERUN's
  // corrected orders, a player's mail forwarded): a player's block in them is not orders.
  // Only a GM block with a line in it: prose that reads as a start line ("GM díky moc",
  // three words) holds no command, and must not hide the orders a player attached.
  const gmMail = sections.some(
    (s, i) => s.origin === 'body' && found[i]!.some((b) => b.kind === 'gm' && b.lines.some((l) => l.trim())),
  );
  for (const [i, s] of sections.entries())
    for (const b of found[i]!) {
      if (gmMail && s.origin !== 'body' && b.kind === 'player') continue;
      const key = JSON.stringify([
        b.kind,
        fold(b.game),
        fold(b.player),
        b.password,
        b.lines.filter((l) => l.trim()),
        b.commands.map((c) => c.text),
      ]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(b);
    }
  return out;
}
