// Finding order blocks in a mail's text. A block starts with a line
//   GAME <game> <player> <password>     (HRA … in Czech, ИГРА … in Russian)
// and ends with a line END (KONEC, КОНЕЦ). Several blocks (games) per mail are
// allowed. Quoted lines (">") never count, and everything after a reply header
// ("On … wrote:", "Dne … napsal(a):", "… пишет:", "-----Original Message-----")
// or a signature delimiter ("-- ") is the quoted past, never orders.
import type { Lang } from '../../engine/types.js';

export interface OrderBlock {
  game: string;
  player: string;
  password: string | null;
  /** The language the keyword was written in (used for error replies). */
  lang: Lang;
  /** Order lines in order, quoted lines blanked so line numbers still match. */
  lines: string[];
  /** 1-based line in the mail text where the block starts. */
  startLine: number;
  /** How the block ended. */
  end: 'end-line' | 'quote' | 'signature' | 'end-of-mail' | 'next-block';
  /** A problem with the GAME line itself (missing player, …). */
  headerError: string | null;
}

const START: Record<string, Lang> = { game: 'en', hra: 'cs', игра: 'ru' };
const END = new Set(['end', 'konec', 'конец']);

/** Lowercase without Czech diacritics (Russian letters stay). */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const REPLY_HEADER = [
  /^begin forwarded message:/i,
  /^-{2,}\s*(original message|p[uů]vodn[ií] zpr[aá]va|исходное сообщение|forwarded message|p[rř]eposlan[aá] zpr[aá]va|пересылаемое сообщение)\s*-{2,}/i,
  // \b is ASCII-only in JavaScript, so "пишет" needs a Unicode-aware boundary.
  /(?<![\p{L}\p{N}])(wrote|napsal\(a\)|napsal|napsala|пишет|написал\(а\)|написал|написала|schrieb|a écrit)\s*:\s*$/iu,
  /^(from|od|от):\s.+$/i, // Outlook's header block of the quoted message
  /^\S.*<[^<>\s]+@[^<>\s]+>:\s*$/, // Gmail in Russian: "пн, 30 нояб. 2026 г. в 10:00, Judge <judge@example.org>:"
  /^_{16,}\s*$/, // Outlook on the web: a rule above the quoted header block
];

export function isReplyHeader(line: string): boolean {
  return REPLY_HEADER.some((re) => re.test(line.trim()));
}

export function isSignatureDelimiter(line: string): boolean {
  return line === '-- ' || line === '--' || line === '-- \u00a0';
}

/** The part of the text a person wrote now: up to the first reply header or signature. */
export function freshText(text: string): { lines: string[]; cut: 'quote' | 'signature' | null } {
  const all = text.split('\n');
  for (let i = 0; i < all.length; i++) {
    const line = all[i]!;
    if (isSignatureDelimiter(line)) return { lines: all.slice(0, i), cut: 'signature' };
    if (isReplyHeader(line) && !isInsideBlockHeader(all, i)) {
      // A header over ">"-quoted lines (bottom posting, interleaved replies): the
      // quote is skipped line by line and the orders may well come below it.
      const next = all.slice(i + 1).find((l) => l.trim() !== '');
      if (next !== undefined && /^\s*>/.test(next)) {
        all[i] = '';
        continue;
      }
      return { lines: all.slice(0, i), cut: 'quote' };
    }
  }
  return { lines: all, cut: null };
}

/** "From:" inside the first lines of a mail that forwards nothing is still a header only if a Sent/Date line follows. */
function isInsideBlockHeader(all: string[], i: number): boolean {
  const line = all[i]!.trim();
  if (!/^(from|od|от):/i.test(line)) return false;
  const next = all.slice(i + 1, i + 4).join('\n');
  return !/^(sent|date|odesl[aá]no|datum|отправлено|дата):/im.test(next);
}

function parseStart(line: string): { lang: Lang; args: string[] } | null {
  const words = line.trim().split(/\s+/);
  const kw = fold(words[0] ?? '').replace(/:$/, '');
  const lang = START[kw];
  if (!lang || words.length < 2) return null;
  return { lang, args: words.slice(1) };
}

export function findBlocks(text: string): OrderBlock[] {
  const { lines, cut } = freshText(text);
  const blocks: OrderBlock[] = [];
  let cur: OrderBlock | null = null;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\s+$/, '');
    const quoted = /^\s*>/.test(line);
    const start = quoted ? null : parseStart(line);
    if (start) {
      if (cur) {
        cur.end = 'next-block';
        blocks.push(cur);
      }
      const [game = '', player = '', password = null, ...rest] = start.args;
      cur = {
        game,
        player,
        password,
        lang: start.lang,
        lines: [],
        startLine: i + 1,
        end: 'end-of-mail',
        headerError: !player
          ? 'the GAME line needs the game and your player id: GAME <game> <player> <password>'
          : rest.length
            ? `unexpected words after the password on the GAME line: ${rest.join(' ')}`
            : null,
      };
      return;
    }
    if (!cur) return;
    if (!quoted && END.has(fold(line.trim()))) {
      cur.end = 'end-line';
      blocks.push(cur);
      cur = null;
      return;
    }
    cur.lines.push(quoted ? '' : line);
  });
  if (cur) {
    (cur as OrderBlock).end = cut ?? 'end-of-mail';
    blocks.push(cur);
  }
  for (const b of blocks) while (b.lines.length && b.lines[b.lines.length - 1]!.trim() === '') b.lines.pop();
  return blocks;
}
