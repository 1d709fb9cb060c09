// Outlook's "?" text part: a mail client whose outgoing charset cannot hold a
// letter writes "?" for it in the text/plain alternative, while the text/html
// alternative keeps it. The judge reads the HTML part then, and only then: a
// writer's own question marks keep the text part.
import { beforeAll, describe, expect, it } from 'vitest';
import { lostLetterWords } from '../../src/mail/inbound/alternative.js';
import type { TestJudge } from '../helpers.js';
import { ingestFixture, mimeJudge } from './mime-fixtures.js';

describe('a text part with "?" for the letters its charset cannot hold', () => {
  let j: TestJudge;
  beforeAll(() => {
    j = mimeJudge();
  });

  it.each([
    [
      'alt-outlook-cs-iso-8859-1.eml',
      'hospoda/cyril',
      'HOD 2d6 útok na draka, čaroděj řve: „Příště už ne!“',
      'Rozkazy přijaty',
    ],
    [
      'alt-outlook-ru-windows-1252.eml',
      'tavern/boris',
      'ROLL 2d6 Съешь же ещё этих мягких французских булок',
      'Приказы приняты',
    ],
    ['alt-webmail-cs-latin1-html-utf8.eml', 'hospoda/cyril', 'HOD 1d6 černá věž se řítí', 'Rozkazy přijaty'],
  ])('%s: the orders are read from the HTML part, every letter', async (file, seat, line, ack) => {
    const o = await ingestFixture(j, file);
    expect(o.status, o.reason ?? '').toBe('accepted');
    expect(o.orders).toEqual({ [seat]: [line] });
    expect(o.reason).toMatch(
      /the text part has "\?" for letters the HTML part holds \(\d+ words\): the HTML part was read/,
    );
    expect(o.mails.map((m) => m.kind)).toEqual(['ack']);
    expect(o.mails[0]!.subject).toContain(ack);
    expect(o.mails[0]!.body).toContain(line);
  });

  it("the writer's own question marks: the text part is read, as Outlook wrote it", async () => {
    const o = await ingestFixture(j, 'alt-outlook-cs-utf8-questions.eml');
    expect(o.status).toBe('accepted');
    // The text part's line (Outlook writes a link's address after its text there; the HTML's text has the text only).
    expect(o.orders).toEqual({
      'hospoda/cyril': ['HOD 2d6 kde je drak?? viz mapa<https://example.cz/mapa> Příště?'],
    });
    expect(o.reason ?? '').not.toMatch(/HTML part was read/);
  });
});

describe('lostLetterWords', () => {
  it('counts the words of the text part that lost a letter the HTML text holds', () => {
    expect(lostLetterWords('HOD 2d6 ?arod?j ?ve', 'HOD 2d6 čaroděj řve')).toBe(2);
    expect(lostLetterWords('??????? ?????', 'Приказы армии')).toBe(2);
    // What the text part's charset holds (á, í in ISO-8859-1) is in both.
    expect(lostLetterWords('Hra Alfa ?erná, ?ítí', 'Hra Alfa černá, řítí')).toBe(2);
  });

  it("leaves the writer's own question marks alone", () => {
    expect(lostLetterWords('Kdo? Co?? ???', 'Kdo? Co?? ???')).toBe(0);
    // The same word both ways in the HTML text: the writer's "?" is there too.
    expect(lostLetterWords('co? dál', 'coš co? dál')).toBe(0);
    // A "?" where the HTML has another ASCII character, or nothing to compare with.
    expect(lostLetterWords('a?b', 'a-b')).toBe(0);
    expect(lostLetterWords('drak?', 'something else entirely')).toBe(0);
    // A character nobody could read in the HTML (U+FFFD) is no letter the text part lost.
    expect(lostLetterWords('drak?', 'drak\uFFFD')).toBe(0);
  });
});
