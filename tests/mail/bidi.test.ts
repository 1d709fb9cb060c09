/// <reference lib="dom" />
// Right-to-left overrides and the other bidirectional controls in players'
// text (issue #29, point 8): in every mail that carries such text — the
// acknowledgement's echo, a refusal quoting a subject, the reports naming
// players, Godfather's relayed messages — and on the web pages, a control is
// replaced (U+FFFD) in the text part and the headers, and the text is isolated:
// FSI…PDI in the text part, <bdi> in the HTML (checked in a real browser's
// DOM). Names with a control are refused where they are given.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { replacePlayer } from '../../src/engine/gm.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { isolateBidi, isolatesToHtml, safeText } from '../../src/render/bidi.js';
import { unpackPage } from '../../src/render/page-css.js';
import { getGame, getPlayer } from '../../src/store/games.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { readerPage } from '../../src/web/data.js';
import { readerHtml } from '../../src/web/pages.js';
import { launchBrowser, type Browser } from '../browser.js';
import { mail, tavern, tavernSetup, testJudge, type TestJudge } from '../helpers.js';

const RLO = '\u202E';
/** Every bidirectional control but the isolates FSI and PDI. */
const OVERRIDES = /[\u061C\u200E\u200F\u202A-\u202E\u2066\u2067]/;
const ANY_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The text nodes of a page that hold `needle`, and whether each is inside a <bdi> (or an element with dir=auto). */
async function isolatedIn(html: string, needle: string): Promise<boolean[]> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return await page.evaluate((n) => {
      const out: boolean[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode())
        if (t.textContent?.includes(n)) out.push(!!t.parentElement?.closest('bdi, [dir="auto"]'));
      return out;
    }, needle);
  } finally {
    await page.close();
  }
}

/** A mail's text part and subject have no control but balanced isolates, the RLO shows as U+FFFD, its HTML isolates `needle` (its <title> has no control at all). */
async function checkMail(m: OutboxRow, needle: string): Promise<void> {
  expect(m.subject, m.dedupe_key).not.toMatch(OVERRIDES);
  expect(safeText(m.subject)).toBe(m.subject);
  expect(m.headers_json).not.toMatch(ANY_CONTROL);
  expect(m.body, m.dedupe_key).not.toMatch(OVERRIDES);
  expect(m.body).toContain(`\uFFFD${needle}`);
  expect(safeText(m.body)).toBe(m.body); // its isolates pair up on every line
  const line = m.body.split('\n').find((l) => l.includes(needle))!;
  expect(line).toMatch(/\u2068[^\u2069]*\uFFFD/); // the player's text inside an isolate
  const html = unpackPage(m.html!, { subject: m.subject, body: m.body });
  expect(html).not.toMatch(ANY_CONTROL);
  expect(/<title>([^<]*)<\/title>/.exec(html)![1]).toBe(
    m.subject.replace(/[\u2068\u2069]/g, '').replace(/&/g, '&amp;'),
  );
  const nodes = await isolatedIn(html, needle);
  expect(nodes.length, m.dedupe_key).toBeGreaterThan(0);
  expect(nodes.every(Boolean), m.dedupe_key).toBe(true);
}

/** A player's name with an override, as a store from before this check may hold it. */
function oldName(j: TestJudge, game: string, player: string, name: string): void {
  j.db.prepare('UPDATE players SET name = ? WHERE game_id = ? AND id = ?').run(name, game, player);
}

