// Ingest: order mails fetched from Dovecot, stored, handled and moved to
// Processed — the bare libraries (imapflow fetchAll + mailparser + sha256 +
// one SQLite insert per mail, one transaction per fetched batch + MOVE)
// against what `judge run` does for IMAP intake (`judge poll`, the built CLI
// from start to exit), on the same
// generated mailbox: real-looking order mails from many players of several
// games (FanDi, Godfather, the nation game, rpg tables), in Czech, Russian
// and English, some with greetings, signatures and quoted replies.
//
// "ingest": every game without passwords (auth.password: false; a block from
// the address of record needs none). "ingest-passwords": every block carries
// its seat's password (some a wrong one): the judge may spend, on top of
// 1.5× the bare libraries, one scrypt verification per distinct (seat,
// password) of the run spread over the machine's cores.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { cpSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { stringify } from 'yaml';
import type { Measured, Piece, RunArgs } from '../piece.js';
import { openJudge } from '../../src/context.js';
import { createGame } from '../../src/engine/create-game.js';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { loadRules } from '../../src/games/registry.js';
import { hashPassword, verifyPassword } from '../../src/store/passwords.js';
import { formatMessage } from '../../src/render/fluent.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The judge's own fetch batch (imap.batchSize default): the bare side fetches the same batches. */
const BATCH = 50;
/** The environment variable the judge's judge.yaml names for the IMAP password (bench/ab.ts sets it too). */
export const PASSWORD_ENV = 'JUDGE_BENCH_IMAP_PASSWORD';

/** mulberry32: a small seeded generator, so every run builds the same bytes. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Seat {
  game: string;
  id: string;
  name: string;
  email: string;
  password: string;
  lang: 'en' | 'cs' | 'ru';
  /** Order lines this seat writes (one mail takes a few of them). */
  lines: string[];
}

interface GameSpec {
  id: string;
  kind: string;
  setup: Record<string, unknown>;
  seats: Seat[];
}

const FANDI_LINES: Record<string, string[]> = {
  alfa: [
    '3× pěší z E3 na F3',
    '3 pěší B2 C2 C3',
    'B2 postav 2 pěší',
    'B2 postav 1 rytíř',
    'B2 věda zbytek',
    'A4 hradby 10',
    'A4 hotovost',
    '; pěchota obsadí F3',
  ],
  brana: ['2 pesi G3 F3', 'utok pesi', 'I2 postav 3 pesi', 'I2 spion', 'I2 technika zbytek', 'G1 hodnota 10'],
  cerna: ['I9 build 4 infantry', 'I9 science rest', 'move 2 infantry from J7 to J6', 'I9 walls 5'],
  dana: ['B9 postav 5 pesi', 'B9 hodnota zbytek', '3 pesi B9 C9', 'B9 hradby 4'],
};
const MAFIA_LINES = [
  'ДЕНЬ Пётр +',
  'ДЕНЬ Олег -',
  'ЛИЧНО anna: Встретимся вечером у трактира?',
  'АНОНИМНО: Кто-то в городе нечист на руку.',
  'ВСЕМ: Доброе утро, господа!',
  'ДЕНЬ Ивана',
];
const MAFIA_EN = ['ACT day Maria +', 'PRIVATE ivan: Agreed, at nine.', 'VOTE nobody'];
const NATION_LINES: Record<string, string[]> = {
  ivan: [
    'Страна публично, Агрессивность: снарядить флот к южным берегам',
    'Орден Белого волка тайно, агрессивность: сжечь склады Гильдии купцов',
    'Скальды стратегическое, мудрость: сложить сагу о Гиперборее',
  ],
  marya: [
    'Тмутаракань публично, Коммуникативность — устроить большую ярмарку',
    'Гильдия купцов открыто, интеллект: открыть меняльную контору',
    'Фонарщикам тайно, гибкость: осветить пристань',
  ],
  fedor: [
    'Страна интеллектуальность, за 4 хода: построить обсерваторию',
    'Орден старцев публично, мудрость — проповедь о Белой воде',
  ],
  olga: ['Китеж тайно, мудрость: укрепить стены', 'Книжная палата публично, интеллект: переписать летописи'],
};
const RPG_LINES: Record<'en' | 'cs' | 'ru', string[]> = {
  en: [
    'ROLL 2d6 attack',
    'ROLL 1d20+3 perception',
    'MEDIAN 2 keep the lantern steady',
    'ROLL 4dF+1 haggle with the innkeeper',
    'ROLL 3d6 climb the wall',
  ],
  cs: ['HOD 2d6 obrana', 'HOD 1d20 pátrání', 'HOD 3d6 šplh po zdi', 'HOD 4dF vyjednávání'],
  ru: ['БРОСОК 4dF+1 торг с трактирщиком', 'БРОСОК 2d6 атака', 'БРОСОК 1d20 внимание'],
};

