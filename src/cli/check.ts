// `judge check`: a doctor for a judge's set-up, on one screen with every
// problem at once. judge.yaml (all its errors), the store (there, its schema,
// the last run and intake the judge recorded, each game at a glance), the IMAP
// mailbox (login with the configured credentials and TLS, the mailbox, the
// processedFolder there or made) and the SMTP server (login, the envelope
// sender taken: MAIL FROM then RSET, nothing sent). Nothing is read, stored,
// moved or sent; every network step is bounded by --timeout. Exit 0 when all
// is well, 1 otherwise.
import { openSqlite } from '../store/sqlite.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig, messageIdDomain, type JudgeConfig } from '../config.js';
import { requireStore } from '../context.js';
import { gameSettings } from '../engine/settings.js';
import type { Probe } from '../mail/probe.js';
import { formatDeadline } from '../render/time.js';
import { dataDir, type Db } from '../store/db.js';
import { isPlaying, listGames, listPlayers } from '../store/games.js';
import { getMeta } from '../store/judge-meta.js';
import { migrations } from '../store/migrations.js';
import { currentPhase } from '../store/phases.js';
import { liveSubmissions } from '../store/submissions.js';
import { examples, globals } from './shared.js';

/** skip: not looked at (because of a problem already counted). */
type Status = 'ok' | 'warn' | 'FAIL' | 'skip';

interface Finding {
  status: Status;
  what: string;
  text: string;
  hints?: string[];
}

function secondsArg(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || n > 300)
    throw new InvalidArgumentError(`--timeout must be 1…300 seconds, not "${v}"`);
  return n;
}

/** "3 min ago", "2 h ago", "5 days ago". */
function ago(iso: string, now: Date): string {
  const min = Math.round((now.getTime() - Date.parse(iso)) / 60_000);
  if (min < 0) return 'in the future (a clock set wrong?)';
  if (min < 120) return `${min} min ago`;
  if (min < 48 * 60) return `${Math.round(min / 60)} h ago`;
  return `${Math.round(min / 1440)} days ago`;
}

/** What the judge recorded of its runs (store/judge-meta.ts). */
function runFindings(db: Db, now: Date): Finding[] {
  const run = getMeta(db, 'last-run');
  const intake = getMeta(db, 'last-intake-ok');
  const failed = getMeta(db, 'intake-failure');
  const out: Finding[] = [
    {
      status: run ? 'ok' : 'warn',
      what: 'runs',
      text: run
        ? `last \`judge run\` ${run.value} (${ago(run.value, now)}); last good intake ${intake ? `${intake.value} (${ago(intake.value, now)})` : 'none recorded'}`
        : 'no `judge run` recorded yet: is cron (or the systemd timer) set up?',
    },
  ];
  if (failed)
    out.push({
      status: 'warn',
      what: 'intake',
      text: `the last intake failed (${failed.at}, ${ago(failed.at, now)}): ${failed.value}`,
    });
  return out;
}

/** Each game on one line: kind, status, open phase, deadline, orders in. */
function gameLines(db: Db, now: Date): string[] {
  return listGames(db).map((g) => {
    const p = currentPhase(db, g.id);
    const head = `${g.id} (${g.kind}, ${g.status})`;
    if (!p || p.processed_at) return `${head}: no open phase`;
    const tz = gameSettings(g).timezone;
    const playing = listPlayers(db, g.id).filter(isPlaying);
    const sent = new Set(liveSubmissions(db, g.id, p.number).map((s) => s.player_id));
    const due = p.deadline ? `deadline ${formatDeadline(p.deadline, tz, 'en')}` : 'no deadline (processed by hand)';
    const late = p.deadline && Date.parse(p.deadline) < now.getTime() ? ` — passed ${ago(p.deadline, now)}` : '';
    return `${head} phase ${p.number} "${p.label}", ${due}${late}; orders from ${playing.filter((x) => sent.has(x.id)).length} of ${playing.length}`;
  });
}

/** The store: there (never made here), its schema, the runs, the games and the outbox. */
function storeFindings(
  dir: string,
  configFile: string | undefined,
  now: Date,
): { findings: Finding[]; games: string[] } {
  let file: string;
  try {
    file = requireStore(dir, { config: configFile });
  } catch (e) {
    return { findings: [{ status: 'FAIL', what: 'store', text: (e as Error).message }], games: [] };
  }
  let db: Db;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
  } catch (e) {
    return {
      findings: [{ status: 'FAIL', what: 'store', text: `${file}: cannot open: ${(e as Error).message}` }],
      games: [],
    };
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const ours = migrations.length;
    if (version > ours)
      return {
        findings: [
          {
            status: 'FAIL',
            what: 'store',
            text: `${file}: schema v${version} is newer than this judge's (v${ours}): upgrade pbem-judge`,
          },
        ],
        games: [],
      };
    const findings: Finding[] = [
      version === ours
        ? { status: 'ok', what: 'store', text: `${file}: schema v${version}, this judge's` }
        : {
            status: 'warn',
            what: 'store',
            text: `${file}: schema v${version}; this judge's is v${ours}, and the next command brings it there`,
          },
    ];
    if (version < ours) return { findings, games: [] };
    findings.push(...runFindings(db, now));
    const mail = db.prepare('SELECT status, count(*) AS n FROM outbox_head GROUP BY status').all() as {
      status: string;
      n: number;
    }[];
    const stuck = mail.filter((m) => m.status === 'failed' || m.status === 'ambiguous');
    findings.push({
      status: stuck.length ? 'warn' : 'ok',
      what: 'outbox',
      text:
        (mail.map((m) => `${m.n} ${m.status}`).join(', ') || 'empty') + (stuck.length ? ' — see `judge outbox`' : ''),
    });
    return { findings, games: gameLines(db, now) };
  } finally {
    db.close();
  }
}

