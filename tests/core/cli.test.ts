// The CLI as a user meets it: the built program in a child process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

function judge(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['bin/judge.js', ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, JUDGE_DATA: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('judge CLI', { timeout: 60_000 }, () => {
  it('--version prints the version of package.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = judge([flag]);
      expect(r.code, r.err).toBe(0);
      expect(r.out.trim()).toBe(pkg.version);
    }
  });

  it('demo: plays a FanDi turn; result mails show the map, the economy, a battle and an order error', async () => {
    const dir = join(tempDir(), 'demo');
    const r = judge(['--data', dir, 'demo']);
    expect(r.code, r.err).toBe(0);
    const out = join(dir, 'outbox');
    const files = readdirSync(out).filter((f) => f.endsWith('.eml'));
    const read = async (f: string) => simpleParser(readFileSync(join(out, f)));
    const reports = await Promise.all(files.filter((f) => f.includes('report')).map(read));
    expect(reports).toHaveLength(5); // four gods and the GM
    const alfa = reports.find((m) => m.to && JSON.stringify(m.to).includes('alfa@example.cz'))!;
    expect(alfa.subject).toMatch(/^\[fandi-demo\] .* tah 1 — Alfa$/);
    const body = alfa.text!;
    expect(body).toMatch(/== MAPA ==[\s\S]*\+-{10}\+[\s\S]* 3\| {3}% a {4}\|3/); // F3 taken by Alfa, drawn in the document's notation
    expect(body).toMatch(/== HOSPODÁŘSTVÍ ==\nMěsto +Výnos/);
    expect(body).toMatch(/== BITVY ==\nměsto F3[\s\S]*\(UC 0\)\+\d=\d vs Pěší #\d+ \w+ \(OC 0\)\+\d=\d/);
    expect(body).toMatch(/CHYBA: rytíř vyžaduje vědu 2/);
    const ack = (await Promise.all(files.filter((f) => f.includes('ack')).map(read))).find((m) =>
      JSON.stringify(m.to).includes('alfa@'),
    )!;
    expect(ack.text).toMatch(/NEPŘIJATÉ řádky[\s\S]*B2 postav 1 rytíř\n\s+! rytíř vyžaduje vědu 2/);
    expect(r.out).toMatch(/Result mails:/);
    // Running it again starts afresh.
    expect(judge(['--data', dir, 'demo']).code).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith('.eml'))).toHaveLength(files.length);
    // The dice-server and Godfather demos too.
    expect(judge(['--data', dir, 'demo', '--kind', 'rpg']).code).toBe(0);
    const gf = judge(['--data', dir, 'demo', '--kind', 'godfather']);
    expect(gf.code, gf.err).toBe(0);
    const gfMails = await Promise.all(
      readdirSync(out)
        .filter((f) => f.endsWith('.eml'))
        .map(read),
    );
    expect(gfMails.filter((m) => /итоги|results/.test(m.subject ?? ''))).toHaveLength(14); // 13 players and the GM
    // The anonymous message is published to everyone, without its author (Пётр).
    const withAnon = gfMails.filter(
      (m) => /итоги|results/.test(m.subject ?? '') && /Кто-то в городе нечист на руку/.test(m.text ?? ''),
    );
    expect(withAnon).toHaveLength(14);
    for (const m of withAnon)
      expect((m.text ?? '').split(/Анонимки:|Anonymous messages:/)[1]!.split('\n\n')[0]).not.toMatch(/Пётр|pyotr/);
    // The nation demo: one whole turn, two stages, the GM's worksheet answered by mail.
    const nat = judge(['--data', dir, 'demo', '--kind', 'nation']);
    expect(nat.code, nat.err).toBe(0);
    expect(nat.out).toMatch(/phase 2: worksheet sent to the GM/);
    expect(nat.out).toMatch(/processed phase 2/);
    const natMails = await Promise.all(
      readdirSync(out)
        .filter((f) => f.endsWith('.eml'))
        .map(read),
    );
    const sheet = natMails.find((m) => /Лист ведущего/.test(m.subject ?? ''))!;
    expect(sheet.text).toMatch(/DECIDE S2\.time/);
    const gmAck = natMails.find((m) => /Команды ведущего/.test(m.subject ?? ''))!;
    expect(gmAck.text).toMatch(/отпущено/);
    expect(gmAck.text).not.toMatch(/^\s*! /m);
    const turn = natMails.filter((m) => /итоги: Ход 1, этап 2/.test(m.subject ?? ''));
    expect(turn).toHaveLength(5); // four players and the GM
    for (const m of turn) expect(m.text).toMatch(/Над Лукоморьем видели комету/);
    const ivan = turn.find((m) => /Иван Петрович/.test(m.subject ?? ''))!;
    expect(ivan.text).toMatch(/Склады Гильдии горели всю ночь/);
    expect(turn.find((m) => /Марья/.test(m.subject ?? ''))!.text).not.toMatch(/Склады Гильдии горели/);
  });

  it('every command has --help with a description', () => {
    const top = judge(['--help']);
    expect(top.code).toBe(0);
    const commands = [...top.out.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
    expect(commands).toEqual(
      expect.arrayContaining([
        'init',
        'game',
        'player',
        'ingest',
        'process',
        'rerun',
        'send',
        'run',
        'status',
        'state',
        'inbound',
        'outbox',
        'report',
        'dice',
        'demo',
      ]),
    );
    for (const c of commands) {
      const h = judge([c, '--help']);
      expect(h.code, c).toBe(0);
      expect(h.out, c).toMatch(/Usage: judge/);
    }
  });

  it('init, create, ingest from stdin, process, send, report — and state --json', () => {
    const dir = tempDir();
    expect(judge(['--data', dir, 'init']).code).toBe(0);
    expect(existsSync(join(dir, 'judge.yaml'))).toBe(true);
    const setup = join(dir, 'setup.yaml');
    writeFileSync(
      setup,
      'title: CLI table\nseats:\n  - { id: alice, name: Alice, email: alice@example.org, password: apple }\n',
    );
    expect(judge(['--data', dir, 'game', 'create', 't1', '--kind', 'rpg', '--setup', setup, '--seed', '5']).code).toBe(
      0,
    );
    const msg =
      'From: alice@example.org\nTo: judge@localhost\nSubject: o\nMessage-ID: <cli1@example.org>\n\nGAME t1 alice apple\nROLL 2d6\nEND\n';
    expect(judge(['--data', dir, 'ingest', '--stdin'], msg).out).toMatch(/accepted/);
    expect(judge(['--data', dir, 'process', 't1']).code).toBe(0);
    // The start mail (game create), the acknowledgement and the report.
    expect(judge(['--data', dir, 'send']).out).toMatch(/3 sent/);
    expect(judge(['--data', dir, 'send']).out).toMatch(/0 sent/);
    expect(judge(['--data', dir, 'report', 't1', 'alice']).out).toMatch(/2d6/i);
    const state = JSON.parse(judge(['--data', dir, 'state', 't1', '--phase', '1', '--json']).out);
    expect(state.processed_at).not.toBeNull();
    const inbound = JSON.parse(judge(['--data', dir, 'inbound', '--json']).out);
    expect(inbound[0]).toMatchObject({ status: 'accepted', from_addr: 'alice@example.org' });
    const outbox = JSON.parse(judge(['--data', dir, 'outbox', '--json']).out);
    expect(outbox.map((m: { status: string }) => m.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a broken setup file is reported with every error at once, exit code 2', () => {
    const dir = tempDir();
    const setup = join(dir, 'bad.json');
    writeFileSync(
      setup,
      JSON.stringify({
        seats: [
          { id: '1x', name: '', email: 'nope' },
          { id: 'ok', name: 'Ok', email: 'ok@example.org', lang: 'de' },
        ],
        luck: { ok: 12 },
      }),
    );
    expect(judge(['--data', dir, 'init']).code).toBe(0);
    const r = judge(['--data', dir, 'game', 'create', 'g', '--kind', 'rpg', '--setup', setup]);
    expect(r.code).toBe(2);
    for (const path of ['seats.0.id', 'seats.0.name', 'seats.0.email', 'seats.1.lang', 'luck.ok'])
      expect(r.err).toContain(path);
  });

  it('bad input is refused with a clear message and exit code 2, and changes nothing', () => {
    const dir = tempDir();
    expect(judge(['--data', dir, 'demo', '--kind', 'rpg']).code).toBe(0);
    for (const [args, msg] of [
      [['pause', 'nosuch'], /no game "nosuch"/],
      [['rerun', 'tavern', '--phase', '9'], /has no phase 9/],
      [['resend', 'tavern', 'zed'], /has no player zed/],
      [['extend', 'tavern', '--by', 'soon'], /"soon" is not a duration/],
      [['extend', 'tavern', '--to', 'tomorrowish'], /not an ISO date-time/],
      [['ingest', '--file', join(dir, 'nope.eml')], /no such file/],
    ] as const) {
      const r = judge(['--data', dir, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(msg);
    }
  });

  it('dice dist gauss20 --json prints the exact distribution', () => {
    const r = judge(['dice', 'dist', 'gauss20', '--json']);
    expect(r.code, r.err).toBe(0);
    const d = JSON.parse(r.out);
    expect(d.total).toBe(8000);
    const p = Object.fromEntries(d.rows.map((x: { value: number; count: number }) => [x.value, x.count]));
    expect(p[1]).toBe(4); // 3d20 sums 3 and 4 → 1 + 3 ways
    expect(judge(['dice', 'dist', 'banana']).code).toBe(2);
  });
});
