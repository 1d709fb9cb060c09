// `judge init`: a data directory with a commented configuration and an empty store.
import { Command } from 'commander';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, dbPath, openDb } from '../store/db.js';
import { examples, globals } from './shared.js';
import { QUICKSTART_SEATS } from '../engine/sample-passwords.js';

export const exampleConfig = `# pbem-judge configuration (YAML). Every key is optional; these are the defaults.
# Secrets never go in this file: it names the environment variables holding them.
judge:
  # The judge's own address: From and Reply-To of every mail it sends.
  address: judge@localhost
  name: pbem-judge
  # Envelope sender (MAIL FROM) for bounces; defaults to the address above.
  # bounceAddress: judge-bounces@example.org
  # Domain of generated Message-IDs; defaults to the domain of the address.
  # messageIdDomain: example.org
  # For games that require DKIM/DMARC (auth: in the game's setup): believe only
  # the Authentication-Results header your own mail server adds, under this
  # authserv-id. Without it the judge checks DKIM/DMARC itself, using DNS.
  # trustedAuthservId: mx.example.org

# How mail leaves the judge. "file" writes each mail as an .eml file into
# <data>/outbox (or dir:), so the judge runs without any mail server.
transport:
  type: file
  # dir: /srv/judge/outbox
# … or through a mail server (every mail: pending → sending → sent; a 5xx to
# RCPT TO or the data is final, a 4xx is retried on later runs; a refused login,
# TLS or connection fails no mail: \`judge run\` exits 1 naming the setting to
# fix, and the mail waits; a connection lost after the data was sent is
# "ambiguous", sent again once with the same Message-ID: see \`judge outbox\`):
# transport:
#   type: smtp
#   host: smtp.example.org
#   port: 587                       # 465 with secure: true
#   secure: false                   # TLS from the first byte
#   starttls: true                  # when not secure: insist on STARTTLS
#   rejectUnauthorized: true        # check the server's certificate
#   user: judge@example.org
#   passwordEnv: JUDGE_SMTP_PASSWORD   # the environment variable with the password
#   timeoutSeconds: 60              # per step, at most 3600
#   connections: 5                  # SMTP connections open at once while sending (1–50)
#   messagesPerConnection: 100      # messages over one connection before a new one is opened
#   retry:
#     firstMinutes: 5               # then 10, 20, … up to maxMinutes
#     maxMinutes: 360               # at most 525600 (365 days)
#     maxAttempts: 10               # then the mail is marked failed
#   ambiguous: resend               # data sent, no answer: resend (once, same Message-ID) or ask (the GM)
#   ambiguousResendMinutes: 10      # … after this long

# Where \`judge ingest\` and \`judge run\` look for mail when there is no imap
# section: a directory of .eml files or a Maildir (new/ cur/). Default: <data>/inbox
inbox:
  # dir: /home/judge/Maildir
  # Larger messages are stored as rejected (only their first 256 KiB are
  # kept) and their sender told why.
  maxBytes: 10485760
  # A person is answered for every mail; but a mail the judge cannot accept
  # (and HELP/LIST) gets at most this many replies per address and day, the
  # last one saying so (acknowledgements of orders are not counted).
  repliesPerDay: 10
  # Blocks read per mail (the rest are refused: no mail of a thousand password guesses).
  maxBlocks: 20
  # Work per mail, in seconds: a mail that fails or times out twice is quarantined.
  handleSeconds: 60
  # How long \`judge ingest --stdin\` waits for the store before it exits 75 (the mail server retries).
  pipeWaitSeconds: 30
  # Wrong passwords. A seat's own (from its address of record) never lock it: after slowAfter in a
  # row each further one asks for a wait of firstDelayMinutes, doubling up to maxDelayMinutes, and the
  # right password is always taken. Those from other addresses count per (seat, sender) and per sender
  # in the window; over a limit that sender's blocks go unchecked (and nobody else's).
  authFailures: { perSeatSender: 5, perSender: 10, windowHours: 24, slowAfter: 3, firstDelayMinutes: 1, maxDelayMinutes: 60 }

# Read mail from an IMAP mailbox (\`judge poll\`, and the first step of
# \`judge run\`). Each message is stored, then moved to processedFolder.
# imap:
#   host: imap.example.org
#   port: 993                       # default 993 when secure, else 143
#   secure: true                    # TLS from the first byte
#   starttls: true                  # when not secure: insist on STARTTLS
#   rejectUnauthorized: true
#   user: judge@example.org
#   passwordEnv: JUDGE_IMAP_PASSWORD   # the environment variable with the password
#   mailbox: INBOX
#   processedFolder: Processed      # created when missing
#   batchSize: 50                   # messages stored per transaction
#   timeoutSeconds: 60              # per step, at most 3600

# \`judge serve\`: the games' web pages, read-only beside \`judge run\`. It speaks
# plain HTTP on host:port; put a reverse proxy (HTTPS) in front for players.
web:
  host: 127.0.0.1
  port: 8080
  # The address players reach the pages at: the secret links the judge mails
  # (\`judge player link\`, \`judge gm link\`) start with it. Default http://<host>:<port>
  # baseUrl: https://judge.example.org
`;

export function initCommand(): Command {
  return new Command('init')
    .description('create the data directory: judge.yaml (commented example), inbox/, outbox/ and the SQLite store')
    .addHelpText('after', examples('judge init', 'judge --data /srv/judge init'))
    .action(function (this: Command) {
      const dir = dataDir(globals(this).data);
      mkdirSync(join(dir, 'inbox'), { recursive: true });
      mkdirSync(join(dir, 'outbox'), { recursive: true });
      const cfg = join(dir, 'judge.yaml');
      if (existsSync(cfg)) console.log(`kept ${cfg} (exists)`);
      else {
        writeFileSync(cfg, exampleConfig);
        console.log(`wrote ${cfg}`);
      }
      openDb(dbPath(dir)).close();
      console.log(`store ready: ${dbPath(dir)}`);
      const ex = writeExamples(dir);
      if (ex)
        console.log(
          `wrote ${ex} (a FanDi setup with four seats and an order mail, for the Quick start of \`judge --help\`)`,
        );
      console.log(
        `next: set the mail servers in ${cfg} and run \`judge${globals(this).data ? ` --data ${dir}` : ''} check\``,
      );
    });
}

/**
 * What the Quick start of `judge --help` uses: the FanDi default map with
 * four seats (examples/fandi.json) and an order mail for it (examples/orders.eml).
 */
function writeExamples(dir: string): string | null {
  const out = join(dir, 'examples');
  if (existsSync(out)) return null;
  mkdirSync(out, { recursive: true });
  const base = JSON.parse(
    readFileSync(new URL('../../games/fandi/setups/default.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const setup = {
    ...base,
    title: 'FanDi — quick start',
    lang: 'en',
    // Their passwords are public: a game created from this file is warned about them (sample-passwords.ts).
    seats: QUICKSTART_SEATS,
  };
  writeFileSync(join(out, 'fandi.json'), JSON.stringify(setup, null, 2) + '\n');
  writeFileSync(
    join(out, 'orders.eml'),
    [
      'From: Adam <alfa@example.org>',
      'To: judge@localhost',
      'Subject: orders, turn 1',
      'Message-ID: <quickstart-1@example.org>',
      'Date: Tue, 01 Dec 2026 09:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `GAME g1 alfa ${QUICKSTART_SEATS[0]!.password}`,
      'B2 build 2 infantry',
      'move 1 infantry from B2 to C2',
      'END',
      '',
    ].join('\r\n'),
  );
  return out;
}
