// `judge demo`: a fresh data directory, a demo game, realistic order mails
// (one with mistakes, one a reply quoting the judge, with a signature),
// ingested, processed and answered — no mail server needed.
import { Command } from 'commander';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openJudge } from '../context.js';
import { requireGame } from '../store/games.js';
import { currentPhase } from '../store/phases.js';
import { listInbound } from '../store/inbound.js';
import { listOutbox } from '../store/outbox.js';
import { demoScenarios, type DemoMail, type DemoScenario } from './demo-scenarios.js';
import { CliError } from './errors.js';
import { ingestDirectory, sendAndLog } from './mail.js';
import { examples, globals } from './shared.js';
import { counted } from '../render/plural.js';

/** A message as a mail client would write it (MIME, quoted-printable, Message-ID, Date). */
export async function clientMail(m: {
  from: string;
  to: string;
  subject: string;
  text: string;
  date: Date;
  inReplyTo?: string;
}): Promise<Buffer> {
  const { default: nodemailer } = await import('nodemailer');
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await t.sendMail({
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    date: m.date,
    inReplyTo: m.inReplyTo,
    headers: { 'User-Agent': 'Mozilla Thunderbird' },
  });
  return info.message as Buffer;
}

const MARKER = '.pbem-judge-demo';

export async function runDemo(dir: string, scenario: DemoScenario, log: (s: string) => void): Promise<void> {
  // Loaded when the demo runs, not with the command list (start-up time: issue #15).
  const [{ createGame }, { advanceDue }, { htmlFiles }] = await Promise.all([
    import('../engine/create-game.js'),
    import('../engine/gm-loop.js'),
    import('../mail/outbound/html-parts.js'),
  ]);
  if (existsSync(dir) && readdirSync(dir).length && !existsSync(join(dir, MARKER)))
    throw new CliError(`${dir} exists and is not a demo directory; choose another with --data`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'inbox'), { recursive: true });
  writeFileSync(join(dir, MARKER), 'made by `judge demo`; deleted by the next `judge demo`\n');
  const j = openJudge({ data: dir, create: true });
  const created = createGame(j, {
    id: scenario.gameId,
    kind: scenario.kind,
    setup: scenario.setup,
    seed: '20261129',
    actor: 'demo',
  });
  log(`game ${created.game.id}: ${scenario.description}`);
  let n = 0;
  const deliver = async (mails: DemoMail[], what: [string, string]) => {
    const first = n;
    for (const m of mails) {
      const raw = await clientMail({ ...m, to: j.config.judge.address, date: new Date(Date.UTC(2026, 10, 29, 8, n)) });
      writeFileSync(join(j.inboxDir, `${String(++n).padStart(2, '0')}-${m.label}.eml`), raw);
    }
    log(`wrote ${counted(n - first, what[0], what[1])} into ${relative(process.cwd(), j.inboxDir) || '.'}`);
    await ingestDirectory(j, j.inboxDir, log);
  };
  for (const stage of [{ mails: scenario.mails, gm: scenario.gm }, ...(scenario.later ?? [])]) {
    await deliver(stage.mails, ['order mail', 'order mails']);
    const game = requireGame(j.db, scenario.gameId);
    let a = advanceDue(j, game, currentPhase(j.db, game.id)!, 'demo');
    if (a.action !== 'processed') {
      log(`phase ${currentPhase(j.db, game.id)!.number}: ${a.detail}`);
      await deliver(stage.gm ?? [], ["mail with the GM's answers", "mails with the GM's answers"]);
      a = advanceDue(j, game, currentPhase(j.db, game.id)!, 'demo');
    }
    if (a.action !== 'processed') throw new Error(`demo: phase still waits for the GM (${a.detail})`);
    log(`processed phase ${a.result.phase}: state hash ${a.result.hash.slice(0, 16)}`);
  }
  await sendAndLog(j, log);
  const mails = listOutbox(j.db);
  // Each mail's HTML part with its pictures, to look at in a browser.
  let pages = 0;
  for (const m of mails) {
    const files = htmlFiles(j, m, `${String(m.id).padStart(6, '0')}-${m.kind}`);
    for (const f of files ?? []) writeFileSync(join(j.outboxDir, f.name), f.content);
    if (files) pages++;
  }
  log('');
  log('Summary');
  for (const i of listInbound(j.db))
    log(`  in  #${i.id} ${i.status.padEnd(8)} ${i.from_addr}${i.reason ? ` — ${i.reason}` : ''}`);
  for (const m of mails) log(`  out #${m.id} ${m.kind.padEnd(7)} → ${JSON.parse(m.to_addrs).join(', ')}: ${m.subject}`);
  for (const kind of scenario.show) {
    const m = mails.find((x) => x.kind === kind.kind && JSON.parse(x.to_addrs).includes(kind.to));
    if (!m) continue;
    log('');
    log(`──── ${m.kind} to ${kind.to} ${'─'.repeat(Math.max(4, 50 - kind.to.length))}`);
    log(`Subject: ${m.subject}`);
    log('');
    log(m.body.trimEnd());
  }
  log('');
  log(`Result mails: ${relative(process.cwd(), j.outboxDir)}/*.eml   (open them in any mail client, or cat them)`);
  if (pages)
    log(
      `HTML parts:   ${relative(process.cwd(), j.outboxDir)}/*.html with their pictures (*.png)   (open them in a browser)`,
    );
  log(`Store:        ${relative(process.cwd(), join(dir, 'judge.sqlite'))}`);
  log(`Try:          node bin/judge.js --data ${relative(process.cwd(), dir) || '.'} status`);
  log(
    `Web pages:    node bin/judge.js --data ${relative(process.cwd(), dir) || '.'} serve   (then http://127.0.0.1:8080/; \`player link\` makes a player's own page)`,
  );
  j.db.close();
}

export function demoCommand(): Command {
  return new Command('demo')
    .description(
      'play one turn of a demo game from order mails to result mails in a fresh data directory (default ./data/demo); no mail server needed. Each mail is written as a .eml file, and its HTML part with its pictures as .html and .png files beside it',
    )
    .option('--kind <kind>', `which demo: ${Object.keys(demoScenarios).join(', ')}`, Object.keys(demoScenarios)[0])
    .addHelpText('after', examples('judge demo', 'judge --data /tmp/judge-demo demo --kind rpg'))
    .action(async function (this: Command, o: { kind: string }) {
      const scenario = demoScenarios[o.kind];
      if (!scenario) throw new CliError(`no demo "${o.kind}" (have: ${Object.keys(demoScenarios).join(', ')})`);
      const g = globals(this);
      await runDemo(g.data ?? join('data', 'demo'), scenario, console.log);
    });
}
