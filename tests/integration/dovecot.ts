// A real Dovecot IMAP server for the integration tests: started on a free
// loopback port from a configuration written to a temp directory (static
// passdb, maildir), its mail owned by an unprivileged user, stopped by stop().
// Dovecot must be installed (.ci/run installs dovecot-imapd); when it cannot
// start, start() throws: the tests fail, they are never skipped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface Dovecot {
  host: string;
  port: number;
  /** The implicit-TLS port (self-signed certificate), when started with tls. */
  tlsPort: number | null;
  user: string;
  password: string;
  dir: string;
  stop(): Promise<void>;
  /** Stop the server, keeping its mail: connections are refused until resume() (an outage). */
  halt(): Promise<void>;
  /** Start it again on the same port with the same mail. */
  resume(): Promise<void>;
}

const CANDIDATES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot', '/opt/homebrew/sbin/dovecot'];

export function dovecotBinary(): string {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v dovecot'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error('dovecot is not installed (apt-get install -y dovecot-imapd); the IMAP integration tests need it');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function idOf(name: string, flag: '-u' | '-g'): number | null {
  const r = spawnSync('id', [flag, name], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : null;
}

/** Who owns the mail: an unprivileged system user when we are root, else ourselves. */
function mailOwner(): {
  user: string;
  uid: number;
  gid: number;
  group: string;
  loginUser: string;
  internalUser: string;
} {
  const me = userInfo();
  if (me.uid !== 0) {
    return {
      user: me.username,
      uid: me.uid,
      gid: me.gid,
      group: String(me.gid),
      loginUser: me.username,
      internalUser: me.username,
    };
  }
  for (const name of ['dovenull', 'nobody']) {
    const uid = idOf(name, '-u');
    const gid = idOf(name, '-g');
    if (uid !== null && gid !== null && uid !== 0)
      return {
        user: name,
        uid,
        gid,
        group: String(gid),
        loginUser: idOf('dovenull', '-u') !== null ? 'dovenull' : name,
        internalUser: idOf('dovecot', '-u') !== null ? 'dovecot' : name,
      };
  }
  throw new Error('no unprivileged user (dovenull or nobody) to own the test mail');
}

function waitForPort(port: number, proc: ChildProcess, logFile: string, ms = 15000): Promise<void> {
  const until = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (proc.exitCode !== null) {
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        return reject(new Error(`dovecot exited with ${proc.exitCode}:\n${log}`));
      }
      const sock = createConnection({ host: '127.0.0.1', port });
      sock.once('data', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => {
        sock.destroy();
        if (Date.now() > until) reject(new Error(`dovecot did not listen on 127.0.0.1:${port} in ${ms} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** A throw-away self-signed certificate for 127.0.0.1 (openssl). */
export function selfSigned(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl could not make a test certificate: ${r.stderr}`);
  return { cert, key };
}

export async function startDovecot(o: { user?: string; password?: string; tls?: boolean } = {}): Promise<Dovecot> {
  const bin = dovecotBinary();
  const dir = mkdtempSync(join(tmpdir(), 'judge-dovecot-'));
  chmodSync(dir, 0o755);
  const owner = mailOwner();
  const mail = join(dir, 'mail');
  mkdirSync(mail);
  chownSync(mail, owner.uid, owner.gid);
  const port = await freePort();
  const tlsPort = o.tls ? await freePort() : null;
  const pair = o.tls ? selfSigned(dir) : null;
  const user = o.user ?? 'judge';
  const password = o.password ?? 'judge-secret';
  const logFile = join(dir, 'dovecot.log');
  const conf = join(dir, 'dovecot.conf');
  writeFileSync(
    conf,
    `# written by tests/integration/dovecot.ts
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = judge-test-${port}
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
${pair ? `ssl = yes\nssl_cert = <${pair.cert}\nssl_key = <${pair.key}` : 'ssl = no'}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = ${owner.internalUser}
default_login_user = ${owner.loginUser}
first_valid_uid = ${owner.uid}
last_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
last_valid_gid = ${owner.gid}
mail_location = maildir:${mail}/%u/Maildir
mail_uid = ${owner.uid}
mail_gid = ${owner.gid}
passdb {
  driver = static
  args = password=${password}
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort ?? 0}
    ssl = yes
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  const check = spawnSync(bin, ['-c', conf, '-n'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`dovecot rejects the test configuration:\n${check.stderr}`);
  const launch = async (): Promise<ChildProcess> => {
    const proc = spawn(bin, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (d) => (stderr += String(d)));
    try {
      await waitForPort(port, proc, logFile);
    } catch (e) {
      proc.kill('SIGKILL');
      throw new Error(`${(e as Error).message}\n${stderr}`);
    }
    return proc;
  };
  const end = async (p: ChildProcess): Promise<void> => {
    if (p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await exited;
  };
  let proc = await launch();
  return {
    host: '127.0.0.1',
    port,
    tlsPort,
    user,
    password,
    dir,
    async stop() {
      await end(proc);
      rmSync(dir, { recursive: true, force: true });
    },
    async halt() {
      await end(proc);
    },
    async resume() {
      if (proc.exitCode === null && proc.signalCode === null) return;
      proc = await launch();
    },
  };
}
