// Answers a player understands, and silence for machines: phase labels in
// every language, notices and lists in the reader's language, the language of
// a reply, out-of-office subjects.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/engine/types.js';
import { createGame } from '../../src/engine/create-game.js';
import { queueNotice } from '../../src/engine/notices.js';
import { getRules, knownKinds } from '../../src/games/registry.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { guessLang } from '../../src/mail/inbound/lang-guess.js';
import { isAutoReplySubject } from '../../src/mail/inbound/loops.js';
import { getGame, getPlayer } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { listOutbox } from '../../src/store/outbox.js';
import { mail, tavern, testJudge, type TestJudge } from '../helpers.js';

const LANGS: Lang[] = ['en', 'cs', 'ru'];

function games(j: TestJudge) {
  tavern(j); // rpg, the default "Round"
  const fandi = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  createGame(j, {
    id: 'f',
    kind: 'fandi',
    seed: '3',
    actor: 'test',
    setup: {
      ...fandi,
      seats: ['alfa', 'brana', 'cerna', 'dana'].map((id, i) => ({
        id,
        name: id,
        email: `${id}@example.cz`,
        password: `${id}-pw`,
        lang: LANGS[i % 3],
      })),
    },
  });
  const gf = parse(readFileSync('games/godfather/setups/default.yaml', 'utf8'));
  const { schedule: _s, ...gfNoSchedule } = gf;
  createGame(j, {
    id: 'mafia',
    kind: 'godfather',
    seed: '11',
    actor: 'test',
    setup: {
      ...gfNoSchedule,
      seats: gf.seats.map((s: { id: string }, i: number) => ({ ...s, password: `${s.id}-pw`, lang: LANGS[i % 3] })),
    },
  });
}

describe('phase labels', { timeout: 60_000 }, () => {
  it('every kind labels its phases in every language: no English word in a Czech or Russian label', () => {
    const j = testJudge();
    games(j);
    const english = /\b(Round|turn|Turn|Day|Night|game over|Game over)\b/;
    for (const [id, kind] of [
      ['tavern', 'rpg'],
      ['f', 'fandi'],
      ['mafia', 'godfather'],
    ] as const) {
      const state = JSON.parse(currentPhase(j.db, id)!.state_json);
      const labels = Object.fromEntries(LANGS.map((l) => [l, getRules(kind).phase(state, l).label]));
      expect(labels.en, kind).toMatch(english);
      for (const l of ['cs', 'ru'] as const) {
        expect(labels[l], `${kind} ${l}`).not.toMatch(english);
        expect(labels[l], `${kind} ${l}`).not.toBe(labels.en);
      }
    }
    expect(knownKinds().filter((k) => !['rpg', 'fandi', 'godfather', 'nation'].includes(k))).toEqual([]);
  });

  it("a GM's own word for the dice game's phases stays as written", () => {
    const rules = getRules('rpg');
    const state = { ...rules.setup({ phaseLabel: 'Scene' }, [], { next: () => 0 } as never), round: 2 };
    expect(LANGS.map((l) => rules.phase(state, l).label)).toEqual(['Scene 2', 'Scene 2', 'Scene 2']);
  });

  it("notices, lists and acknowledgements name the phase in the reader's language", async () => {
    const j = testJudge();
    games(j);
    const game = getGame(j.db, 'tavern')!;
    const boris = getPlayer(j.db, 'tavern', 'boris')!;
    // The callers pass the stored label, in the game's language ("Round 1").
    queueNotice(j, game, 'reminder', 'test', [boris, getPlayer(j.db, 'tavern', 'alice')!], {
      phase: { number: 1, label: 'Round 1' },
      deadline: null,
    });
    const [toBoris, toAlice] = listOutbox(j.db);
    expect(toBoris!.subject).toBe('[tavern] Напоминание: нет приказов (Раунд 1)');
    expect(toAlice!.subject).toBe('[tavern] Reminder: no orders yet for Round 1');
    const fandi = getGame(j.db, 'f')!;
    queueNotice(j, fandi, 'deadline', 'test', [getPlayer(j.db, 'f', 'cerna')!], {
      phase: { number: 1, label: 'tah 1' },
      deadline: '2026-12-03T19:00:00.000Z',
    });
    expect(listOutbox(j.db).at(-1)!.subject).toBe('[f] Новый срок: ход 1');
    // LIST from a stranger: in the keyword's language; from a known Czech player: in Czech, phases in Czech.
    await ingest(j, await mail('Cyril <cyril@example.cz>', 'LIST'), 'test');
    expect(listOutbox(j.db).at(-1)!.body).toMatch(/^Games on this judge:\n[\s\S]*active {2}turn 1,/);
    const j2 = testJudge();
    games(j2);
    createGame(j2, {
      id: 'hospoda',
      kind: 'rpg',
      seed: '1',
      actor: 't',
      setup: {
        lang: 'cs',
        seats: [{ id: 'cyril', name: 'Cyril', email: 'cyril@example.cz', password: 'koruna', lang: 'cs' }],
      },
    });
    await ingest(j2, await mail('Cyril <cyril@example.cz>', 'LIST'), 'test');
    const list = listOutbox(j2.db).at(-1)!;
    expect(list.subject).toBe('pbem-judge: hry');
    expect(list.body).toMatch(/tavern .* Kolo 1, 2 hráči/);
    expect(list.body).toMatch(/mafia .* Den 1, 9–15/);
  });
});

