import { describe, expect, it } from 'vitest';
import { findBlocks, findBlocksIn, freshText } from '../../src/mail/inbound/envelope.js';

describe('order blocks', () => {
  it('takes only the real orders from a reply that quotes the previous report and has a signature', () => {
    const text = [
      'Here are my orders for this turn.',
      '',
      'GAME tavern alice apple',
      'ROLL 2d6 first',
      '> ROLL 9d9 quoted inside the block',
      'ROLL 3dF second',
      'END',
      '',
      '-- ',
      'Alice',
      'GAME tavern alice apple',
      'ROLL 1d6 from the signature',
      'END',
      '',
      'On Sun, 29 Nov 2026 at 10:00, pbem-judge <judge@localhost> wrote:',
      '> GAME tavern alice apple',
      '> ROLL 4d6 last turn',
      '> END',
    ].join('\n');
    const blocks = findBlocks(text);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.lines.filter((l) => l)).toEqual(['ROLL 2d6 first', 'ROLL 3dF second']);
    expect(blocks[0]!.end).toBe('end-line');
    expect(blocks[0]!.password).toBe('apple');
  });

  it('cuts at reply headers in Czech, Russian and Outlook style even without ">" quoting', () => {
    for (const header of [
      'Dne 28. 11. 2026 v 10:00 judge@localhost napsal(a):',
      '28.11.2026 10:00, judge@localhost пишет:',
      '28.11.2026 10:00, Судейская служба <judge@localhost> написали:',
      '-----Original Message-----',
      '-------- Původní zpráva --------',
    ]) {
      const { lines, cut } = freshText(`GAME g p pw\nROLL 1d6\nEND\n${header}\nGAME g p pw\nROLL 2d6\nEND`);
      expect(cut, header).toBe('quote');
      expect(lines).toEqual(['GAME g p pw', 'ROLL 1d6', 'END']);
    }
    const outlook =
      'GAME g p pw\nROLL 1d6\nEND\n\nFrom: judge <judge@localhost>\nSent: Sunday, November 29, 2026 10:00\nSubject: report\n\nGAME g p pw\nROLL 3d6\nEND';
    expect(findBlocks(outlook)).toHaveLength(1);
  });

  it('reads several blocks for several games, in three languages, and says how each ended', () => {
    const blocks = findBlocks(
      'HRA fandi1 alfa heslo\nX\nKONEC\nИГРА mafia ivan пароль\nY\nконец\nGAME tavern alice apple\nZ\n',
    );
    expect(blocks.map((b) => [b.game, b.player, b.lang, b.end, b.lines])).toEqual([
      ['fandi1', 'alfa', 'cs', 'end-line', ['X']],
      ['mafia', 'ivan', 'ru', 'end-line', ['Y']],
      ['tavern', 'alice', 'en', 'end-of-mail', ['Z']],
    ]);
  });

  it('reports a GAME line without a player, and ignores prose that merely starts with "game"', () => {
    expect(findBlocks('GAME tavern\nROLL 1d6\nEND')[0]!.headerError).toMatch(/player id/);
    // "on!" is no game id: prose, for a judge that knows its games (tests/mail/start-lines.test.ts has many more).
    expect(findBlocks('game on!\nWhat a game.\n', { game: () => false, seat: () => false })).toHaveLength(0);
    expect(findBlocks('Great game yesterday.')).toHaveLength(0);
  });
});

describe("a GM block in the body and the attachments' player blocks", () => {
  const attached = {
    origin: 'attachment' as const,
    name: 'tahy.txt',
    text: 'HRA g1 alfa jablko\nB2 postav 2 pesi\nKONEC\n',
  };
  it('prose that reads as a GM start line ("GM díky moc") hides no attached orders', () => {
    const body = { origin: 'body' as const, name: null, text: 'Ahoj,\ntahy posílám v příloze.\nGM díky moc\n' };
    const blocks = findBlocksIn([body, attached]);
    expect(blocks.filter((b) => b.kind === 'player').map((b) => b.lines.filter((l) => l.trim()))).toEqual([
      ['B2 postav 2 pesi'],
    ]);
  });
  it("a GM block with a command still makes the attachments the GM's material", () => {
    const body = { origin: 'body' as const, name: null, text: 'GM g1 gm-secret\nRERUN 2\nEND\n' };
    const blocks = findBlocksIn([body, attached]);
    expect(blocks.map((b) => b.kind)).toEqual(['gm']);
  });
});
