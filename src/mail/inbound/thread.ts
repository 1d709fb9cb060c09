// What a reply copies from the mail it answers, bounded: the thread's ids
// (In-Reply-To, References) and the subject it quotes. A mail with thousands
// of References ids, or an id or subject of megabytes, must not make a reply
// that mail servers refuse (Postfix's header_size_limit is 100 KB): the
// player would lose the answer.
import type { NormalizedMail } from './normalize.js';

/** Ids kept of the References of the mail answered: its first and its last ones (RFC 5322 §3.6.4 lets a reply trim the middle); its own id follows. */
export const KEPT_REFERENCES = 10;
/** The longest id copied (RFC 5322 lines are at most 998 characters; real ids are under 100). */
export const MAX_ID_LENGTH = 250;
/** The longest subject of the mail answered quoted in a reply's text. */
export const MAX_QUOTED_SUBJECT = 200;

/** A message id fit to copy: "<left@right>", printable ASCII, no spaces, not too long; else null. */
export function cleanId(id: string | null | undefined): string | null {
  if (!id) return null;
  const t = id.trim();
  const bracketed = t.startsWith('<') ? t : `<${t}>`;
  return bracketed.length <= MAX_ID_LENGTH && /^<[!-;=?-~]+@[!-;=?-~]+>$/.test(bracketed) ? bracketed : null;
}

/**
 * The reply's In-Reply-To and References: the parent's id, and of the thread
 * the first id and the last ones (KEPT_REFERENCES of them), then the parent's.
 */
export function threadHeaders(m: NormalizedMail): Record<string, string> {
  const parent = cleanId(m.messageId);
  if (!parent) return {};
  const ids: string[] = [];
  const seen = new Set<string>([parent]);
  for (const r of m.references) {
    const id = cleanId(r);
    if (id && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  const kept = ids.length <= KEPT_REFERENCES ? ids : [ids[0]!, ...ids.slice(ids.length - (KEPT_REFERENCES - 1))];
  return { 'In-Reply-To': parent, References: [...kept, parent].join(' ') };
}

/** The subject of the mail answered, as a reply quotes it: at most MAX_QUOTED_SUBJECT characters, one line. */
export function quotedSubject(subject: string): string {
  const one = subject.replace(/\s+/g, ' ').trim();
  const chars = [...one];
  return chars.length <= MAX_QUOTED_SUBJECT ? one : `${chars.slice(0, MAX_QUOTED_SUBJECT - 1).join('')}…`;
}
