// One mail through intake, as the mail tests send it: the result and the mails it queued.
import { ingest } from '../../src/mail/inbound/ingest.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { mail, type TestJudge } from '../helpers.js';

/** One mail from an address (with a Reply-To, when given); the result and the mails it queued. */
export async function send(j: TestJudge, from: string, text: string, replyTo?: string) {
  let raw = await mail(from, text);
  if (replyTo)
    raw = Buffer.from(raw.toString('latin1').replace(/^Subject:/m, `Reply-To: ${replyTo}\r\nSubject:`), 'latin1');
  const before = listOutbox(j.db).length;
  const r = await ingest(j, raw, 'test');
  return { r, mails: listOutbox(j.db).slice(before) };
}

/** Every address a queued mail goes to. */
export const to = (m: OutboxRow) => [...JSON.parse(m.to_addrs), ...JSON.parse(m.cc_addrs)] as string[];
