// Mail as phone and web mail clients write it (tests/fixtures/mail-clients/):
// every order line is read whole, nothing of a block is lost to a line that
// merely looks like a reply header, and a phone's signature is no order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBlocks, findBlocksIn } from '../../src/mail/inbound/envelope.js';
import { normalize } from '../../src/mail/inbound/normalize.js';

const DIR = join(import.meta.dirname, '../fixtures/mail-clients');

/** The blocks of a fixture as the judge reads them: each block's order lines (blank ones left out) and how it ended. */
async function blocks(file: string): Promise<{ lines: string[]; end: string }[]> {
  const m = await normalize(readFileSync(join(DIR, file)));
  return findBlocksIn(m.sections).map((b) => ({ lines: b.lines.filter((l) => l.trim()), end: b.end }));
}

const LONG_RU =
  'Страна публично, Мудрость: построить большую библиотеку в столице, собрать туда всех учёных и переписчиков страны и начать перевод древних рукописей';

describe('HTML as clients send it', () => {
  it.each([
    ['10a-alt-empty-plain.eml', 'an empty text part beside the HTML'],
    ['10b-alt-placeholder-plain.eml', 'a text part that only says to read the HTML'],
    ['10c-related-html-image.eml', 'HTML with its picture and no text part'],
  ])('%s (%s): the orders of the HTML part are read', async (file) => {
    expect(await blocks(file)).toEqual([{ lines: ['I2 build 1 infantry'], end: 'end-line' }]);
  });

  it('HTML only, a line longer than 80 columns: read whole, not wrapped', async () => {
    expect(await blocks('41-html-only-long-nation.eml')).toEqual([{ lines: [LONG_RU], end: 'end-line' }]);
    const [godfather] = await blocks('30a-html-only-long-line.eml');
    expect(godfather!.lines).toHaveLength(1);
    expect(godfather!.lines[0]!.length).toBeGreaterThan(120);
    expect(godfather!.end).toBe('end-line');
  });

  it('a text part with the orders is read as before, its HTML twin ignored', async () => {
    const raw = Buffer.from(
      'From: a@example.org\r\nTo: j@example.org\r\nSubject: o\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nGAME g a x\r\nROLL 1d6 plain\r\nEND\r\n--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>GAME g a x<br>ROLL 1d6 html<br>END</p>\r\n--b--\r\n',
    );
    const m = await normalize(raw);
    expect(findBlocksIn(m.sections).map((b) => b.lines)).toEqual([['ROLL 1d6 plain']]);
  });
});

describe('signatures and end lines', () => {
  it.each([
    ['07a-ios-cs-no-konec.eml', 'B2 postav 1 pěší'],
    ['07c-ios-en-no-end.eml', 'I2 build 1 infantry'],
  ])('%s: a phone signature under a block without its end line is no order', async (file, order) => {
    expect(await blocks(file)).toEqual([{ lines: [order], end: 'signature' }]);
  });

  it('the phone signatures of the common apps end a block; an order that starts with the same word does not', () => {
    for (const sig of [
      'Sent from my iPhone',
      'Sent from my Galaxy',
      'Get Outlook for Android',
      'Odesláno z iPhonu',
      'Odesláno z mobilu',
      'Odesláno pomocí aplikace Pošta pro Windows',
      'Отправлено с iPhone',
      'Отправлено из мобильной Почты Mail.ru',
    ])
      expect(findBlocks(`GAME g a x\nROLL 1d6\n\n${sig}\n`), sig).toEqual([
        expect.objectContaining({ lines: ['ROLL 1d6'], end: 'signature' }),
      ]);
    expect(findBlocks('ИГРА g a x\nОтправлено с гонцом в Китеж: дары\nКОНЕЦ\n')[0]!.lines).toEqual([
      'Отправлено с гонцом в Китеж: дары',
    ]);
  });

  it('an end line with a full stop or an exclamation mark ends the block', async () => {
    const [b] = await blocks('32a-konec-with-dot.eml');
    expect(b!.end).toBe('end-line');
    for (const end of [
      'END.',
      'konec!',
      'КОНЕЦ.',
      'END OF ORDERS',
      'Konec rozkazů.',
      'конец  приказов!',
      'End of turn',
    ])
      expect(findBlocks(`GAME g a x\nROLL 1d6\n${end}\nThanks, Alice\n`)).toEqual([
        expect.objectContaining({ lines: ['ROLL 1d6'], end: 'end-line' }),
      ]);
  });

  it('END GAME is no end line: a GM block ends a game with it, and its lines go on', () => {
    expect(findBlocks('GM g secret\nEND GAME\nEND\n')).toEqual([
      expect.objectContaining({ lines: ['END GAME'], end: 'end-line' }),
    ]);
  });
});

