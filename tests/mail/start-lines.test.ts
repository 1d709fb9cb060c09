// A line that begins with GAME, HRA or ИГРА (GM, ГМ, ВЕДУЩИЙ) is a start line
// only when it names a game of this judge, or has a start line's shape and its
// writer shows he meant one (src/mail/inbound/block-lines.ts): prose in a
// player's mail ("Hra je super, díky!") brings no refusal beside his
// acknowledgement, while a misspelt game still gets its "no such game".
import { describe, expect, it } from 'vitest';
import { findBlocks, type KnownIds } from '../../src/mail/inbound/envelope.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { knownIds } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { mail, tavern, testJudge } from '../helpers.js';

const ALICE = 'Alice <alice@example.org>';
/** A judge that knows no game and no seat: only the shape and the writing of a line tell. */
const NONE: KnownIds = { game: () => false, seat: () => false };

/** Prose that begins with a start keyword, as players write it beside their orders. */
const PROSE = [
  'Game looks great, thanks',
  'Game looks great',
  'Game was fun',
  'Game on!',
  'game on!',
  'Game over',
  'GAME OVER',
  'GAME OVER for me, I think',
  'Game of the year, honestly.',
  'Game: great fun so far',
  'Hra je super, díky!',
  'Hra je super',
  'Hra je fajn',
  'Hra mě baví',
  'Hra byla skvělá.',
  'HRA JE SUPER',
  'Hra: tenhle tah je zajímavý',
  'Игра отличная, спасибо',
  'Игра идёт хорошо',
  'ИГРА ОКОНЧЕНА',
  'Игра — огонь!',
  'Игра: спасибо за ход',
  'GM je super',
  'GM díky moc',
  'Ведущий молодец, спасибо',
  'ГМ спасибо большое',
];

describe('prose that begins with a start keyword', () => {
  it.each(PROSE)('%j around a block is no block of its own', (prose) => {
    const j = testJudge();
    tavern(j);
    const text = `Ahoj,\n${prose}\n\nGAME tavern alice apple\nROLL 1d6\nEND\n${prose}\n\n${prose}\nAlice\n`;
    for (const ids of [knownIds(j.db), NONE])
      expect(findBlocks(text, ids).map((b) => [b.game, b.player, b.lines])).toEqual([
        ['tavern', 'alice', ['ROLL 1d6']],
      ]);
  });

  it('a mail with orders and prose in three languages gets its acknowledgement and no refusal', async () => {
    const j = testJudge();
    tavern(j);
    const text = [
      'Hra je super, díky!',
      'Game looks great, thanks',
      '',
      'GAME tavern alice apple',
      'ROLL 2d6 attack',
      'END',
      '',
      'Игра отличная, спасибо',
      'Game was fun',
      'Alice',
    ].join('\n');
    const r = await ingest(j, await mail(ALICE, text), 'test');
    expect(r.status).toBe('accepted');
    expect(r.blocks).toEqual([expect.objectContaining({ game: 'tavern', player: 'alice', accepted: true })]);
    expect(listOutbox(j.db).map((m) => m.kind)).toEqual(['ack']);
  });
});

describe('a start line that names a game this judge does not have', () => {
  it.each([
    ['GAME tavrn alice apple\nROLL 1d6\nEND', 'the keyword in capitals, as the judge writes it'],
    ['Game tavrn alice apple\nROLL 1d6', 'a phone capitalised the keyword: the seat is one of this judge'],
    ['game tavrn alice apple\nROLL 1d6', 'all in small letters: the seat is one of this judge'],
    ['Hra tavrn zuzana jablko\nHOD 1d6\nKONEC', 'no seat known, but the block is closed by its end line'],
    ['ИГРА kabak ivan parol\nБРОСОК 1d6', 'a stranger, the keyword in capitals'],
  ])('%j (%s) is answered "no such game"', async (text) => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(j, await mail(ALICE, text), 'test');
    expect(r.status).toBe('rejected');
    expect(r.reason).toMatch(/there is no game "(tavrn|kabak)"/);
    expect(listOutbox(j.db).map((m) => m.kind)).toEqual(['error']);
  });

  it('one with the player left out is answered that it is missing', async () => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(j, await mail(ALICE, 'GAME tavrn\nROLL 1d6\nEND'), 'test');
    expect(r.reason).toMatch(/GAME tavrn: .* the player id is missing/);
  });

  it('a GM block naming no game of this judge, closed by END, is answered too', async () => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(j, await mail('GM <gm@example.org>', 'GM tavrn secret\nSTATUS\nEND'), 'test');
    expect(r.reason).toMatch(/there is no game "tavrn"/);
  });

  it('a line naming a game of this judge is a start line however it is written', async () => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(j, await mail(ALICE, 'game Tavern alice apple\nROLL 1d6\n\nAlice'), 'test');
    expect(r.status).toBe('accepted');
    expect(r.blocks).toEqual([expect.objectContaining({ game: 'tavern', orders: 1 })]);
  });

  it('an HTML mail whose text part is a placeholder: its HTML block is read, however its start line is written', async () => {
    const j = testJudge();
    tavern(j);
    const raw = Buffer.from(
      [
        'From: Alice <alice@example.org>',
        'To: judge@localhost',
        'Subject: orders',
        'Message-ID: <placeholder-html@example.org>',
        'Date: Mon, 07 Dec 2026 11:00:00 +0000',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset="UTF-8"',
        '',
        'This is an HTML message. Please use an HTML capable mail program to read this message.',
        '--b',
        'Content-Type: text/html; charset="UTF-8"',
        '',
        '<div dir="ltr">Game tavern alice apple<br>ROLL 1d6 from html<br></div>',
        '--b--',
        '',
      ].join('\r\n'),
    );
    const r = await ingest(j, raw, 'test');
    expect(r.status).toBe('accepted');
    expect(r.blocks).toEqual([expect.objectContaining({ game: 'tavern', orders: 1 })]);
  });

  it('what tells a start line from prose, each alone', () => {
    const seat = { game: () => false, seat: (id: string) => id === 'alice' };
    const game = { game: (id: string) => id === 'tavern', seat: () => false };
    const starts = (text: string, ids: KnownIds = NONE) => findBlocks(text, ids).map((b) => b.game);
    expect(starts('Game tavern alice apple\nROLL 1d6\n')).toEqual([]);
    expect(starts('Game tavern alice apple\nROLL 1d6\n', game)).toEqual(['tavern']);
    expect(starts('Game tavrn alice apple\nROLL 1d6\n', seat)).toEqual(['tavrn']);
    expect(starts('GAME tavrn bob apple\nROLL 1d6\n')).toEqual(['tavrn']);
    expect(starts('Game tavrn bob apple\nROLL 1d6\nEND\n')).toEqual(['tavrn']);
    // An end line closes only the block right above it: not one above another start keyword's line.
    expect(starts('Game tavrn bob apple\nROLL 1d6\nGAME tavern alice apple\nEND\n', game)).toEqual(['tavern']);
    // Punctuation after the game or the player, or a letter no id has, is prose whatever else tells.
    expect(starts('GAME tavrn, alice apple\nROLL 1d6\nEND\n', seat)).toEqual([]);
    expect(starts('GAME tavrn alice! apple\nROLL 1d6\nEND\n', seat)).toEqual([]);
    expect(starts('ИГРА кабак ivan parol\nБРОСОК 1d6\nКОНЕЦ\n')).toEqual([]);
  });
});
