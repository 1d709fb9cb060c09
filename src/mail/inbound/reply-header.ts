// The line (or lines) a mail client writes over the mail it quotes: an
// attribution ("On … wrote:", "Dne … napsal(a):", "… пишет:", Gmail's Russian
// "пн, 7 дек. 2026 г. в 10:15, Judge <judge@example.org>:") or a separator
// ("-----Original Message-----", Outlook's "From:" block, a rule of
// underscores). A client breaks an attribution that is too long for a line:
// Gmail one over 80 characters, before the address ("… Judge\n<judge@…>
// wrote:") or, until about 2020, after its "<" ("… Judge <\njudge@…>
// wrote:"); a client that writes no format=flowed breaks it where its line is
// full. So an attribution may span two or three lines, broken anywhere.

/** An attribution line: "… wrote:", "… napsal(a):", "… пишет:". */
export const WROTE =
  /(?<![\p{L}\p{N}])(wrote|napsal\(a\)|napsal|napsala|пишет|написал\(а\)|написали|написал|написала|schrieb|a écrit)\s*:\s*$/iu;

const REPLY_HEADER = [
  /^begin forwarded message:/i,
  /^-{2,}\s*(original message|p[uů]vodn[ií] zpr[aá]va|p[uů]vodn[ií] e-?mail|исходное сообщение|forwarded message|p[rř]eposlan[aá] zpr[aá]va|пересылаемое сообщение|начало переадресованного сообщения)\s*-{2,}/i,
  // \b is ASCII-only in JavaScript, so "пишет" needs a Unicode-aware boundary.
  WROTE,
  /^(from|od|от):\s.+$/i, // Outlook's header block of the quoted message
  /^\S.*<[^<>\s]+@[^<>\s]+>:\s*$/, // Gmail in Russian: "пн, 30 нояб. 2026 г. в 10:00, Judge <judge@example.org>:"
  /^_{16,}\s*$/, // Outlook on the web: a rule above the quoted header block
];

/**
 * The longest line taken for a reply's header ("On … wrote:", "Od: …"): real
 * ones are one or two hundred characters. A longer line is never one, and the
 * patterns above never see it: some of them (the Gmail one) take time that
 * grows with the square of a line's length, and a stranger's mail of one long
 * line would hold the run (and the store's write lock) for minutes.
 */
export const MAX_HEADER_LINE = 1000;

export function isReplyHeader(line: string): boolean {
  const t = line.trim();
  return t.length <= MAX_HEADER_LINE && REPLY_HEADER.some((re) => re.test(t));
}

/**
 * How an attribution begins: a date after at most three words ("On Mon, Dec 7,
 * 2026", "On 12/7/26", "po 7. 12. 2026", "Dne 7. 12. 2026", "пн, 7 дек.
 * 2026", "7 дек. 2026 г.", "07.12.2026"), with a time in the same line
 * (a client breaks a line far to the right of both).
 */
const ATTRIBUTION_START = /^(?:\p{L}+\.?,?\s+){0,3}\d{1,4}(?!\p{L})/u;
const TIME = /(?<!\d)\d{1,2}:\d{2}(?!\d)/;
/** An address in angle brackets and a colon ending the attribution: Gmail's in Russian, which has no verb. */
const ADDRESS_END = /<[^<>\s]+@[^<>\s]+>\s*:$/;
/** The most lines one attribution is broken into. */
const MAX_ATTRIBUTION_LINES = 3;

function beginsAttribution(line: string): boolean {
  return ATTRIBUTION_START.test(line) && TIME.test(line);
}

/**
 * An attribution broken over lines i, i+1 (and i+2): how many lines it takes,
 * or 0. The first begins as an attribution does (a date, a time); the last
 * ends as one does (wrote:, napsal:, пишет:, or an address and a colon),
 * the lines read together, broken at a space or inside a word (the name, the
 * address). No line of it is blank or ">"-quoted, and none after the first
 * begins an attribution itself: an order line with a date in it over a real
 * attribution stays an order line. An order line that merely holds a date or
 * an address ends no attribution.
 */
export function wrappedAttribution(all: string[], i: number): number {
  const first = all[i]!.trim();
  if (first.length > MAX_HEADER_LINE || !beginsAttribution(first)) return 0;
  const parts = [first];
  for (let k = i + 1; k < all.length && parts.length < MAX_ATTRIBUTION_LINES; k++) {
    const t = all[k]!.trim();
    if (!t || t.length > MAX_HEADER_LINE || t.startsWith('>') || beginsAttribution(t)) return 0;
    parts.push(t);
    const spaced = parts.join(' ');
    if (spaced.length > MAX_HEADER_LINE) return 0;
    const joined = parts.join('');
    if (WROTE.test(spaced) || WROTE.test(joined) || ADDRESS_END.test(joined)) return parts.length;
  }
  return 0;
}