const mailOf = (id: string, g: number, domain: string) => `${id}.${g}@${domain}`;

/** The games of the run: the demo setups under other ids, their seats with addresses of their own. */
function gameSpecs(passwords: boolean): GameSpec[] {
  const out: GameSpec[] = [];
  const auth = passwords ? {} : { auth: { password: false } };
  const seatsOf = (
    game: string,
    setup: Record<string, unknown>,
    g: number,
    domain: string,
    lines: (id: string, lang: Seat['lang']) => string[],
  ) => {
    const raw = setup.seats as { id: string; name: string; password?: string; lang?: Seat['lang'] }[];
    const seats = raw.map((s, i) => ({
      game,
      id: s.id,
      name: s.name,
      email: mailOf(s.id, g, domain),
      password: s.password ?? `${s.id}-pw-${g}`,
      lang: s.lang ?? (setup.lang as Seat['lang']) ?? 'en',
      lines: [] as string[],
      i,
    }));
    for (const s of seats) s.lines = lines(s.id, s.lang);
    return seats.map(({ i: _i, ...s }) => s);
  };
  const withSeats = (setup: Record<string, unknown>, seats: Seat[]) => ({
    ...setup,
    ...auth,
    // Every acknowledgement of orders carries its forecast (issue #33): intake is measured with them.
    forecast: true,
    seats: (setup.seats as Record<string, unknown>[]).map((s, i) => ({
      ...s,
      email: seats[i]!.email,
      password: seats[i]!.password,
    })),
  });
  // kind, how many games, the demo setup, the seats' mail domain, the order lines a seat writes.
  const kinds: [string, number, string, string, (id: string, lang: Seat['lang']) => string[]][] = [
    ['fandi', 3, 'fandi', 'example.cz', (sid) => FANDI_LINES[sid] ?? FANDI_LINES.alfa!],
    ['godfather', 2, 'mafia', 'example.ru', (_sid, lang) => (lang === 'en' ? MAFIA_EN : MAFIA_LINES)],
    ['nation', 2, 'luk', 'example.org', (sid) => NATION_LINES[sid] ?? NATION_LINES.ivan!],
  ];
  for (const [kind, games, prefix, domain, lines] of kinds)
    for (let g = 1; g <= games; g++) {
      const id = `${prefix}-${g}`;
      const base = structuredClone(demoScenarios[kind]!.setup) as Record<string, unknown>;
      const seats = seatsOf(id, base, g, domain, lines);
      out.push({ id, kind, setup: withSeats(base, seats), seats });
    }
  for (let g = 1; g <= 4; g++) {
    const id = `tavern-${g}`;
    const base = structuredClone(demoScenarios.rpg!.setup) as Record<string, unknown>;
    // Two more players at each table, in the languages the table already has.
    const extra = [
      { id: 'dasha', name: 'Даша', password: 'dasha-pw', lang: 'ru' },
      { id: 'emil', name: 'Emil', password: 'emil-pw', lang: 'cs' },
      { id: 'fiona', name: 'Fiona', password: 'fiona-pw', lang: 'en' },
    ];
    base.seats = [...(base.seats as Record<string, unknown>[]), ...extra.map((e) => ({ ...e, email: '' }))];
    const seats = seatsOf(id, base, g, 'example.net', (_sid, lang) => RPG_LINES[lang]);
    out.push({ id, kind: 'rpg', setup: withSeats(base, seats), seats });
  }
  return out;
}

