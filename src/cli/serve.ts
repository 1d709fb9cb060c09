// `judge serve` (the web pages) and `judge player link` / `judge gm link` (the secret links to a reader's own page).
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../config.js';
import { requireStore } from '../context.js';
import { dataDir } from '../store/db.js';
import type { LinkResult } from '../web/links.js';
import { CliError } from './errors.js';
import { examples, globals, judgeFor } from './shared.js';

function portArg(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`--port must be 0…65535, not "${v}"`);
  return n;
}

export function serveCommand(): Command {
  return new Command('serve')
    .description(
      "the games' web pages, read-only: the list of games, each game's public page, and each player's and the GM's own page behind a secret link",
    )
    .option('--host <address>', 'address to listen on (default: web.host in judge.yaml, else 127.0.0.1)')
    .option('--port <n>', 'port (default: web.port in judge.yaml, else 8080; 0 = any free port)', portArg)
    .addHelpText(
      'after',
      `
It opens the store read-only and runs beside \`judge run\` (cron). It speaks
plain HTTP: put it behind a reverse proxy for HTTPS, and set web.baseUrl in
judge.yaml to the address players use (it goes into the links the judge mails).
${examples('judge serve', 'judge --data /srv/judge serve --port 8081', "judge player link fandi1 alfa        # mail alfa the link to alfa's own page")}`,
    )
    .action(async function (this: Command, o: { host?: string; port?: number }) {
      const g = globals(this);
      const dir = dataDir(g.data);
      const store = requireStore(dir, g);
      const web = loadConfig(dir, g.config).web;
      const { startServer } = await import('../web/server.js');
      const server = await startServer(store, o.host ?? web.host, o.port ?? web.port);
      console.log(`judge serve: ${server.url}/ (store ${store}, read-only); Ctrl-C stops it`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void server.close().then(resolve);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}

function report(r: LinkResult, who: string): void {
  if (!r.url) {
    console.log(
      `${who}: ${r.revoked ? `${r.revoked} link${r.revoked === 1 ? '' : 's'} revoked` : 'no live link to revoke'}`,
    );
    return;
  }
  console.log(`${who}: ${r.url}`);
  if (r.revoked) console.log(`  the old link no longer works`);
  console.log(r.mailed ? `  mailed to ${r.to} (judge send / judge run sends it)` : `  not mailed (no address)`);
}

const linkHelp = `
The link opens the reader's own page on \`judge serve\`: every report the judge
mailed, with the map as the reader knows it. Only a hash of it is stored, so it
is shown once (here and in the mail); --new makes a new one and the old one
stops working, --revoke ends it. Handing a position over or ejecting a player
revokes it too. The address in it is web.baseUrl of judge.yaml.
`;

/** `judge player link <game> <player>` (added to `judge player`). */
export function playerLinkCommand(player: Command): void {
  player
    .command('link <game> <player>')
    .description("make a secret link to a player's own web page and mail it to the player (never the password)")
    .option('--new', 'replace the live link with a new one (the old one stops working)')
    .option('--revoke', 'revoke the live link')
    .addHelpText(
      'after',
      linkHelp +
        examples(
          'judge player link fandi1 alfa',
          'judge player link fandi1 alfa --new',
          'judge player link fandi1 alfa --revoke',
        ),
    )
    .action(async function (this: Command, gameId: string, playerId: string, o: { new?: boolean; revoke?: boolean }) {
      const { manageLink } = await import('../web/links.js');
      if (o.new && o.revoke) throw new CliError('--new and --revoke do not go together');
      report(manageLink(judgeFor(this), gameId, playerId, o), `${gameId}/${playerId}`);
    });
}

/** `judge gm link <game>` (added to `judge gm`). */
export function gmLinkCommand(gm: Command): void {
  gm.command('link <game>')
    .description(
      "make a secret link to the GM's web page (every report of every reader) and mail it to the GM's address",
    )
    .option('--new', 'replace the live link with a new one (the old one stops working)')
    .option('--revoke', 'revoke the live link')
    .addHelpText(
      'after',
      linkHelp + examples('judge gm link fandi1', 'judge gm link fandi1 --new', 'judge gm link fandi1 --revoke'),
    )
    .action(async function (this: Command, gameId: string, o: { new?: boolean; revoke?: boolean }) {
      const { manageLink } = await import('../web/links.js');
      if (o.new && o.revoke) throw new CliError('--new and --revoke do not go together');
      report(manageLink(judgeFor(this), gameId, null, o), `${gameId}/gm`);
    });
}
