// Control characters in players' text that are not bidirectional (render/bidi.ts
// neutralizeControls): ESC sequences, VT, FF, a lone CR, DEL, C1 (NEL U+0085),
// U+2028, U+2029. In every mail that carries such text — Godfather's relayed
// messages above all, which go to other players, and the names in them — they
// show as U+FFFD in the text part, the subject and the HTML part; a tab becomes
// a space; ordinary text (Cyrillic, Czech diacritics, emoji) is left as it was.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { replacePlayer } from '../../src/engine/gm.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { isolateModel, neutralizeControls } from '../../src/render/bidi.js';
import { unpackPage } from '../../src/render/page-css.js';
import { render } from '../../src/render/templates.js';
import { getPlayer, listPlayers } from '../../src/store/games.js';
import { enqueue, listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { mail, tavern, tavernSetup, testJudge, type TestJudge } from '../helpers.js';
import { fandiSetup, send } from '../seats/helpers.js';

/** Every control a mail's part may not carry (tab and line feed may stay). */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/;
const ESC = '\u001B';
const ORDINARY = 'Příliš žluťoučký kůň — Доброе утро, господа! 🎲👍🏽';

function mafia(): { j: TestJudge; seats: { id: string; email: string; name: string }[] } {
  const j = testJudge();
  const base = parse(readFileSync('games/godfather/setups/default.yaml', 'utf8'));
  const seats = base.seats.map((s: { id: string }) => ({ ...s, password: `${s.id}-pw` }));
  createGame(j, { id: 'mafia', kind: 'godfather', setup: { ...base, seats }, seed: '11', actor: 'test' });
  return { j, seats };
}

/** The mail's subject, text part and HTML part have no control left; `evil` shows with U+FFFD where its controls were. */
function clean(m: OutboxRow, evil: string): void {
  expect(m.subject, m.dedupe_key).not.toMatch(CONTROL);
  expect(m.body, m.dedupe_key).not.toMatch(CONTROL);
  expect(m.body).toContain(evil);
  expect(m.body).toContain(ORDINARY);
  const html = unpackPage(m.html!, { subject: m.subject, body: m.body });
  expect(html, m.dedupe_key).not.toMatch(CONTROL);
  expect(html).toContain('\uFFFD[31mred\uFFFD[0m');
}

describe('control characters in players’ text', { timeout: 120_000 }, () => {
  it('Godfather: relayed private and public messages (ЛИЧНО, ВСЕМ) reach the other players without ESC, VT, FF, DEL, NEL, U+2028, U+2029', async () => {
    const { j, seats } = mafia();
    const [me, you] = seats;
    const evil = `${ESC}[31mred${ESC}[0m a\u000Bb\u000Cc\u007Fd\u0085e\u2028f\u2029g\tend`;
    await ingest(
      j,
      await mail(
        me!.email,
        `ИГРА mafia ${me!.id} ${me!.id}-pw\nЛИЧНО ${you!.name}: тайна ${evil} ${ORDINARY}\nВСЕМ: привет ${evil} ${ORDINARY}\nКОНЕЦ`,
      ),
      't',
    );
    const relayed = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('msg:'));
    const shown = '\uFFFD[31mred\uFFFD[0m a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg end';
    const priv = relayed.find((m) => m.body.includes('тайна'))!;
    expect(JSON.parse(priv.to_addrs)).toEqual([you!.email]);
    clean(priv, shown);
    const pub = relayed.filter((m) => m.body.includes('привет'));
    expect(pub.length).toBeGreaterThan(1);
    for (const m of pub) clean(m, shown);
    // The sender's acknowledgement echoes his lines the same way.
    const ack = listOutbox(j.db).find((m) => m.kind === 'ack')!;
    expect(ack.body).not.toMatch(CONTROL);
  });

  it('a player’s name with controls (as a store may hold it) in the relayed message', async () => {
    const { j, seats } = mafia();
    const [me, you] = seats;
    j.db
      .prepare('UPDATE players SET name = ? WHERE game_id = ? AND id = ?')
      .run(`Ива${ESC}[2Jн\u0085`, 'mafia', me!.id);
    await ingest(
      j,
      await mail(me!.email, `ИГРА mafia ${me!.id} ${me!.id}-pw\nЛИЧНО ${you!.name}: ${ORDINARY}\nКОНЕЦ`),
      't',
    );
    const priv = listOutbox(j.db).find((m) => m.dedupe_key.startsWith('msg:'))!;
    expect(priv.subject).not.toMatch(CONTROL);
    expect(priv.subject).toContain('Ива\uFFFD[2Jн\uFFFD');
    expect(priv.body).not.toMatch(CONTROL);
    expect(priv.body).toContain('Ива\uFFFD[2Jн\uFFFD');
    expect(unpackPage(priv.html!, { subject: priv.subject, body: priv.body })).not.toMatch(CONTROL);
  });

  it('a template’s model: every string’s controls replaced, a tab a space, CR LF a line feed; ordinary text untouched', () => {
    expect(neutralizeControls(`a${ESC}[1mb\u0085c\u2028d\u2029e\u000Bf\u000Cg\rh\r\ni\tj\nk`)).toBe(
      'a\uFFFD[1mb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg\uFFFDh\ni j\nk',
    );
    for (const s of [ORDINARY, 'Alice', 'Борис', 'a\nb\n', '', 'שלום']) expect(neutralizeControls(s)).toBe(s);
    const model = { a: 'plain', b: ['x', { c: ORDINARY }] };
    expect(isolateModel(model)).toBe(model); // nothing to change: the very same model
    expect(isolateModel({ a: [`x${ESC}y`], svg: '<svg>\n\t<text>a\u0085</text></svg>' })).toEqual({
      a: ['x\uFFFDy'],
      svg: '<svg>\n\t<text>a\uFFFD</text></svg>',
    });
    const m = render('common', 'en', 'error', {
      problems: [`x${ESC}[31my`],
      tag: 'g',
      mailLevel: false,
      short: 's',
      more: 0,
      subject: `Re: ${ESC}]0;owned\u0007`,
      last: false,
      limit: 10,
      judge: { name: 'j', address: 'judge@localhost' },
    });
    expect(m.subject).not.toMatch(CONTROL);
    expect(m.text).not.toMatch(CONTROL);
    expect(m.html).not.toMatch(CONTROL);
  });

  it('a mail queued without a template (the outbox itself): its controls replaced, tab and line breaks kept', () => {
    const j = testJudge();
    enqueue(
      j.db,
      {
        dedupeKey: 'raw:1',
        kind: 'notice',
        to: ['gm@example.org'],
        subject: `hi ${ESC}[5m`,
        body: `line\tone ${ESC}[2J\nline two\u0085 ${ORDINARY}\n`,
        headers: { 'In-Reply-To': `<a${ESC}b@example.org>` },
      },
      'example.org',
      new Date().toISOString(),
    );
    const m = listOutbox(j.db).find((r) => r.dedupe_key === 'raw:1')!;
    expect(m.subject).toBe('hi \uFFFD[5m');
    expect(m.body).toBe(`line\tone \uFFFD[2J\nline two\uFFFD ${ORDINARY}\n`);
    expect(m.headers_json).not.toMatch(CONTROL);
  });
});

