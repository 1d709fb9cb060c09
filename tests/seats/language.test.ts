// Issue #32: seats by mail in a Czech FanDi game whose GM reads Russian, with
// Czech and Russian players (tests/language-seats.ts): every answer to JOIN,
// CONFIRM, WITHDRAW, ABSENCE and TAKEOVER, every seat notice (seated, joined,
// denied, absences granted, asked, denied and moved, abandoned, replaced), the
// GM's answers to APPROVE, DENY, START and STATUS and the daily digest — in the
// reader's own language, without English words, foreign dates, or a player's
// name raw after a Russian preposition. FanDi has no Russian words: a Russian
// seat's start mail, reports and acknowledgements are wholly English.
import { expect, it } from 'vitest';
import { languageSuite } from '../language-life.js';
import { seatsLife } from '../language-seats.js';

languageSuite('seats by mail: the language of every answer and notice (#32)', seatsLife, {
  covers: [
    ...['help', 'list', 'ack', 'ack gm', 'start'],
    ...['notice:seats', 'notice:seats gm', 'notice:abandoned', 'notice:replaced'],
  ],
  atLeast: 60,
  more: (life) => {
    it('has every seat notice', () => {
      const keys = life()
        .world.mails()
        .map((m) => m.row.dedupe_key);
      for (const k of ['seated', 'joined', 'denied-join', 'absence-granted', 'ask-absence', 'denied-absence'])
        expect(
          keys.some((x) => x.includes(`:${k}:`)),
          k,
        ).toBe(true);
      for (const k of ['absence-moved', 'ask-takeover', 'digest', 'left'])
        expect(
          keys.some((x) => x.includes(`:${k}:`)),
          k,
        ).toBe(true);
    });

    it('a Russian seat in FanDi (no Russian words) gets its start mail and acknowledgements wholly in English', () => {
      const toIvan = life()
        .world.mails()
        .filter((m) => m.to === 'ivan@example.ru');
      const start = toIvan.find((m) => m.row.dedupe_key.startsWith('start:'))!;
      expect(start.row.subject).toMatch(/your position/);
      expect(start.row.body).not.toMatch(/Ваш|пароль|Срок|позици/);
      expect(toIvan.find((m) => m.row.dedupe_key.startsWith('ack:'))!.row.subject).toMatch(/Orders received/);
      // His notices stay Russian.
      expect(toIvan.find((m) => m.row.dedupe_key.includes(':seated:'))!.row.subject).toMatch(/Вы играете/);
    });
  },
});