const KEYWORD = { en: ['GAME', 'END'], cs: ['HRA', 'KONEC'], ru: ['ИГРА', 'КОНЕЦ'] } as const;
const GREETING = {
  en: ['Hi GM,', 'Hello,', 'Orders below.'],
  cs: ['Ahoj sudí,', 'Zdravím,', 'Posílám rozkazy.'],
  ru: ['Привет!', 'Доброе утро!', 'Мой ход:'],
} as const;
const SUBJECT = {
  en: ['orders', 'my orders', 'turn orders'],
  cs: ['rozkazy', 'tah', 'Rozkazy na tah'],
  ru: ['ход', 'приказы', 'мой ход'],
} as const;
const QUOTE_HEAD = {
  en: 'On 28 Nov 2026 at 20:00, judge@localhost wrote:',
  cs: 'Dne 28. 11. 2026 v 20:00 judge@localhost napsal(a):',
  ru: '28.11.2026 20:00, judge@localhost пишет:',
} as const;

export interface IngestData {
  games: GameSpec[];
  mails: Buffer[];
  /** Mails whose block carries a wrong password (rejected by the judge). */
  wrongPasswords: number;
  /** Distinct (seat, password) pairs in the mails' blocks. */
  distinctPasswords: number;
}

/** The mailbox of a run: `size` distinct order mails, the same bytes every time. */
export /** A mailbox's message count from imapflow's status (false: the mailbox could not be read). */
const messagesIn = (st: false | { messages?: number }): number => (st ? (st.messages ?? 0) : 0);

async function ingestData(size: number, passwords: boolean): Promise<IngestData> {
  const games = gameSpecs(passwords);
  const seats = games.flatMap((g) => g.seats);
  const next = rng(passwords ? 20261201 : 20261129);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mails: Buffer[] = [];
  const pairs = new Set<string>();
  const wrongBySeat = new Map<string, number>();
  let wrong = 0;
  for (let i = 0; i < size; i++) {
    const s = pick(seats);
    const key = `${s.game}/${s.id}`;
    // A few typos of the password (a seat's own: they only ever slow it, from inbox.authFailures.slowAfter = 3 on).
    const typo = passwords && next() < 0.01 && (wrongBySeat.get(key) ?? 0) < 3;
    const password = passwords ? (typo ? `${s.password}x` : s.password) : null;
    if (typo) {
      wrongBySeat.set(key, (wrongBySeat.get(key) ?? 0) + 1);
      wrong++;
    }
    if (password) pairs.add(`${key}\0${password}`);
    const [start, end] = KEYWORD[s.lang];
    const n = 1 + Math.floor(next() * Math.min(4, s.lines.length));
    const orders = Array.from({ length: n }, () => pick(s.lines));
    const parts: string[] = [];
    if (next() < 0.5) parts.push(pick(GREETING[s.lang]), '');
    parts.push([start, s.game, s.id, password].filter(Boolean).join(' '), ...orders, end);
    if (next() < 0.4) parts.push('', `-- `, s.name);
    if (next() < 0.3)
      parts.push('', QUOTE_HEAD[s.lang], `> ${start} ${s.game} ${s.id}`, `> ${pick(s.lines)}`, `> ${end}`);
    const subject = next() < 0.2 ? `Re: [${s.game}] ${pick(SUBJECT[s.lang])}` : pick(SUBJECT[s.lang]);
    const info = await t.sendMail({
      from: `${s.name} <${s.email}>`,
      to: 'judge@localhost',
      subject,
      text: parts.join('\n') + '\n',
      date: new Date(Date.UTC(2026, 10, 29, 8, 0, 0) + i * 7_000),
      messageId: `<m${i}.${passwords ? 'p' : 'n'}.${s.id}.${s.game}@${s.email.split('@')[1]}>`,
      headers: { 'User-Agent': pick(['Mozilla Thunderbird', 'Microsoft Outlook 16.0', 'Roundcube Webmail/1.6.9']) },
    });
    mails.push(info.message as Buffer);
  }
  return { games, mails, wrongPasswords: wrong, distinctPasswords: pairs.size };
}

