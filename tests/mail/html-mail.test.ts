// HTML mail (issue #16): every report and acknowledgement goes out as
// multipart/alternative (text + HTML), a report with a picture as
// multipart/related with the PNG inline (cid:) and the PNG again as an
// attachment; built by the real nodemailer path (the file transport), parsed
// back with mailparser. The HTML says nothing the text does not (so a Czech or
// Russian HTML part has no English words), has no remote resources, and the
// FanDi map shows no unit the text report does not list.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/index.js';
import { runDemo } from '../../src/cli/demo.js';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { SeededRng } from '../../src/engine/rng.js';
import { rules } from '../../src/games/fandi/index.js';
import { parseState } from '../../src/games/fandi/cases.js';
import type { FandiEvent } from '../../src/games/fandi/state.js';
import { setPlayerMailFormat } from '../../src/mail/outbound/html-parts.js';
import { fileDeliverer, sendPending } from '../../src/mail/outbound/transport.js';
import { mailContent, render } from '../../src/render/templates.js';
import { enqueue, listOutbox } from '../../src/store/outbox.js';
import { genericBody, inlineCss, mailPictures, pictureHtml } from '../../src/render/html.js';
import { htmlPage, packPage, STYLE, STYLES, textPage, unpackPage } from '../../src/render/page-css.js';
import { newGame } from '../fandi/helpers.js';
import { randomOrders } from '../fandi/random-orders.js';
import { mail, testJudge } from '../helpers.js';
import { ingest } from '../../src/mail/inbound/ingest.js';

const KINDS = Object.keys(demoScenarios);

/** Each demo's sent mails, raw and parsed. */
const demos = new Map<string, { file: string; raw: string; mail: ParsedMail }[]>();

beforeAll(async () => {
  for (const kind of KINDS) {
    const dir = mkdtempSync(join(tmpdir(), `judge-html-${kind}-`));
    await runDemo(dir, demoScenarios[kind]!, () => {});
    const out = join(dir, 'outbox');
    const mails = [];
    for (const f of readdirSync(out)
      .filter((f) => f.endsWith('.eml'))
      .sort()) {
      const raw = readFileSync(join(out, f), 'utf8');
      mails.push({ file: f, raw, mail: await simpleParser(raw, { keepCidLinks: true }) });
    }
    demos.set(kind, mails);
  }
}, 120_000);

/** The Content-Types of a raw message in the order they appear. */
function contentTypes(raw: string): string[] {
  return [...raw.matchAll(/^Content-Type: ([\w/-]+)/gim)].map((m) => m[1]!.toLowerCase());
}

/** The visible words of an HTML part: tags, styles and attributes dropped, entities decoded. */
function htmlWords(html: string): string[] {
  const text = html
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<title[\s\S]*?<\/title>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return words(text);
}

