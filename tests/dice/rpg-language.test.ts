// Issue #35 (4), #30: every mail a scripted rpg session produces in Czech and in
// Russian — acknowledgements with refused lines, answers at once and their copies,
// round reports (numbers shown and hidden), the GM's answers, reports and help, the
// reveal — holds no English word outside what is typed as it is in any language:
// dice notation (3d6+2, gauss20, 4dF, 3dS), ids (players, the game, set:/trial:
// fields of the GM's lines), hashes and the #dice lines the recipe reads. And no
// player's mail names a file of the repository or a command of the GM's CLI.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { unpackPage } from '../../src/render/page-css.js';
import { createGame } from '../../src/engine/create-game.js';
import { listOutbox } from '../../src/store/outbox.js';
import { listPlayers } from '../../src/store/games.js';
import { parseYaml } from '../../src/yaml.js';
import { testJudge } from '../helpers.js';
import type { OutboxRow } from '../../src/store/outbox.js';
import { playSession, type Session } from './session.js';

/** The text a reader sees: subject, text part and the HTML part's text. */
function readable(m: OutboxRow): string {
  const html = m.html
    ? unpackPage(m.html, m)
        .replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&quot;|&#34;|&#x22;/g, '"')
        .replace(/&[a-z]+;|&#\d+;|&#x[0-9a-f]+;/gi, ' ')
    : '';
  return `${m.subject}\n${m.body}\n${html}`;
}

/** What is data, not words: the #dice lines, hashes and keys, the recipe's quoted literals, addresses. */
const strip = (text: string) =>
  text
    // Commands as typed (`judge run`, to the GM), in backticks.
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/#dice(-key|-master)? \{.*$/gm, ' ')
    .replace(/#dice(-key|-master)?/g, ' ')
    .replace(/\b[0-9a-f]{16,}\b/g, ' ')
    .replace(/"[^"\n]*"/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ');

/** Typed as it is in every language: dice notation, the ids of the session, the GM's field ids, the time zone. */
const NOTATION = /^(\d*[dDkк]\d+|\d*d[FS]|gauss20|GaussD20|round|sha256|UTC)$/;
const IDS = new Set(
  [
    'anna',
    'boris',
    'gm',
    'x',
    'FOO',
    'foo',
    'trial',
    'set',
    'dice',
    'reveal',
    'skill',
    'resource',
    'relation',
    'name',
    'level',
    'luck',
    'intellect',
    'notes',
    'defence',
    'traits',
    'techniques',
    'inventory',
    'weapon',
    'armour',
    'madness',
    'horror',
    'id',
  ].map((w) => w.toLowerCase()),
);
/** ...and one-letter names of the recipe's and the GM help's variables (a, b, c, d, N, D). */
const allowed = (w: string, game: string) =>
  NOTATION.test(w) || IDS.has(w.toLowerCase()) || game.includes(w) || /^[A-Za-z]$/.test(w);

/** Latin words of a text (with the game id's parts: stul-cs). */
const latinWords = (text: string) => text.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? [];

/** Czech words Czech spells as English does. */
const SAME_IN_CZECH = new Set(['text', 'modulo', 'plus', 'mail']);

// Each session rolls from a new random seed every run, so each run tries other rolls (a rare
// path, a doubled damage, once showed an engine code); a finding names the seed that shows it.
/** A word found, where, and the call that plays its session again. */
const finding = (w: string, m: OutboxRow, s: Session) =>
  `${w} (${m.kind} to ${s.to(m)}; playSession('${s.lang}', …, '${s.seed}', true) plays it again)`;

const sessions: Partial<Record<'en' | 'enHidden' | 'cs' | 'ru' | 'csHidden' | 'ruHidden', Session>> = {};

describe('the rpg kind speaks the reader’s language in every mail of a session', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    sessions.en = await playSession('en');
    sessions.enHidden = await playSession('en', 'hidden');
    sessions.cs = await playSession('cs');
    sessions.csHidden = await playSession('cs', 'hidden');
    sessions.ru = await playSession('ru');
    sessions.ruHidden = await playSession('ru', 'hidden');
  }, 180_000);

  it('the session produced every kind of mail, errors and the reveal included', () => {
    for (const s of Object.values(sessions)) {
      const kinds = new Set(s!.mails.map((m) => m.kind));
      for (const k of ['ack', 'instant', 'report']) expect(kinds).toContain(k);
      const ack = s!.mails.find((m) => m.kind === 'ack' && s!.to(m) === 'anna@example.org')!;
      expect(ack.body.match(/^\s+! /gm)?.length).toBe(6); // the six bad lines, each with its reason
      expect(s!.mails.some((m) => m.kind === 'report' && m.body.includes('#dice-master'))).toBe(true);
    }
  });

  it('the HTML part of a roll answered at once shows its #dice lines, as the text part does', () => {
    let instants = 0;
    for (const s of Object.values(sessions))
      for (const m of s!.mails) {
        if (m.kind !== 'instant' || !m.html) continue;
        const page = unpackPage(m.html, m)
          .replace(/&quot;|&#34;|&#x22;/g, '"')
          .replace(/&amp;/g, '&');
        const lines = m.body.split('\n').filter((l) => l.startsWith('#dice'));
        instants += Number(lines.length > 0);
        for (const l of lines) expect(page, `${m.dedupe_key}: ${l}`).toContain(l);
      }
    expect(instants).toBeGreaterThan(0);
  });

  it("a player's round report names who rolled each roll that is not his own, in text and HTML", () => {
    for (const s of Object.values(sessions)) {
      const names = Object.fromEntries(listPlayers(s!.j.db, s!.game).map((p) => [p.id, p.name])) as Record<
        string,
        string
      >;
      const reports = s!.mails.filter(
        (m) => m.kind === 'report' && /^report:[^:]+:\d+:(anna|boris):/.test(m.dedupe_key),
      );
      const boris = reports.filter((m) => m.dedupe_key.includes(':boris:'));
      // Anna's rolls answered at once reach Boris's report (public ones): each under her name.
      expect(
        boris.some((m) => m.body.includes(`\n${names.anna}: `)),
        s!.lang,
      ).toBe(true);
      for (const m of boris.filter((x) => x.body.includes(`\n${names.anna}: `)))
        expect(unpackPage(m.html!, m), m.dedupe_key).toContain(`${names.anna}: `);
    }
  });

  it('the HTML part of a start mail shows the order help once', () => {
    const j = testJudge();
    const setup = parseYaml(readFileSync('games/rpg/setups/krepost.yaml', 'utf8')) as Record<string, unknown>;
    createGame(j, { id: 'k', kind: 'rpg', setup, seed: '1', actor: 'test', mail: true });
    const starts = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('start:') && !m.to_addrs.includes('gm@'));
    expect(starts.length).toBeGreaterThan(0);
    for (const m of starts) {
      const page = unpackPage(m.html!, m);
      const help = m.body
        .split('\n')
        .find((l) => l.startsWith('МЕДИАНА') || l.startsWith('MEDIÁN') || l.startsWith('MEDIAN'))!;
      expect(help, m.dedupe_key).toBeTruthy();
      expect(page.split(help.replace(/&/g, '&amp;')).length - 1, `${m.dedupe_key}: "${help}"`).toBe(1);
    }
  });

  it('a finding’s seed plays the same session again, roll for roll', async () => {
    const s = sessions.ruHidden!;
    const again = await playSession('ru', 'hidden', s.seed, true);
    const reports = (x: Session) => x.mails.filter((m) => m.kind === 'report').map((m) => m.body);
    expect(reports(s).length).toBeGreaterThan(0);
    expect(reports(again)).toEqual(reports(s));
  });

  it('no Russian mail holds a Latin word outside dice notation and ids', () => {
    const found = new Set<string>();
    for (const s of [sessions.ru!, sessions.ruHidden!])
      for (const m of s.mails)
        for (const w of latinWords(strip(readable(m)))) if (!allowed(w, s.game)) found.add(finding(w, m, s));
    expect([...found].sort()).toEqual([]);
  });

  it('no Czech mail holds an English word (a word of the same session in English) outside dice notation and ids', () => {
    const english = new Set(
      [sessions.en!, sessions.enHidden!].flatMap((s) =>
        s.mails.flatMap((m) => latinWords(strip(readable(m))).map((w) => w.toLowerCase())),
      ),
    );
    expect(english.size).toBeGreaterThan(200);
    const found = new Set<string>();
    for (const s of [sessions.cs!, sessions.csHidden!])
      for (const m of s.mails)
        for (const w of (strip(readable(m)).match(/\p{L}[\p{L}\p{N}_]*/gu) ?? []).filter((x) => x.length >= 3))
          if (english.has(w.toLowerCase()) && !allowed(w, s.game) && !SAME_IN_CZECH.has(w.toLowerCase()))
            found.add(finding(w, m, s));
    expect([...found].sort()).toEqual([]);
  });

  it('no player’s mail names a file of the repository or a command of the GM’s command line (#30)', () => {
    const bad: string[] = [];
    for (const s of Object.values(sessions))
      for (const m of s!.mails.filter((x) => s!.to(x) !== 'gm@example.org')) {
        const t = readable(m);
        for (const r of [
          /\bjudge\s+(dice|gm|game|rerun|player|run|report)\b/,
          /\b[\w-]+\/[\w./-]+\.(md|ts|js|json|yaml)\b/,
        ])
          if (r.test(t)) bad.push(`${s!.lang} ${m.kind} to ${s!.to(m)}: ${t.match(r)![0]}`);
      }
    expect(bad).toEqual([]);
  });
});
