// Start, end and judge-command keywords as people really type them: with a
// letter of the other keyboard layout (GАME with a Cyrillic А, ИГPA with a
// Latin P and A, ЕND, KOНЕЦ), in full-width letters (ＧＡＭＥ … ＥＮＤ, an
// East Asian input method), or in lines wrapped in direction marks (text
// pasted from some apps). Each is recognised by its skeleton (text-fold.ts)
// and echoed as written; a word in one script is a keyword exactly when it
// was before.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findBlocks, findBlocksIn, fold, judgeCommand } from '../../src/mail/inbound/envelope.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { cleanText, normalize } from '../../src/mail/inbound/normalize.js';
import { listOutbox } from '../../src/store/outbox.js';
import { skeleton } from '../../src/text-fold.js';
import { mail, tavern, testJudge } from '../helpers.js';

const A = '\u0410'; // Cyrillic А
const E = '\u0415'; // Cyrillic Е
const LRM = '\u200E';

describe('keywords with look-alike letters, full-width, or invisible marks', () => {
  it.each([
    [`G${A}ME g a x`, 'END', 'en', `G${A}ME`],
    ['GAME g a x', `${E}ND`, 'en', 'GAME'],
    ['ИГPA g a x', 'КОНЕЦ', 'ru', 'ИГPA'],
    ['ИГРА g a x', 'KOНЕЦ', 'ru', 'ИГРА'],
    ['HRA g a x', `KON${E}C`, 'cs', 'HRA'],
    ['ＧＡＭＥ\u3000g\u3000a\u3000x', 'ＥＮＤ', 'en', 'ＧＡＭＥ'],
    ['ＨＲＡ g a x', 'ＫＯＮＥＣ．', 'cs', 'ＨＲＡ'],
    ['H\u00ADRA: g a x', 'KONEC', 'cs', 'H\u00ADRA'],
  ])('%s … %s: a block, its keyword echoed as written', (start, end, lang, keyword) => {
    expect(findBlocks(`Hi,\n${start}\nROLL 1d6\n${end}\n\nAlice\n`)).toEqual([
      expect.objectContaining({
        game: 'g',
        player: 'a',
        password: 'x',
        lang,
        keyword,
        lines: ['ROLL 1d6'],
        end: 'end-line',
      }),
    ]);
  });

  it('a GM block: GМ with a Cyrillic М', () => {
    expect(findBlocks('G\u041C g secret\nSTATUS\nEND\n')).toEqual([
      expect.objectContaining({ kind: 'gm', game: 'g', lines: ['STATUS'], end: 'end-line' }),
    ]);
  });

  it(
    'judge commands inside a block: FІNAL (Ukrainian і), ГOTOBO (Latin O, T, B), ＲＥＳＥＮＤ, P' + A + 'SSWORD',
    () => {
      const [b] = findBlocks(`GAME g a x\nFІNAL\nROLL 1d6\nEND\n`);
      expect(b).toMatchObject({ final: true, lines: ['', 'ROLL 1d6'] });
      expect(findBlocks('ИГРА g a x\nГOTOBO\nКОНЕЦ\n')[0]!.final).toBe(true);
      expect(judgeCommand('ＲＥＳＥＮＤ', 1)).toMatchObject({ name: 'resend' });
      expect(judgeCommand(`P${A}SSWORD new secret`, 1)).toEqual({
        line: 1,
        name: 'password',
        arg: 'new secret',
        text: `P${A}SSWORD ********`,
      });
    },
  );

  it('lines wrapped in direction marks: LRM, RLM and ALM go everywhere, the embeddings and isolates at a line’s ends', async () => {
    const text = `${LRM}HRA g a x${LRM}\n${LRM}B2 hradby 32${LRM}\n\u202AKONEC\u202C\n\u2067HRA g b y\u2069\nHOD 1d6\n\u200F KONEC \u200F`;
    expect(findBlocks(cleanText(text))).toEqual([
      expect.objectContaining({ player: 'a', password: 'x', lines: ['B2 hradby 32'], end: 'end-line' }),
      expect.objectContaining({ player: 'b', password: 'y', lines: ['HOD 1d6'], end: 'end-line' }),
    ]);
    // Inside a line an override stays (the player's text; the answers show it as U+FFFD: tests/mail/bidi.test.ts).
    expect(cleanText('ROLL 1d6 \u202Eevil')).toBe('ROLL 1d6 \u202Eevil');
    // As a mail: every line of it wrapped in LRM.
    const raw = await mail(
      'a@example.org',
      `${LRM}HRA g a jablko${LRM}\n${LRM}B2 hradby 32${LRM}\n${LRM}KONEC${LRM}\n`,
    );
    expect(findBlocksIn((await normalize(raw)).sections)).toEqual([
      expect.objectContaining({ password: 'jablko', lines: ['B2 hradby 32'], end: 'end-line' }),
    ]);
  });

  it('a word in one script is a start, end or command word exactly when its folded form is one (every word of the order guides)', () => {
    const words = new Set<string>();
    for (const f of [
      'games/fandi/ORDERS.md',
      'games/godfather/ORDERS.md',
      'games/nation/ORDERS.md',
      'games/rpg/ORDERS.md',
      'README.md',
    ])
      for (const w of readFileSync(f, 'utf8').match(/[\p{L}]+/gu) ?? []) words.add(w);
    const oneScript = [...words]
      .filter((w) => w.normalize('NFKC') === w)
      .filter((w) => /^[\p{Script=Latin}]+$/u.test(w) || /^[\p{Script=Cyrillic}]+$/u.test(w));
    expect(oneScript.length).toBeGreaterThan(3000);
    const START = ['game', 'hra', 'игра'];
    const END = ['end', 'konec', 'конец'];
    const COMMANDS = [
      ...['final', 'hotovo', 'готово', 'resend', 'znovu', 'повторить', 'orders', 'rozkazy', 'приказы'],
      ...['help', 'napoveda', 'помощь', 'withdraw', 'odstoupit', 'отказаться'],
      ...['password', 'heslo', 'пароль'], // PASSWORD alone: a password command without the password
    ];
    const wrong = oneScript.filter((w) => {
      const start = findBlocks(`${w} g a x\nROLL 1d6\n`).length === 1;
      const end = findBlocks(`GAME g a x\nROLL 1d6\n${w}\nROLL 2d6\n`)[0]!.end === 'end-line';
      const command = judgeCommand(w, 1) !== null;
      const f = fold(w);
      return start !== START.includes(f) || end !== END.includes(f) || command !== COMMANDS.includes(f);
    });
    expect(wrong).toEqual([]);
  });

  it('the skeleton: full-width and look-alikes folded, ASCII only lower-cased', () => {
    expect(skeleton('ＧＡＭＥ')).toBe('game');
    expect(skeleton(`G${A}ME`)).toBe('game');
    expect(skeleton('ИГPA')).toBe(skeleton('ИГРА'));
    expect(skeleton('KOНЕЦ')).toBe(skeleton('КОНЕЦ'));
    expect(skeleton('Konec rozkazů')).toBe('konec rozkazu');
    expect(skeleton('END')).toBe('end');
  });
});