function words(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** PNG width and height from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('HTML mail: structure', { timeout: 60_000 }, () => {
  it('a FanDi report is text + HTML with its map inline (cid:) and as an attachment', () => {
    const reports = demos.get('fandi')!.filter((m) => m.file.endsWith('-report.eml'));
    expect(reports.length).toBeGreaterThanOrEqual(4);
    for (const { raw, mail, file } of reports) {
      expect(contentTypes(raw), file).toEqual([
        'multipart/mixed',
        'multipart/alternative',
        'text/plain',
        'multipart/related',
        'text/html',
        'image/png',
        'image/png',
      ]);
      expect(mail.text, file).toMatch(/FanDi 1\.1/);
      const html = mail.html as string;
      expect(html).toMatch(/<html lang="(cs|en)"/);
      const [inline, attached] = mail.attachments;
      expect(inline!.related, file).toBe(true);
      expect(inline!.contentDisposition).toBe('inline');
      expect(attached!.related).toBeFalsy();
      expect(attached!.contentDisposition).toBe('attachment');
      expect(attached!.filename).toMatch(/^(mapa-tah|map-turn)-1\.png$/);
      expect(attached!.content.equals(inline!.content)).toBe(true);
      // The <img> points at the inline part and declares the PNG's own size.
      const img = /<img src="cid:([^"]+)" width="(\d+)" height="(\d+)" alt="([^"]+)"/.exec(html);
      expect(img, file).not.toBeNull();
      expect(img![1]).toBe(inline!.cid);
      expect(pngSize(inline!.content)).toEqual({ width: Number(img![2]), height: Number(img![3]) });
      expect(img![4]).toMatch(/^(Mapa po tahu|Map after turn) 1$/);
      // The CSS is inlined for clients that drop <style>; the dark pairs stay in <style>.
      expect(html).toMatch(/<td[^>]* style="[^"]*background: #ffffff; color: #1b1b1b/);
      expect(html).toMatch(/prefers-color-scheme: dark/);
    }
  });

  it('every acknowledgement and report of every demo is multipart/alternative', () => {
    for (const kind of KINDS)
      for (const { raw, mail, file } of demos.get(kind)!) {
        expect(contentTypes(raw).slice(0, 1), `${kind} ${file}`).toEqual([
          mail.attachments.length ? 'multipart/mixed' : 'multipart/alternative',
        ]);
        expect(mail.html, `${kind} ${file}`).toBeTruthy();
        expect(mail.text, `${kind} ${file}`).toBeTruthy();
      }
  });

  it('no HTML part loads anything from elsewhere: no http(s) URL, only cid: pictures', () => {
    for (const kind of KINDS)
      for (const { mail, file } of demos.get(kind)!) {
        const html = mail.html as string;
        expect(html, `${kind} ${file}`).not.toMatch(/https?:\/\//i);
        expect(html).not.toMatch(/<link\b|@import|url\(/i);
        for (const m of html.matchAll(/\bsrc="([^"]*)"/g)) expect(m[1]).toMatch(/^cid:/);
      }
  });

  it('the HTML says nothing the text does not: every word it shows is in the text part (so no English in cs/ru)', () => {
    let checked = 0;
    for (const kind of KINDS)
      for (const { mail, file } of demos.get(kind)!) {
        const text = new Set(words(`${mail.subject}\n${mail.text}`));
        const extra = [...new Set(htmlWords(mail.html as string))].filter((w) => !text.has(w));
        expect(extra, `${kind} ${file}: words only in the HTML`).toEqual([]);
        checked++;
      }
    expect(checked).toBeGreaterThan(20);
  });
});

/** The mail as sent (file transport) parsed back, and the page `judge outbox --json` shows for its row. */
async function sentAndShown(j: ReturnType<typeof testJudge>): Promise<{ mail: ParsedMail; shown: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'judge-html-out-'));
  const sent = await sendPending(j, fileDeliverer(dir));
  expect(sent.sent).toBe(1);
  const mail = await simpleParser(readFileSync(sent.files[0]!, 'utf8'));
  const out: string[] = [];
  const log = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => out.push(String(s)) > 0);
  try {
    expect(await main(['node', 'judge', '--data', j.dataDir, 'outbox', '--json'])).toBe(0);
  } finally {
    log.mockRestore();
  }
  return { mail, shown: (JSON.parse(out.join('')) as { html: string }[])[0]!.html };
}

const AT = '2026-11-29T12:00:00.000Z';

