// `judge init`: a data directory with a commented configuration and an empty store.
import { Command } from 'commander';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, dbPath, openDb } from '../store/db.js';
import { examples, globals } from './shared.js';

export const exampleConfig = `# pbem-judge configuration (YAML). Every key is optional; these are the defaults.
judge:
  # The judge's own address: From and Reply-To of every mail it sends.
  address: judge@localhost
  name: pbem-judge
  # Envelope sender (MAIL FROM) for bounces; defaults to the address above.
  # bounceAddress: judge-bounces@example.org

# How mail leaves the judge. "file" writes each mail as an .eml file into
# <data>/outbox (or dir:), so the judge runs without any mail server.
transport:
  type: file
  # dir: /srv/judge/outbox

# Where \`judge ingest\` and \`judge run\` look for mail: a directory of .eml
# files or a Maildir (new/ cur/). Default: <data>/inbox
inbox:
  # dir: /home/judge/Maildir
  # Larger messages are stored as rejected and their sender told why.
  maxBytes: 10485760
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
    });
}