describe('as the judge answers them', { timeout: 60_000 }, () => {
  it.each([
    ['alice@example.org', `G${A}ME tavern alice apple\nROLL 1d6 up\nEND\n\n-- \nAlice`, 'ROLL 1d6 up'],
    ['alice@example.org', `GAME tavern alice apple\nROLL 1d6 up\n${E}ND\n\nAlice`, 'ROLL 1d6 up'],
    ['alice@example.org', 'ＧＡＭＥ\u3000tavern\u3000alice\u3000apple\nROLL 1d6 up\nＥＮＤ\n', 'ROLL 1d6 up'],
    [
      'alice@example.org',
      `${LRM}GAME tavern alice apple${LRM}\n${LRM}ROLL 1d6 up${LRM}\n${LRM}END${LRM}\n`,
      'ROLL 1d6 up',
    ],
    ['boris@example.ru', 'ИГPA tavern boris berry\nБРОСОК 1d6 вверх\nKOНЕЦ\n\nБорис', 'БРОСОК 1d6 вверх'],
  ])('%s: %j is accepted, the end line and the signature are no orders', async (from, text, orders) => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(j, await mail(from, text), 'test');
    expect(r.status).toBe('accepted');
    const s = j.db.prepare('SELECT text FROM submissions').all() as { text: string }[];
    expect(s.map((x) => x.text.trim())).toEqual([orders]);
    expect(listOutbox(j.db).map((m) => m.kind)).toEqual(['ack']);
  });
});