describe('HTML mail: the outbox keeps pages without the shared stylesheet', () => {
  it('a queued page is stored without it, and the mail as sent has every rule of it inlined and the dark ones kept', async () => {
    const j = testJudge();
    // A page of its own (an HTML template's): not made of the subject and text alone.
    const html = htmlPage('cs', 'Rozkazy přijaty', '<h1>Rozkazy přijaty</h1>\n<p class="ok">Přijato: 3 řádky.</p>');
    expect(html).toContain(STYLES);
    enqueue(
      j.db,
      {
        dedupeKey: 'p',
        kind: 'ack',
        to: ['a@example.org'],
        subject: 'Rozkazy přijaty',
        body: 'Přijato: 3 řádky.\n',
        html,
      },
      j.domain,
      AT,
    );
    const stored = (j.db.prepare("SELECT html FROM outbox WHERE dedupe_key = 'p'").get() as { html: string }).html;
    expect(stored).not.toContain(STYLE.trim().slice(0, 40));
    expect(stored).toContain('<p class="ok">Přijato: 3 řádky.</p>');
    expect(stored.length).toBeLessThan(html.length - 2000);
    expect(unpackPage(stored)).toBe(html);
    expect(packPage(stored)).toBe(stored); // a page without the sheet (or an older row with a sheet of its own) is kept as it is
    const { mail, shown } = await sentAndShown(j);
    // Sent as before: the light rules inlined, the dark ones in <style>.
    expect(mail.html).toBe(inlineCss(html));
    expect(mail.html).toMatch(/<p class="ok" style="[^"]*background: #e6f4ea/);
    expect(mail.html).toMatch(/prefers-color-scheme: dark/);
    // `judge outbox --json` shows the whole page, as it is sent.
    expect(shown).toBe(html);
  });

  it('a page made of the subject and text alone is kept as a marker and made again, the same, from the row', async () => {
    const j = testJudge();
    const subject = 'Rozkazy přijaty <3 & "víc">';
    const body = "Přijato: 3 řádky.\n  1  A1 <> B2 & 'C3'\n\n";
    const html = textPage('cs', subject, body);
    enqueue(j.db, { dedupeKey: 'p', kind: 'ack', to: ['a@example.org'], subject, body, html }, j.domain, AT);
    const stored = (j.db.prepare("SELECT html FROM outbox WHERE dedupe_key = 'p'").get() as { html: string }).html;
    expect(stored).toBe('<!--judge:text-page cs-->');
    expect(unpackPage(stored, { subject, body })).toBe(html);
    // Without its mail the marker cannot become a page: an error, never the marker sent as HTML.
    expect(() => unpackPage(stored)).toThrow(/needs the subject and text/);
    const { mail, shown } = await sentAndShown(j);
    expect(mail.html).toBe(inlineCss(html));
    expect(mail.html).toMatch(/<pre style="[^"]*font-family:/);
    expect(shown).toBe(html);
  });

  it('a rendered mail without an HTML template of its own says its page is its text page: queued as the marker, sent as that page', async () => {
    const j = testJudge();
    const mail = render('common', 'cs', 'help', { games: [], keyword: 'HRA' });
    expect(mail.textPage).toBe('cs');
    const parts = mailContent(mail);
    // The page is not handed to the outbox (nor made for it): only its language.
    expect(parts).toEqual({ subject: mail.subject, body: mail.text, textPage: 'cs' });
    enqueue(j.db, { dedupeKey: 'h', kind: 'ack', to: ['a@example.org'], ...parts }, j.domain, AT);
    const stored = (j.db.prepare("SELECT html FROM outbox WHERE dedupe_key = 'h'").get() as { html: string }).html;
    expect(stored).toBe('<!--judge:text-page cs-->');
    // Made when it is read: the same page the text page of its subject and text is.
    expect(mail.html).toBe(textPage('cs', mail.subject, mail.text));
    const { mail: sent } = await sentAndShown(j);
    expect(sent.html).toBe(inlineCss(mail.html));
    // A mail with an HTML template of its own carries its page.
    const instant = render('rpg', 'cs', 'instant', { game: { id: 'g', title: 'G' }, rolls: [] });
    expect(instant.textPage).toBeUndefined();
    expect(mailContent(instant).html).toMatch(/^<!DOCTYPE html>/);
  });

  it('a text page of another subject, text or language than its row is kept whole (without the stylesheet)', () => {
    const page = textPage('ru', 'Ход принят', 'Принято.\n');
    expect(packPage(page, { subject: 'Ход принят', body: 'Принято.\n' })).toBe('<!--judge:text-page ru-->');
    for (const mail of [
      { subject: 'Ход принят!', body: 'Принято.\n' },
      { subject: 'Ход принят', body: 'Принято. ' },
    ]) {
      const packed = packPage(page, mail);
      expect(packed).not.toMatch(/^<!--judge:text-page/);
      expect(unpackPage(packed, mail)).toBe(page);
    }
    // A text that differs only in its final newlines makes the same page: kept as a marker of the row's own text.
    const lf = textPage('en', 'S', 'a\n');
    expect(packPage(lf, { subject: 'S', body: 'a\n\n' })).toBe('<!--judge:text-page en-->');
    expect(unpackPage('<!--judge:text-page en-->', { subject: 'S', body: 'a\n\n' })).toBe(lf);
    // A page with a picture (a report's) is no text page either.
    const pictured = htmlPage(
      'en',
      'A report',
      genericBody('A report', 'Text.\n', [{ src: 'cid:map-1@pbem-judge', width: 10, height: 10, alt: 'map' }]),
    );
    expect(packPage(pictured, { subject: 'A report', body: 'Text.\n' })).toContain('cid:map-1@pbem-judge');
  });
});