describe('lines inside a block that look like reply headers', () => {
  it('"… мне пишет:" inside a block is a message line; every line after it is read', async () => {
    expect((await blocks('39c-pishet-minimal.eml'))[0]!.lines).toHaveLength(3);
    expect((await blocks('39a-line-ending-pishet.eml'))[0]).toMatchObject({ end: 'end-line' });
  });

  it('a rule of underscores inside a block is a line of it (Outlook puts one over a quoted header block)', async () => {
    const [b] = await blocks('39b-underscore-separator.eml');
    expect(b!.lines).toContain('B2 hradby 5');
    expect(b!.end).toBe('end-line');
  });

  it('a real attribution (a date, an address) still ends a block without its end line, and what follows is not read', () => {
    for (const header of [
      'On Mon, 7 Dec 2026 at 10:00, Judge <judge@example.org> wrote:',
      'Dne 7. 12. 2026 v 10:00 judge napsal(a):',
      'пн, 7 дек. 2026 г. в 10:00, Judge <judge@example.org> пишет:',
    ])
      expect(findBlocks(`GAME g a x\nROLL 1d6\n\n${header}\nGAME g a x\nROLL 9d6 old\nEND\n`), header).toEqual([
        expect.objectContaining({ lines: ['ROLL 1d6'], end: 'quote' }),
      ]);
    // Seznam.cz's and Yandex's lines over a quoted mail.
    for (const header of [
      '---------- Původní e-mail ----------',
      '-------- Начало переадресованного сообщения --------',
    ])
      expect(findBlocks(`HRA g a x\nHOD 1d6\n\n${header}\nHRA g a x\nHOD 9d6\n`), header).toEqual([
        expect.objectContaining({ lines: ['HOD 1d6'], end: 'quote' }),
      ]);
    // Outlook's rule followed by its header block is a quote too.
    expect(
      findBlocks(
        'HRA g a x\nHOD 1d6\n________________________________\nOd: judge\nOdesláno: pondělí\nHRA g a x\nHOD 9d6\n',
      ),
    ).toEqual([expect.objectContaining({ lines: ['HOD 1d6'], end: 'quote' })]);
  });

  it('an attribution a client broke over lines, anywhere, ends the fresh text: no line of it is an order', () => {
    for (const header of [
      'On Mon, Dec 7, 2026 at 10:15\u202fAM Judge of All Games\n<judge@example.org> wrote:',
      'On Mon, Dec 7, 2026 at 10:15 AM Judge of All Games <\njudge@example.org> wrote:',
      'On Mon, Dec 7, 2026 at 10:15 AM Judge of\nAll Games <judge@example.org> wrote:',
      'On Mon, Dec 7, 2026 at 10:15 AM Judge <judge@exa\nmple.org> wrote:',
      'On Mon, Dec 7, 2026 at 10:15 AM Judge <judge@example.org>\nwrote:',
      'On Mon, Dec 7, 2026 at 10:15 AM The Very Long Name\nof the Judge of All the Games in Town <\njudge@example.org> wrote:',
      'On 12/7/26 10:15 AM, The Judge of All the Games in the Old Town\nwrote:',
      'po 7. 12. 2026 v 10:15 odesílatel Judge of All Games\n<judge@example.org> napsal:',
      'po 7. 12. 2026 v 10:15 odesílatel Judge of All Games <judge@example.org>\nnapsal:',
      'Dne 07. 12. 26 v 10:15 Rozhodčí všech her ve Starém Městě\nnapsal(a):',
      'пн, 7 дек. 2026\u202fг. в 10:15, Judge of All Games\n<judge@example.org>:',
      'пн, 7 дек. 2026 г. в 10:15, Судья\nвсех игр <judge@example.org>:',
      'пн, 7 дек. 2026 г., 10:15 Judge <judge@exam\nple.org>:',
      '07.12.2026 10:15, Судья всех игр Старого города\nпишет:',
    ]) {
      // Over the quoted mail (">"): the quote is skipped, and the block holds only its orders.
      expect(findBlocks(`GAME g a x\nROLL 1d6\n\n${header}\n>\n> GAME g a x\n> ROLL 9d6\n`), header).toEqual([
        expect.objectContaining({ lines: ['ROLL 1d6'], end: 'end-of-mail' }),
      ]);
      // Over the mail unquoted: the fresh text ends at its first line.
      expect(findBlocks(`GAME g a x\nROLL 1d6\n${header}\nGAME g a x\nROLL 9d6 old\nEND\n`), header).toEqual([
        expect.objectContaining({ lines: ['ROLL 1d6'], end: 'quote' }),
      ]);
    }
  });

  it('order lines that merely hold a date, a time or an address are order lines', () => {
    const lines = [
      'MESSAGE bob Meet me on Mon, Dec 7, 2026 at 10:15 AM by the well',
      'ROLL 1d6',
      '7. 12. v 10:15 útok na hrad <petr@example.org>',
      'HOD 1d6 napsal',
      'СООБЩЕНИЕ вася 7 дек. 2026 г. в 10:15 у Пети <petya@example.ru>: принеси меч',
      'БРОСОК 1d6',
    ];
    expect(findBlocks(`GAME g a x\n${lines.join('\n')}\n`)).toEqual([
      expect.objectContaining({ lines, end: 'end-of-mail' }),
    ]);
    // One with a date and a time right over a real attribution stays an order line.
    expect(
      findBlocks(
        'HRA g a x\n7. 12. v 10:15 útok na hrad\nOn Mon, Dec 7, 2026 at 10:15 AM Judge <j@example.org> wrote:\n> x\n',
      ),
    ).toEqual([expect.objectContaining({ lines: ['7. 12. v 10:15 útok na hrad'], end: 'end-of-mail' })]);
  });
});
