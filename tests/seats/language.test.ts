// Issue #32: seats by mail in a Czech FanDi game whose GM reads Russian, with
// Czech and Russian players (tests/language-seats.ts): every answer to JOIN,
// CONFIRM, WITHDRAW, ABSENCE and TAKEOVER, every seat notice (seated, joined,
// denied, absences granted, asked, denied and moved, abandoned, replaced), the
// GM's answers to APPROVE, DENY, START and STATUS and the daily digest — in the
// reader's own language, without English words, foreign dates, or a player's
// name raw after a Russian preposition. FanDi has no Russian words: a Russian
// seat's start mail, reports and acknowledgements (the answers to the commands
// in them included) are wholly English, and so are the Russian GM's reports.
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

    it('a command answered in an English acknowledgement is answered in English: one language per mail', () => {
      const ack = life()
        .world.mails()
        .find(
          (m) => m.to === 'olga@example.ru' && m.row.dedupe_key.startsWith('ack:') && /ОТСУТСТВИЕ/.test(m.row.body),
        )!;
      expect(ack.row.body).toMatch(/ОТСУТСТВИЕ 30\.11\.2026 1\.12\.2026\n\s+= absence noted/);
      expect(ack.row.body.replace(/ОТСУТСТВИЕ|Ольга Сергеевна/g, '')).not.toMatch(/[а-яё]/i);
    });

    it("the GM's report of a turn is in his own language (gm.lang), here the report language, not the game's Czech", () => {
      const report = life()
        .world.mails()
        .find((m) => m.to === 'gm@example.cz' && m.row.dedupe_key.startsWith('report:'))!;
      expect(report.row.subject).toMatch(/turn 1$/);
      expect(report.row.body).toMatch(/Game Master's report/);
      expect(report.row.body).not.toMatch(/Tah |tah \d|Hlášení|vedoucí/);
    });
  },
});