describe('HTML mail: a picture that cannot be drawn', () => {
  it('does not hold the mail back: it goes without the picture', async () => {
    const j = testJudge();
    const pictures = mailPictures([
      {
        svg: '<svg xmlns="http://www.w3.org/2000/svg" width="10"',
        width: 10,
        height: 10,
        alt: 'Map',
        name: 'map-turn-1',
      },
    ]);
    const html = textPage('en', 'A report', 'Text of the report.\n').replace(
      '<pre>',
      `${pictureHtml(pictures.refs[0]!)}<pre>`,
    );
    expect(html).toMatch(/<img src="cid:/);
    enqueue(
      j.db,
      {
        dedupeKey: 'x',
        kind: 'report',
        to: ['a@example.org'],
        subject: 'A report',
        body: 'Text of the report.\n',
        html,
        pictures: pictures.pictures,
      },
      j.domain,
      '2026-11-29T12:00:00.000Z',
    );
    const dir = mkdtempSync(join(tmpdir(), 'judge-html-out-'));
    const sent = await sendPending(j, fileDeliverer(dir));
    expect(sent.sent).toBe(1);
    const raw = readFileSync(sent.files[0]!, 'utf8');
    expect(contentTypes(raw)).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    const mail = await simpleParser(raw, { keepCidLinks: true });
    expect(mail.html).toMatch(/Text of the report\./);
    expect(mail.html).not.toMatch(/<img/);
  });
});

describe('HTML mail: text only', { timeout: 60_000 }, () => {
  // The sample setup without its GM: the four players' reports only.
  const { gm: _gm, ...fandi } = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  const seats = ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
    id,
    name: id,
    email: `${id}@example.cz`,
    password: `${id}-pw`,
    lang: 'cs' as const,
  }));

  async function reportsOf(
    setup: object,
    before?: (j: ReturnType<typeof testJudge>) => void,
  ): Promise<Map<string, { raw: string; mail: ParsedMail }>> {
    const j = testJudge();
    createGame(j, { id: 'f', kind: 'fandi', seed: '5', actor: 'test', setup: { ...fandi, ...setup, seats } });
    before?.(j);
    processPhase(j, 'f', 'test');
    const dir = mkdtempSync(join(tmpdir(), 'judge-html-out-'));
    const sent = await sendPending(j, fileDeliverer(dir));
    expect(sent.sent).toBe(4);
    const rows = listOutbox(j.db);
    expect(rows.every((r) => r.html && r.pictures_json)).toBe(true); // the outbox keeps them either way
    const out = new Map<string, { raw: string; mail: ParsedMail }>();
    for (const f of sent.files) {
      const raw = readFileSync(f, 'utf8');
      const mail = await simpleParser(raw, { keepCidLinks: true });
      out.set(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address! : '', { raw, mail });
    }
    return out;
  }

  it('setup mail.html false: plain text mails, no HTML, no pictures', async () => {
    const mails = await reportsOf({ mail: { html: false } });
    for (const [to, { raw, mail }] of mails) {
      expect(contentTypes(raw), to).toEqual(['text/plain']);
      expect(mail.html).toBeFalsy();
      expect(mail.attachments).toEqual([]);
      expect(mail.text).toMatch(/FanDi 1\.1/);
    }
  });

  it("a player's FORMAT TEXT wins over the game's HTML, for that player only", async () => {
    const mails = await reportsOf({}, (j) => expect(setPlayerMailFormat(j, 'f', 'brana', 'text')).toBe(true));
    expect(contentTypes(mails.get('brana@example.cz')!.raw)).toEqual(['text/plain']);
    expect(contentTypes(mails.get('alfa@example.cz')!.raw)[0]).toBe('multipart/mixed');
  });

  it("FORMAT TEXT / FORMÁT HTML / ФОРМАТ ТЕКСТ by mail set the player's choice; a wrong word is answered and changes nothing", async () => {
    const j = testJudge();
    createGame(j, {
      id: 'f',
      kind: 'fandi',
      seed: '5',
      actor: 'test',
      setup: { ...fandi, seats: seats.map((s, i) => ({ ...s, lang: (['cs', 'en', 'ru', 'cs'] as const)[i] })) },
    });
    const format = (id: string) =>
      (j.db.prepare('SELECT mail_format FROM players WHERE id = ?').get(id) as { mail_format: string | null })
        .mail_format;
    await ingest(j, await mail('alfa@example.cz', 'HRA f alfa alfa-pw\nFORMÁT TEXT\nKONEC'), 'test');
    expect(format('alfa')).toBe('text');
    expect(listOutbox(j.db).at(-1)!.body).toMatch(/FORMÁT TEXT\n\s+= od teď vám chodí jen prostý text/);
    await ingest(j, await mail('brana@example.cz', 'GAME f brana brana-pw\nFORMAT PURPLE\nEND'), 'test');
    expect(format('brana')).toBeNull();
    expect(listOutbox(j.db).at(-1)!.body).toMatch(/FORMAT PURPLE\n\s+! FORMAT takes TEXT or HTML/);
    await ingest(j, await mail('cerna@example.cz', 'ИГРА f cerna cerna-pw\nФОРМАТ ТЕКСТ\nКОНЕЦ'), 'test');
    expect(format('cerna')).toBe('text');
    await ingest(j, await mail('alfa@example.cz', 'HRA f alfa alfa-pw\nformát html\nKONEC'), 'test');
    expect(format('alfa')).toBe('html');
    // The answer to FORMAT TEXT already goes out as text only.
    const dir = mkdtempSync(join(tmpdir(), 'judge-html-out-'));
    const sent = await sendPending(j, fileDeliverer(dir));
    const byTo = new Map<string, string[]>();
    for (const f of sent.files) {
      const raw = readFileSync(f, 'utf8');
      const to = /^To: (\S+)/m.exec(raw)![1]!;
      byTo.set(to, [...(byTo.get(to) ?? []), contentTypes(raw)[0]!]);
    }
    expect(byTo.get('cerna@example.cz')).toEqual(['text/plain']);
    expect(byTo.get('brana@example.cz')).toEqual(['multipart/alternative']);
    expect(byTo.get('alfa@example.cz')).toEqual(['multipart/alternative', 'multipart/alternative']); // sent now, when alfa chose HTML again
  });

  it("a player's FORMAT HTML wins over the game's text only", async () => {
    const mails = await reportsOf({ mail: { html: false } }, (j) => setPlayerMailFormat(j, 'f', 'cerna', 'html'));
    expect(contentTypes(mails.get('cerna@example.cz')!.raw)[0]).toBe('multipart/mixed');
    expect(contentTypes(mails.get('dana@example.cz')!.raw)).toEqual(['text/plain']);
  });
});