describe('bidirectional controls in players’ text', { timeout: 120_000 }, () => {
  it('the acknowledgement: the player’s name and an order line with U+202E', async () => {
    const j = testJudge();
    tavern(j);
    oldName(j, 'tavern', 'alice', `Ali${RLO}nameEvil`);
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nROLL 1d6 ${RLO}orderEvil\nEND`), 't');
    const ack = listOutbox(j.db).find((m) => m.kind === 'ack')!;
    expect(ack.subject).toBe('[tavern] Orders received: \u2068Ali\uFFFDnameEvil\u2069, Round 1');
    await checkMail(ack, 'nameEvil');
    await checkMail(ack, 'orderEvil');
  });

  it('a refusal quoting the subject of the mail', async () => {
    const j = testJudge();
    tavern(j);
    await ingest(j, await mail('stranger@example.net', 'no block', `my ${RLO}subjectEvil`), 't');
    await checkMail(listOutbox(j.db).find((m) => m.kind === 'error')!, 'subjectEvil');
  });

  it('the reports: the player’s own name and the roll’s label, and the GM’s copy naming the player', async () => {
    const j = testJudge();
    tavern(j);
    oldName(j, 'tavern', 'alice', `Ali${RLO}nameEvil`);
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nROLL 1d6 ${RLO}labelEvil\nEND`), 't');
    processPhase(j, 'tavern', 'test');
    const reports = listOutbox(j.db).filter((m) => m.kind === 'report');
    const alice = reports.find((m) => m.to_addrs.includes('alice@'))!;
    await checkMail(alice, 'nameEvil');
    await checkMail(alice, 'labelEvil');
    await checkMail(reports.find((m) => m.to_addrs.includes('gm@'))!, 'labelEvil');
  });

  it('Godfather: a relayed private and public message, and the sender’s name', async () => {
    const j = testJudge();
    const base = parse(readFileSync('games/godfather/setups/default.yaml', 'utf8'));
    const seats = base.seats.map((s: { id: string }) => ({ ...s, password: `${s.id}-pw` }));
    createGame(j, { id: 'mafia', kind: 'godfather', setup: { ...base, seats }, seed: '11', actor: 'test' });
    const [me, you] = seats as { id: string; email: string; name: string }[];
    oldName(j, 'mafia', me!.id, `${RLO}nameEvil`);
    await ingest(
      j,
      await mail(
        me!.email,
        `ИГРА mafia ${me!.id} ${me!.id}-pw\nЛИЧНО ${you!.name}: тайна ${RLO}privateEvil\nВСЕМ: привет ${RLO}publicEvil\nКОНЕЦ`,
      ),
      't',
    );
    const relayed = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('msg:'));
    const priv = relayed.find((m) => m.body.includes('privateEvil'))!;
    expect(JSON.parse(priv.to_addrs)).toEqual([you!.email]);
    await checkMail(priv, 'privateEvil');
    await checkMail(priv, 'nameEvil');
    const pub = relayed.filter((m) => m.body.includes('publicEvil'));
    expect(pub.length).toBeGreaterThan(1);
    await checkMail(pub[0]!, 'publicEvil');
    // The acknowledgement names the sender.
    const ack = listOutbox(j.db).find((m) => m.kind === 'ack')!;
    await checkMail(ack, 'nameEvil');
  });

  it('the web page of a player: the name and the reports isolated, no control in its title', async () => {
    const j = testJudge();
    tavern(j);
    oldName(j, 'tavern', 'alice', `Ali${RLO}nameEvil`);
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nROLL 1d6 ${RLO}labelEvil\nEND`), 't');
    processPhase(j, 'tavern', 'test');
    const page = readerHtml(readerPage(j.db, getGame(j.db, 'tavern')!, getPlayer(j.db, 'tavern', 'alice')!));
    expect(page.html).not.toMatch(ANY_CONTROL);
    expect(/<title>([^<]*)<\/title>/.exec(page.html)![1]).toContain('Ali\uFFFDnameEvil');
    for (const needle of ['nameEvil', 'labelEvil']) {
      const nodes = await isolatedIn(page.html, needle);
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes.every(Boolean)).toBe(true);
    }
  });

  it('text without controls or right-to-left letters is left exactly as it was', () => {
    for (const s of ['Alice', 'Борис', 'Příliš žluťoučký kůň', 'a (b) — c', '']) expect(isolateBidi(s)).toBe(s);
    expect(isolateBidi('שלום, Alice')).toBe('\u2068שלום, Alice\u2069');
    expect(isolateBidi(`a${RLO}b\nplain\n`)).toBe('\u2068a\uFFFDb\u2069\nplain\n');
    expect(isolateBidi(isolateBidi(`a${RLO}b`))).toBe(isolateBidi(`a${RLO}b`));
    expect(isolatesToHtml('<td title="\u2068x\u2069">\u2068a\u2069 \u2069 \u2068b</td>')).toBe(
      '<td title="x"><bdi>a</bdi> \uFFFD <bdi>b</td></bdi>',
    );
  });
});

describe('names with a bidirectional control are refused where they are given', { timeout: 60_000 }, () => {
  it('in a setup (a seat, the GM, the title), every one named', () => {
    const j = testJudge();
    const setup = {
      ...structuredClone(tavernSetup),
      title: `Tavern ${RLO}x`,
      gm: { email: 'gm@example.org', name: `G\u2066M` },
      seats: tavernSetup.seats.map((s, i) => (i === 0 ? { ...s, name: `Ali${RLO}ce` } : s)),
    };
    expect(() => createGame(j, { id: 't', kind: 'rpg', setup, seed: '1', actor: 'test' })).toThrow(
      /title: holds a bidirectional control[\s\S]*gm\.name: holds[\s\S]*seats\.0\.name: holds/,
    );
  });

  it('by judge player replace --name and judge player add --name', async () => {
    const j = testJudge();
    tavern(j);
    expect(() =>
      replacePlayer(j, 'tavern', 'alice', { email: 'new@example.org', password: 'secret', name: `N${RLO}ew` }, 'test'),
    ).toThrow(/--name holds a bidirectional control/);
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    const errors: string[] = [];
    const err = console.error;
    console.error = (s: string) => errors.push(String(s));
    try {
      const code = await main([
        'node',
        'judge',
        '--data',
        j.dataDir,
        'player',
        'add',
        'tavern',
        'carol',
        '--email',
        'carol@example.org',
        '--password',
        'secret',
        '--name',
        `Ca${RLO}rol`,
      ]);
      expect(code).not.toBe(0);
    } finally {
      console.error = err;
    }
    expect(errors.join('\n')).toMatch(/--name holds a bidirectional control/);
    expect(getPlayer(j.db, 'tavern', 'carol')).toBeUndefined();
  });
});
