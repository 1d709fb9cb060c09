// What a reply copies from the mail it answers stays bounded (issue #29, point 5):
// a mail with 6,000 References ids, an id of kilobytes or a subject of a
// hundred kilobytes gets an answer mail servers take (Postfix refuses a header
// over 100 KB), and the answer still keeps the thread.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { cleanId, quotedSubject, threadHeaders } from '../../src/mail/inbound/thread.js';
import { sendPending } from '../../src/mail/outbound/transport.js';
import { listOutbox } from '../../src/store/outbox.js';
import { mail, tavern, testJudge } from '../helpers.js';

/** The mail with these headers put in before its Subject. */
function withHeaders(raw: Buffer, headers: string[]): Buffer {
  return Buffer.from(
    raw
      .toString('latin1')
      .replace(/^Message-ID:.*\r?\n/im, '')
      .replace(/^Subject:/m, `${headers.join('\r\n')}\r\nSubject:`),
    'latin1',
  );
}

const ids = Array.from({ length: 6000 }, (_, i) => `<thread-${i}.${'x'.repeat(20)}@example.org>`);

/** The header block of each .eml the file transport wrote. */
async function sentHeads(j: ReturnType<typeof testJudge>): Promise<string[]> {
  const r = await sendPending(j);
  return r.files.map((f) => {
    const text = readFileSync(f, 'latin1');
    return text.slice(0, text.indexOf('\n\n'));
  });
}

describe('a reply copies a bounded part of the mail it answers', () => {
  it('6,000 References ids: the acknowledgement header stays under 8 KB and keeps the first id and the parent', async () => {
    const j = testJudge();
    tavern(j);
    const raw = withHeaders(await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND'), [
      'Message-ID: <parent-of-the-ack@example.org>',
      'In-Reply-To: <thread-5999.xxxxxxxxxxxxxxxxxxxx@example.org>',
      `References: ${ids.join('\r\n ')}`,
    ]);
    expect(raw.length).toBeGreaterThan(200_000);
    const r = await ingest(j, raw, 'test');
    expect(r.status).toBe('accepted');
    const ack = listOutbox(j.db).find((m) => m.kind === 'ack')!;
    const h = JSON.parse(ack.headers_json) as Record<string, string>;
    expect(h['In-Reply-To']).toBe('<parent-of-the-ack@example.org>');
    const refs = h.References!.split(' ');
    expect(refs[0]).toBe(ids[0]);
    expect(refs.at(-1)).toBe('<parent-of-the-ack@example.org>');
    expect(refs.at(-2)).toBe(ids[5999]);
    expect(refs).toHaveLength(11); // the first, the last 9, the parent
    const heads = await sentHeads(j);
    expect(heads.length).toBeGreaterThan(0);
    for (const head of heads) {
      expect(head.length).toBeLessThan(8 * 1024);
      expect(head).toContain('parent-of-the-ack@example.org');
      expect(head).toContain('thread-0.');
    }
  });

  it('an id of kilobytes, or one with spaces or other characters, is not copied; the rest of the thread is', () => {
    const huge = `<${'a'.repeat(5000)}@example.org>`;
    expect(cleanId(huge)).toBeNull();
    expect(cleanId('<a b@example.org>')).toBeNull();
    expect(cleanId('<a\u202e@example.org>')).toBeNull();
    expect(cleanId('plain@example.org')).toBe('<plain@example.org>');
    const base = { references: [huge, '<one@example.org>', '<two@example.org>'] };
    expect(threadHeaders({ ...base, messageId: huge } as never)).toEqual({});
    expect(threadHeaders({ ...base, messageId: '<me@example.org>' } as never)).toEqual({
      'In-Reply-To': '<me@example.org>',
      References: '<one@example.org> <two@example.org> <me@example.org>',
    });
  });

  it('a subject of 100 KB is quoted in a refusal as 200 characters at most, on one line', async () => {
    const j = testJudge();
    tavern(j);
    const subject = 'orders '.repeat(15_000);
    const r = await ingest(j, await mail('stranger@example.net', 'no block here', subject), 'test');
    expect(r.status).toBe('rejected');
    const reply = listOutbox(j.db).find((m) => m.kind === 'error')!;
    expect(reply.body.length).toBeLessThan(4000);
    expect(reply.body).toContain(`"${quotedSubject(subject)}"`);
    expect([...quotedSubject(subject)]).toHaveLength(200);
    for (const head of await sentHeads(j)) expect(head.length).toBeLessThan(8 * 1024);
  });
});
