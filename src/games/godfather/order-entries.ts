// A block cut into entries: an order is a line; a message (ЛИЧНО / АНОНИМНО /
// ВСЕМ) takes its indented continuation lines, or the lines up to ".".
import type { OutgoingMessage } from '../../engine/types.js';
import { fold } from './words.js';
import { headOf } from './order-words.js';

// ---- messages --------------------------------------------------------------------

/** Split the block into logical entries: a message takes its indented continuation lines, or the lines up to ".". */
export interface Entry {
  line: number;
  text: string;
  msg?: { kind: OutgoingMessage['kind']; head: string; body: string[] };
  error?: string;
}

/** Is this line a message, and which kind, with the recipients' part of the head? */
function messageHead(raw: string): { kind: OutgoingMessage['kind']; head: string; colon: number } | null {
  const t = raw.trim();
  const colon = t.indexOf(':');
  const headPart = colon === -1 ? t : t.slice(0, colon);
  const words = headPart.split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  let kind = headOf(words[0]!.replace(/:$/, ''));
  let skip = 1;
  if (kind === null && /^сообщени/i.test(fold(words[0]!))) {
    // «Сообщение всем: …», «Анонимное сообщение: …», «Сообщение для Ивана: …»
    const next = words[1] ? headOf(words[1]) : null;
    kind = next === 'public' || next === 'anonymous' ? next : colon === -1 ? null : 'private';
    skip = next === 'public' || next === 'anonymous' ? 2 : 1;
  } else if ((kind === 'private' || kind === 'anonymous') && words[1] && /^сообщени/i.test(fold(words[1]))) skip = 2;
  if (kind !== 'private' && kind !== 'anonymous' && kind !== 'public') return null;
  return { kind, head: words.slice(skip).join(' '), colon };
}

export function entries(text: string): Entry[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '' || raw.trim().startsWith('#')) continue;
    const mh = messageHead(raw);
    if (!mh) {
      out.push({ line: i + 1, text: raw.trim() });
      continue;
    }
    const e: Entry = { line: i + 1, text: raw.trim(), msg: { kind: mh.kind, head: mh.head, body: [] } };
    if (mh.colon === -1) {
      e.error = 'msg-colon';
      out.push(e);
      continue;
    }
    const first = raw
      .trim()
      .slice(mh.colon + 1)
      .trim();
    if (first === '') {
      // multi-line: everything up to a line holding only "."
      let j = i + 1;
      for (; j < lines.length && lines[j]!.trim() !== '.'; j++) e.msg!.body.push(lines[j]!.trimEnd());
      if (j >= lines.length) e.error = 'msg-unterminated';
      i = j;
    } else {
      e.msg!.body.push(first);
      while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1]!)) e.msg!.body.push(lines[++i]!.trim());
    }
    out.push(e);
  }
  return out;
}