describe('the FanDi map shows only what the report says', { timeout: 120_000 }, () => {
  it('over seeded games: every unit count, city letter and battle in the picture is in the text report', () => {
    const counts = { own: 0, spy: 0, battles: 0, cities: 0, reports: 0 };
    for (let g = 0; g < 12; g++) {
      let state = newGame();
      const rng = new SeededRng(`picture-${g}`);
      for (let t = 0; t < 6 && !state.over; t++) {
        const orders = new Map<string, ReturnType<typeof rules.parseOrders>['orders']>();
        for (const p of state.players)
          orders.set(
            p.id,
            rules.parseOrders(randomOrders(state, p.id, rng), { state, player: p.id, lang: 'cs' }).orders,
          );
        const out = rules.adjudicate(state, orders, new SeededRng(`dice-${g}-${t}`), {
          phase: t + 1,
          deadline: null,
        } as never);
        for (const reader of [...state.players.map((p) => p.id), 'gm']) {
          const lang = reader === 'gm' || g % 2 ? 'cs' : 'en';
          const model = rules.view(out.state, out.events as FandiEvent[], reader, lang);
          const text = render('fandi', lang, 'report', {
            game: { id: 'g', title: 'T' },
            phase: { number: t + 1 },
            player: null,
            ...model,
          }).text;
          const section = (cs: string, en: string) => {
            const head = new RegExp(`^== (${cs}|${en}) ==$`, 'm').exec(text)!;
            const rest = text.slice(head.index + head[0].length);
            return rest.slice(0, rest.search(/^== /m) === -1 ? undefined : rest.search(/^== /m));
          };
          const unitsText = section('JEDNOTKY', 'UNITS');
          const svg = rules.picture!(model, lang)!.svg;
          counts.reports++;
          for (const m of svg.matchAll(/data-units="(\d+)" data-at="(\w+)" data-seen="(own|spy)"/g)) {
            const [, n, at, seen] = m;
            if (seen === 'own') {
              // The UNITS table lists the square with exactly that many unit ids (per owner for the GM).
              const rows = unitsText.split('\n').filter((l) => l.trim().startsWith(`${at} `));
              expect(rows.length, `${reader}: ${at} in the UNITS table`).toBeGreaterThan(0);
              const ids = rows.map((l) => (l.match(/#\d+/g) ?? []).length);
              expect(ids, `${reader}: ${n} units on ${at}`).toContain(Number(n));
              counts.own++;
            } else {
              expect(reader).not.toBe('gm');
              expect(section('ŠPIÓNI', 'SPIES'), `${reader}: a spy's count on ${at}`).toMatch(
                new RegExp(`\\b(v|in) ${at}\\b`),
              );
              counts.spy++;
            }
          }
          for (const m of svg.matchAll(/data-battle="(\w+)"/g)) {
            expect(section('BITVY', 'BATTLES'), `${reader}: battle on ${m[1]}`).toMatch(new RegExp(`\\b${m[1]} `));
            counts.battles++;
          }
          // Every city letter is the ASCII map's character on that square.
          const mapRows = (model.map as string).split('\n').filter((l) => /^\s*\d+\|/.test(l));
          for (const m of svg.matchAll(/data-city="([A-Z]+)(\d+)">([^<]+)</g)) {
            const x = m[1]!.charCodeAt(0) - 65;
            const row = mapRows[Number(m[2]) - 1]!;
            expect(row.slice(row.indexOf('|') + 1)[x], `${reader}: city ${m[1]}${m[2]}`).toBe(m[3]);
            counts.cities++;
          }
        }
        state = out.state;
      }
    }
    // The games showed what they were meant to: own units, spied units and battles.
    expect(counts.own).toBeGreaterThan(200);
    expect(counts.battles).toBeGreaterThan(20);
    expect(counts.cities).toBe(counts.reports * 16);
  });

  it("a spy's count shows in the spy's owner's map only, outlined, with the owner's letter", () => {
    const state = parseState(`
      map
        |a b %|
        |%   c|
      player alfa
      player brana
      player cerna
      city A1 spies=1 cash=30
      units A1 alfa 2 pesi
      units C1 brana 2 pesi
      units D2 cerna 1 pesi
    `);
    const orders = new Map([['alfa', rules.parseOrders('A1 spion C1', { state, player: 'alfa', lang: 'cs' }).orders]]);
    const out = rules.adjudicate(state, orders, new SeededRng(1), { phase: 1, deadline: null } as never);
    const svgOf = (reader: string) =>
      rules.picture!(rules.view(out.state, out.events as FandiEvent[], reader, 'cs'), 'cs')!.svg;
    const badges = (svg: string) =>
      [...svg.matchAll(/data-units="(\d+)" data-at="(\w+)" data-seen="(own|spy)">([^<]+)</g)].map((m) =>
        m.slice(1).join(' '),
      );
    expect(badges(svgOf('alfa'))).toEqual(['2 A1 own 2', '2 C1 spy b2']);
    expect(badges(svgOf('brana'))).toEqual(['2 C1 own 2']);
    expect(badges(svgOf('cerna'))).toEqual(['1 D2 own 1']);
    expect(badges(svgOf('gm'))).toEqual(['2 A1 own a2', '2 C1 own b2', '1 D2 own c1']);
  });

  it('a Czech map has no English words, and a 100×100 board draws at a size a mail can carry', () => {
    const state = newGame();
    const cs = rules.picture!(rules.view(state, [], 'alfa', 'cs'), 'cs')!;
    const en = rules.picture!(rules.view(state, [], 'alfa', 'en'), 'en')!;
    const texts = (svg: string) => new Set(words([...svg.matchAll(/>([^<]+)</g)].map((m) => m[1]).join(' ')));
    const english = [...texts(en.svg)].filter((w) => !texts(cs.svg).has(w) && w.length > 1);
    expect(english.length).toBeGreaterThan(5);
    for (const w of english) expect(texts(cs.svg).has(w), w).toBe(false);
    expect(cs.name).toBe('mapa-tah-0');
    const big = rules.setup(
      {
        title: 'big',
        players: [
          { id: 'alfa', god: 'Alfa' },
          { id: 'brana', god: 'Brána' },
        ],
        map: Array.from({ length: 100 }, (_, y) =>
          Array.from({ length: 100 }, (_, x) =>
            y === 5 && x === 5 ? 'a' : y === 90 && x === 90 ? 'b' : (x * 7 + y * 3) % 23 === 0 ? '#' : ' ',
          ).join(''),
        ),
      },
      [
        { id: 'alfa', name: 'A', email: 'a@x.cz', lang: 'cs' },
        { id: 'brana', name: 'B', email: 'b@x.cz', lang: 'cs' },
      ],
      new SeededRng(1),
    );
    const p = rules.picture!(rules.view(big, [], 'gm', 'cs'), 'cs')!;
    expect(p.width).toBeGreaterThanOrEqual(100 * 14);
    expect(p.width).toBeLessThan(1600);
    expect(p.svg).toMatch(/>CV</); // the 100th column is labelled
  });
});