describe('names with a control character are refused where they are given', { timeout: 60_000 }, () => {
  it('in a setup (a seat, the GM, the title), every one named', () => {
    const j = testJudge();
    const setup = {
      ...structuredClone(tavernSetup),
      title: `Tavern${ESC}[2J`,
      gm: { email: 'gm@example.org', name: 'G\nM' },
      seats: tavernSetup.seats.map((s, i) => (i === 0 ? { ...s, name: 'Ali\u0085ce' } : s)),
    };
    expect(() => createGame(j, { id: 't', kind: 'rpg', setup, seed: '1', actor: 'test' })).toThrow(
      /title: holds a control character[\s\S]*gm\.name: holds a control character[\s\S]*seats\.0\.name: holds a control character/,
    );
    // Ordinary names are taken.
    const fine = {
      ...structuredClone(tavernSetup),
      title: 'Hospoda U Kůň 🎲',
      seats: tavernSetup.seats.map((s, i) => (i === 0 ? { ...s, name: 'Jiří Žluťoučký' } : s)),
    };
    expect(() => createGame(j, { id: 'u', kind: 'rpg', setup: fine, seed: '1', actor: 'test' })).not.toThrow();
  });

  it('by judge player replace --name, and by JOIN (answered in the sender’s language)', async () => {
    const j = testJudge();
    tavern(j);
    expect(() =>
      replacePlayer(j, 'tavern', 'alice', { email: 'new@example.org', password: 'secret', name: `N${ESC}ew` }, 'test'),
    ).toThrow(/--name holds a control character/);
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    createGame(j, {
      id: 'f1',
      kind: 'fandi',
      setup: { ...fandiSetup(), signup: { seats: 4, confirm: '24h' } },
      seed: '11',
      actor: 'test',
    });
    const { reply, result } = await send(j, 'olga@example.ru', `ВСТУПИТЬ f1 Оль${ESC}[8mга\n`);
    expect(result.status).toBe('rejected');
    expect(reply!.body).toContain('имя слишком длинное или содержит знаки, которые испортят письма');
    expect(listPlayers(j.db, 'f1')).toHaveLength(0);
  });
});