function client(a: RunArgs): ImapFlow {
  const c = new ImapFlow({
    host: a.env.imap.host,
    port: a.env.imap.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: a.tag, pass: a.env.imap.password },
    logger: false,
  });
  c.on('error', () => {});
  return c;
}

/** Fill the run's fresh mailbox (not timed): a few connections appending side by side. */
async function fill(a: RunArgs, mails: Buffer[]): Promise<void> {
  const lanes = 4;
  const first = client(a);
  await first.connect();
  await first.mailboxCreate('Processed').catch(() => {});
  await first.logout();
  // Appended in order per lane: UIDs need not follow the generation order.
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const c = client(a);
      await c.connect();
      try {
        for (let i = lane; i < mails.length; i += lanes) await c.append('INBOX', mails[i]!);
      } finally {
        await c.logout();
      }
    }),
  );
}

async function folders(a: RunArgs): Promise<{ inbox: number; processed: number }> {
  const c = client(a);
  await c.connect();
  try {
    const inbox = messagesIn(await c.status('INBOX', { messages: true }));
    const processed = messagesIn(await c.status('Processed', { messages: true }));
    return { inbox, processed };
  } finally {
    await c.logout();
  }
}

const n = (x: number) => x.toLocaleString('en-US');

/** The bare libraries: fetch in batches, parse, hash, insert in one transaction per batch, commit, MOVE. */
async function bare(a: RunArgs, passwords: boolean): Promise<Measured> {
  const data = await ingestData(a.size, passwords);
  await fill(a, data.mails);
  const db = new Database(join(a.dir, 'bare.sqlite'));
  // The judge's durability: WAL, every commit on disk before the MOVE that depends on it.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE mail (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL UNIQUE, message_id TEXT, sha256 TEXT NOT NULL UNIQUE,
    from_addr TEXT, subject TEXT, text TEXT, raw BLOB NOT NULL)`);
  const insert = db.prepare(
    'INSERT INTO mail (uid, message_id, sha256, from_addr, subject, text, raw) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // For ingest-passwords: the allowance of one verification per distinct (seat, password), on every core.
  const allowance = passwords ? hashAllowance(data.distinctPasswords) : 0;
  const c = client(a);
  const t0 = performance.now();
  await c.connect();
  let moved = 0;
  const lock = await c.getMailboxLock('INBOX');
  try {
    const listed = await c.fetchAll('1:*', { uid: true }, { uid: true });
    const uids = listed.map((m) => m.uid).sort((x, y) => x - y);
    for (let i = 0; i < uids.length; i += BATCH) {
      const batch = uids.slice(i, i + BATCH);
      const got = await c.fetchAll(batch.join(','), { uid: true, source: true }, { uid: true });
      const rows: (readonly [number, string | null, string, string | null, string | null, string, Buffer])[] = [];
      for (const m of got) {
        const p = await simpleParser(m.source!);
        rows.push([
          m.uid,
          p.messageId ?? null,
          createHash('sha256').update(m.source!).digest('hex'),
          p.from?.value[0]?.address ?? null,
          p.subject ?? null,
          p.text ?? '',
          m.source!,
        ] as const);
      }
      db.transaction(() => {
        for (const r of rows) insert.run(...r);
      })();
      if (await c.messageMove(batch.join(','), 'Processed', { uid: true })) moved += batch.length;
    }
  } finally {
    lock.release();
  }
  await c.logout();
  const ms = performance.now() - t0;
  const stored = db.prepare('SELECT count(*) AS n, count(DISTINCT sha256) AS d FROM mail').get() as {
    n: number;
    d: number;
  };
  db.close();
  const f = await folders(a);
  const wrong =
    stored.n !== a.size || stored.d !== a.size
      ? `${n(stored.n)} of ${n(a.size)} mails stored (${n(stored.d)} distinct)`
      : moved !== a.size || f.processed !== a.size || f.inbox !== 0
        ? `${n(f.processed)} of ${n(a.size)} mails in Processed, ${n(f.inbox)} left in INBOX`
        : null;
  return { ms: ms + allowance / 1.5, items: a.size, wrong };
}

/**
 * What one verification per distinct (seat, password) may cost on this
 * machine: the judge's own verifyPassword (same scrypt strength), timed here,
 * times the pairs, over the cores.
 */
function hashAllowance(pairs: number): number {
  const stored = hashPassword('bench-password');
  verifyPassword('bench-password', stored);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    verifyPassword(`guess-${i}`, stored);
    times.push(performance.now() - t);
  }
  const one = times.sort((x, y) => x - y)[2]!;
  return (pairs * one) / availableParallelism();
}

/**
 * `judge poll` — what `judge run` does for IMAP intake — as users run it: the
 * built CLI (bin/judge.js, the bundle; its code cache made by an untimed first
 * run) on a data directory with the games, reading the run's mailbox. Timed
 * from start to exit, so the judge's own start-up counts against it.
 */
/** The judge's side; `forecasts` false: every game's setup says `forecast: false` (the same mails, acknowledgements without). */
async function judge(a: RunArgs, passwords: boolean, forecasts = true): Promise<Measured> {
  const data = await ingestData(a.size, passwords);
  const env = { ...process.env, [PASSWORD_ENV]: a.env.imap.password, JUDGE_DATA: '' };
  writeFileSync(
    join(a.dir, 'judge.yaml'),
    stringify({
      judge: { address: 'judge@localhost', name: 'Bench Judge', bounceAddress: 'bounces@localhost' },
      transport: { type: 'file', dir: join(a.dir, 'sent') },
      imap: {
        host: a.env.imap.host,
        port: a.env.imap.port,
        secure: false,
        starttls: false,
        user: a.tag,
        passwordEnv: PASSWORD_ENV,
        mailbox: 'INBOX',
        processedFolder: 'Processed',
        batchSize: BATCH,
      },
    }),
  );
  const j = openJudge({ data: a.dir, create: true });
  await loadRules(data.games.map((g) => g.kind));
  for (const g of data.games)
    createGame(j, {
      id: g.id,
      kind: g.kind,
      setup: forecasts ? g.setup : { ...g.setup, forecast: false },
      seed: '20261129',
      actor: 'bench',
    });
  j.db.close();
  // The command's code cache, as any installation's first run makes it: a poll of the still empty mailbox.
  const warm = spawnSync(process.execPath, [join(root, 'bin', 'judge.js'), 'poll', '--data', a.dir], {
    env,
    encoding: 'utf8',
  });
  if (warm.status !== 0)
    return { ms: 0, items: 0, wrong: `the first judge poll exited ${warm.status}: ${warm.stderr.slice(-300)}` };
  await fill(a, data.mails);
  // bench/ab.ts: the data directory as the timed run finds it, kept for runs of other builds on the same mailbox.
  if (process.env.BENCH_KEEP_DATA) cpSync(a.dir, process.env.BENCH_KEEP_DATA, { recursive: true });
  const t0 = performance.now();
  // With --profile: the CLI's own CPU profiles (one per thread: the poll's and the worker's).
  const prof = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  const r = spawnSync(process.execPath, [...prof, join(root, 'bin', 'judge.js'), 'poll', '--data', a.dir], {
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0)
    return { ms, items: 0, wrong: `judge poll exited ${r.status}: ${(r.stderr || r.stdout).slice(-1500)}` };
  const handled = (r.stdout.match(/^ingest #\d+: /gm) ?? []).length;
  const k = openJudge({ data: a.dir });
  const row = k.db
    .prepare(
      `SELECT count(*) AS n, count(DISTINCT sha256) AS d, sum(status = 'received') AS waiting,
         sum(status IN ('accepted', 'partial')) AS taken, sum(status = 'rejected') AS refused FROM inbound`,
    )
    .get() as { n: number; d: number; waiting: number; taken: number; refused: number };
  // The acknowledgements that carry a forecast (its title in the reader's language).
  const titles = (['en', 'cs', 'ru'] as const).map((l) => formatMessage('common', l, 'ack-forecast-title'));
  const acks = k.db.prepare("SELECT body FROM outbox WHERE kind = 'ack'").all() as { body: string }[];
  const withForecast = acks.filter((m) => titles.some((t) => m.body.includes(t))).length;
  // The acknowledgements' size (their text; the HTML page is made of it when sent): printed, the largest against goals.maxBytes.
  const sizes = acks.map((m) => Buffer.byteLength(m.body));
  const bytes = {
    what: 'acknowledgements',
    mean: sizes.reduce((x, y) => x + y, 0) / Math.max(1, sizes.length),
    max: Math.max(0, ...sizes),
  };
  k.db.close();
  const f = await folders(a);
  const expectTaken = a.size - data.wrongPasswords;
  const wrong =
    row.n !== a.size || row.d !== a.size
      ? `${n(row.n)} of ${n(a.size)} mails stored (${n(row.d)} distinct)`
      : f.processed !== a.size || f.inbox !== 0
        ? `${n(f.processed)} of ${n(a.size)} mails in Processed, ${n(f.inbox)} left in INBOX`
        : row.waiting
          ? `${n(row.waiting)} mails stored but not handled`
          : row.taken !== expectTaken || row.refused !== data.wrongPasswords || handled !== a.size
            ? `${n(row.taken)} mails accepted (expected ${n(expectTaken)}), ${n(row.refused)} refused (expected ${n(data.wrongPasswords)}), ${n(handled)} handled`
            : forecasts && withForecast < expectTaken / 4
              ? `only ${n(withForecast)} of ${n(expectTaken)} acknowledgements carry a forecast`
              : !forecasts && withForecast > 0
                ? `${n(withForecast)} acknowledgements carry a forecast, the setups said none`
                : null;
  return { ms, items: a.size, wrong, bytes };
}

/** An intake piece: the same sizes, goal and repetitions; with or without passwords, with or without forecasts. */
function piece(name: string, what: string, passwords: boolean, forecasts: boolean): Piece {
  return {
    name,
    what,
    sizes: { short: 500, full: 10_000 },
    // An acknowledgement, its forecast included, stays a mail to read on a phone: a few screens (docs/benchmarks.md).
    goals: { maxRatio: 1.5, maxBytes: 16 * 1024 },
    reps: { short: 3, full: 3 },
    bare: (a) => bare(a, passwords),
    judge: (a) => judge(a, passwords, forecasts),
  };
}

// Each with its twin whose games are all set up `forecast: false`: what the forecasts cost shows beside it.
const pieces: Piece[] = [
  piece(
    'ingest',
    'order mails from Dovecot, games without passwords: judge run intake (each acknowledgement with its forecast) vs fetchAll+mailparser+sha256+SQLite+MOVE',
    false,
    true,
  ),
  piece(
    'ingest-no-forecast',
    'the mails of `ingest`, every game set up with forecast: false (acknowledgements without forecasts), vs the same bare libraries',
    false,
    false,
  ),
  piece(
    'ingest-passwords',
    'order mails from Dovecot with passwords, acknowledgements with forecasts; bare ms = the bare libraries + (distinct (seat, password) pairs × one scrypt verification timed in the bare child ÷ cores) ÷ 1.5, so ratio ≤ 1.5 means judge ≤ 1.5 × bare + that allowance',
    true,
    true,
  ),
  piece(
    'ingest-passwords-no-forecast',
    'the mails of `ingest-passwords`, every game set up with forecast: false, vs the same bare libraries and scrypt allowance',
    true,
    false,
  ),
];

export default pieces;