/** The mail servers, looked at side by side (each bounded by the timeout). */
async function serverFindings(config: JudgeConfig, dir: string, timeoutMs: number): Promise<Finding[]> {
  const out: Promise<Finding>[] = [];
  const asFinding = (what: string, p: Probe): Finding => ({
    status: p.ok ? 'ok' : 'FAIL',
    what,
    text: p.text,
    hints: p.hints,
  });
  if (config.imap) {
    const imap = config.imap;
    out.push(
      import('../mail/inbound/imap-probe.js').then(async (m) => asFinding('imap', await m.probeImap(imap, timeoutMs))),
    );
  } else
    out.push(
      Promise.resolve({
        status: 'ok',
        what: 'intake',
        text: `no imap section: mail is read from ${config.inbox.dir ?? `${dir}/inbox`} (or a .forward pipe)`,
      }),
    );
  const t = config.transport;
  if (t.type === 'smtp') {
    const sender = config.judge.bounceAddress ?? config.judge.address;
    out.push(
      import('../mail/outbound/smtp-probe.js').then(async (m) =>
        asFinding('smtp', await m.probeSmtp(t, sender, messageIdDomain(config), timeoutMs)),
      ),
    );
    if (/@localhost$/i.test(config.judge.address))
      out.push(
        Promise.resolve({
          status: 'warn',
          what: 'judge',
          text: `judge.address is ${config.judge.address}: players' mail clients cannot answer it; set the judge's real address`,
        }),
      );
  } else
    out.push(
      Promise.resolve({
        status: 'ok',
        what: 'outgoing',
        text: `transport: file — mail is written as .eml files into ${t.dir ?? `${dir}/outbox`}, not sent`,
      }),
    );
  return Promise.all(out);
}

function print(dir: string, findings: Finding[], games: string[]): number {
  const lines = [`judge check: ${dir}`];
  for (const f of findings) {
    const [first, ...rest] = f.text.split('\n');
    lines.push(`  ${f.status.padEnd(5)} ${f.what.padEnd(8)} ${first}`);
    for (const l of [...rest.map((x) => x.trim()), ...(f.hints ?? []).map((h) => `→ ${h}`)])
      lines.push(`  ${''.padEnd(5)} ${''.padEnd(8)} ${l}`);
  }
  if (games.length) {
    lines.push('  games');
    for (const g of games) lines.push(`    ${g}`);
  }
  const failed = findings.filter((f) => f.status === 'FAIL').length;
  const warned = findings.filter((f) => f.status === 'warn').length;
  lines.push(
    failed
      ? `${failed} problem${failed === 1 ? '' : 's'}${warned ? ` and ${warned} warning${warned === 1 ? '' : 's'}` : ''}: exit 1`
      : `all is well${warned ? ` (${warned} warning${warned === 1 ? '' : 's'})` : ''}`,
  );
  console.log(lines.join('\n'));
  return failed ? 1 : 0;
}

export function checkCommand(): Command {
  return new Command('check')
    .description(
      'check the set-up on one screen: judge.yaml, the store, the IMAP and SMTP servers (login, TLS, the Processed folder, the envelope sender), the last run, each game; every problem at once',
    )
    .option('--timeout <seconds>', 'the longest a server may take to answer one step (1–300)', secondsArg, 20)
    .addHelpText(
      'after',
      examples('judge check', 'judge --data /srv/judge check', 'judge --data /srv/judge check --timeout 5') +
        `
Nothing is read, stored, moved or sent: the SMTP server is only asked whether it
takes the judge's envelope sender (MAIL FROM, then RSET). A missing
imap.processedFolder is made, as the first run would make it. When TLS fails,
the lines name imap.secure / imap.starttls / imap.port (transport.* for SMTP).

Exit codes: 0 all is well (warnings do not count), 1 a problem was found.
`,
    )
    .action(async function (this: Command, o: { timeout: number }) {
      const g = globals(this);
      const dir = dataDir(g.data);
      const now = new Date();
      const findings: Finding[] = [];
      let config: JudgeConfig | null = null;
      try {
        config = loadConfig(dir, g.config);
        const file = g.config ?? join(dir, 'judge.yaml');
        findings.push({
          status: 'ok',
          what: 'config',
          text: existsSync(file) ? `${file}: valid` : `no ${file}: the defaults hold (no mail servers)`,
        });
      } catch (e) {
        findings.push({ status: 'FAIL', what: 'config', text: (e as Error).message });
      }
      const store = storeFindings(dir, g.config, now);
      findings.push(...store.findings);
      if (config) findings.push(...(await serverFindings(config, dir, o.timeout * 1000)));
      else
        findings.push({
          status: 'skip',
          what: 'servers',
          text: 'not checked: judge.yaml must be mended first (the servers are named there)',
        });
      process.exitCode = print(dir, findings, store.games);
    });
}