describe('the language of a reply', () => {
  it('guesses Czech (with or without diacritics), Russian and English from the text', () => {
    expect(guessLang('Dobrý den, posílám tahy')).toBe('cs');
    expect(guessLang('Dobry den, posilam tahy')).toBe('cs');
    expect(guessLang('Здравствуйте')).toBe('ru');
    expect(guessLang('Hello, here are my orders')).toBe('en');
  });

  it("a known player is answered in the seat's language whatever the mail's; a stranger in the mail's", async () => {
    const j = testJudge();
    tavern(j);
    await ingest(j, await mail('Boris <boris@example.ru>', 'Hello, what are the rules?', 'question'), 'test');
    expect(listOutbox(j.db).at(-1)!.subject).toBe('[pbem-judge] Письмо не принято: нет блока приказов');
    await ingest(j, await mail('Alice <alice@example.org>', 'ИГРА tavern alice груша\nБРОСОК 1d6\nКОНЕЦ'), 'test');
    expect(listOutbox(j.db).at(-1)!.subject).toBe('[tavern] Orders not accepted: wrong player or password');
    expect(listOutbox(j.db).at(-1)!.body).toMatch(
      /ИГРА tavern: game "tavern" has no such player, or the password is wrong/,
    );
    await ingest(j, await mail('Pavel <pavel@example.cz>', 'Ahoj, jak se přihlásit do hry?', 'dotaz'), 'test');
    expect(listOutbox(j.db).at(-1)!.subject).toBe('[pbem-judge] Dopis nepřijat: žádný blok rozkazů');
    // HELP from a known player: the seat's language too.
    await ingest(j, await mail('Boris <boris@example.ru>', 'HELP'), 'test');
    expect(listOutbox(j.db).at(-1)!.subject).toBe('pbem-judge: помощь');
  });
});

describe('out-of-office subjects', () => {
  it.each([
    'Automatic reply: Round 1',
    'Automatická odpověď: Kolo 1',
    'Automatická odpoveď: Kolo 1',
    'Автоматический ответ: Раунд 1',
    'Автоответ: Раунд 1',
    'Out of Office: Round 1',
    'Out of Office AutoReply: Round 1',
    'Abwesenheitsnotiz: Runde 1',
    'Automatische Antwort: Runde 1',
    'Réponse automatique : Tour 1',
    'Auto-Reply: orders',
    'Out of office',
  ])('%s is an automatic reply', (subject) => {
    expect(isAutoReplySubject(subject)).toBe(true);
  });

  it.each([
    'Re: Round 1',
    'orders',
    'Out of office next week — my orders until then',
    'Automatic replies are annoying',
    'Odpověď: tahy',
    'Ответ: ход',
  ])("%s is a person's subject", (subject) => {
    expect(isAutoReplySubject(subject)).toBe(false);
  });
});

describe('X-Auto-Response-Suppress', { timeout: 60_000 }, () => {
  it("is no sign of a machine: a person's order mail with it (Outlook and Exchange add it in some set-ups) is accepted and answered", async () => {
    const j = testJudge();
    tavern(j);
    const plain = await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND\n', 'RE: [tavern] Round 1');
    const raw = Buffer.concat([Buffer.from('X-Auto-Response-Suppress: All\r\nX-MS-Has-Attach: \r\n'), plain]);
    const r = await ingest(j, raw, 'test');
    expect(r.status).toBe('accepted');
    expect(r.kinds ?? []).not.toContain('automated');
    expect(listOutbox(j.db).map((m) => m.kind)).toEqual(['ack']);
  });

  it('an out-of-office reply that carries it is still silent: its subject (or Exchange’s own headers) tells', async () => {
    const j = testJudge();
    tavern(j);
    const plain = await mail(
      'alice@example.org',
      'I am away.\n\nGAME tavern alice apple\nROLL 1d6\nEND\n',
      'Automatic reply: Round 1',
    );
    const r = await ingest(j, Buffer.concat([Buffer.from('X-Auto-Response-Suppress: All\r\n'), plain]), 'test');
    expect(r).toMatchObject({
      status: 'ignored',
      reason: 'automated mail: automatic-reply subject "Automatic reply: Round 1"',
    });
    expect(listOutbox(j.db)).toEqual([]);
  });
});
