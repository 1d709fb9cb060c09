// IMAP intake. One new client per run (with its error listener before
// connect), the mailbox locked, then per batch: list new UIDs with their sizes,
// fetch the sources with one fetchAll (never an IMAP command inside a fetch
// loop), store the raw bytes in one transaction, and only after the commit
// MOVE the batch to the Processed folder (the commit made durable first: a
// NORMAL commit, then the WAL synced on the thread pool, so that neither this
// thread nor intake's worker, which waits for the write lock, waits for the
// disk meanwhile). UIDVALIDITY and the last UID are
// kept per mailbox; a message stored by a run that died before its MOVE is
// recognised by (mailbox, UIDVALIDITY, UID) and only moved, never stored twice.
// Each message's INTERNALDATE (when the server received it) comes with its
// source: its orders count at that time, however late the judge reads it.
import { ImapFlow, type FetchMessageObject, type MailboxObject } from 'imapflow';
import { secretFromEnv, type JudgeConfig } from '../../config.js';
import type { Judge } from '../../context.js';
import { fault } from '../../engine/faults.js';
import { nowIso } from '../../context.js';
import { getImapState, setImapState, storeRaw, storedImapUids } from '../../store/inbound.js';
import { OVERSIZE_HEAD_BYTES, rawMessageId } from './ingest.js';
import { withSync } from '../../store/db.js';
import { walSync } from '../../store/wal-sync.js';

export type ImapConfig = NonNullable<JudgeConfig['imap']>;

export interface PollSummary {
  /** Messages found new in the mailbox. */
  found: number;
  /** Newly stored (handled afterwards). */
  stored: number;
  /** Already stored: identical bytes or the same (mailbox, UIDVALIDITY, UID). */
  known: number;
  moved: number;
  /** Stored by an earlier run that stopped before its MOVE; moved now. */
  recovered: number;
  uidvalidityChanged: boolean;
  /** Problems that did not stop the run (a refused MOVE …). */
  warnings: string[];
}

/** What a poll tells its caller on the way (and test hooks: what a crash at a given moment would leave behind). */
export interface PollHooks {
  /** Called once the mailbox is selected, with how many messages it holds (new or not: before they are listed). */
  opened?: (exists: number) => void;
  /** Called after a batch's transaction committed, before its MOVE. */
  afterCommit?: (uids: number[]) => void | Promise<void>;
  /** Called once the new messages are listed, with how many there are (before any is fetched). */
  found?: (count: number) => void;
  /** Called after a batch's transaction committed, with the messages it stored anew (not those already stored). */
  stored?: (rows: StoredMessage[]) => void;
  /** Runs each batch's write transaction (intake's worker thread stands aside meanwhile: handler.ts). */
  storing?: <T>(write: () => T) => T;
}

/** A message a poll has just stored. */
export interface StoredMessage {
  id: number;
  raw: Buffer;
  /** Its size on the server (the raw bytes of an oversize message are its head only). */
  size: number;
}

export function imapClient(c: ImapConfig): ImapFlow {
  return new ImapFlow({
    host: c.host,
    port: c.port ?? (c.secure ? 993 : 143),
    secure: c.secure,
    doSTARTTLS: c.secure ? undefined : c.starttls,
    auth: { user: c.user, pass: secretFromEnv(c.passwordEnv, 'imap') },
    tls: { rejectUnauthorized: c.rejectUnauthorized },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: c.timeoutSeconds * 1000,
    greetingTimeout: c.timeoutSeconds * 1000,
    socketTimeout: c.timeoutSeconds * 1000,
  });
}

/** A batch's store is tried this many times when the store stays locked past its busy timeout. */
export const BUSY_TRIES = 3;

/**
 * The write, tried again when another writer kept the store locked past the
 * busy timeout (SQLITE_BUSY: nothing of the refused try was written), instead
 * of failing the whole poll; the summary's warnings say so.
 */
function retryBusy<T>(write: () => T, out: PollSummary): T {
  for (let i = 1; ; i++) {
    try {
      const r = write();
      if (i > 1) out.warnings.push(`the store was locked by another writer; a batch was stored at try ${i}`);
      return r;
    } catch (e) {
      if (i >= BUSY_TRIES || !String((e as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY')) throw e;
    }
  }
}

/** A UID set for a command: "3,5,7". */
function uidSet(uids: number[]): string {
  return uids.join(',');
}

async function ensureFolder(client: ImapFlow, path: string): Promise<void> {
  const exists = (await client.list()).some((m) => m.path === path);
  if (!exists) await client.mailboxCreate(path);
}

/**
 * Fetch, store and move every new message of the configured mailbox. The
 * stored messages are handled afterwards (handleUnhandled), outside the IMAP
 * session. Throws when the server cannot be reached or refuses the login.
 */
export async function pollImap(j: Judge, log: (s: string) => void, hooks: PollHooks = {}): Promise<PollSummary> {
  const c = j.config.imap;
  if (!c) throw new Error('no imap section in the configuration');
  const out: PollSummary = {
    found: 0,
    stored: 0,
    known: 0,
    moved: 0,
    recovered: 0,
    uidvalidityChanged: false,
    warnings: [],
  };
  const client = imapClient(c);
  let socketError: Error | null = null;
  // Without a listener an error event would crash the whole process.
  client.on('error', (e: Error) => {
    socketError = e;
  });
  try {
    await client.connect();
  } catch (e) {
    client.close();
    throw imapError(socketError ?? e, c, 'connecting or logging in');
  }
  // The batches' commits made durable off the event loop (store/wal-sync.ts); null: FULL commits.
  const durable = walSync(j.db);
  try {
    await ensureFolder(client, c.processedFolder);
    const lock = await client.getMailboxLock(c.mailbox);
    try {
      const mb = client.mailbox as MailboxObject;
      hooks.opened?.(mb.exists);
      const uidvalidity = String(mb.uidValidity);
      let state = getImapState(j.db, c.mailbox);
      if (!state || state.uidvalidity !== uidvalidity) {
        if (state) {
          out.uidvalidityChanged = true;
          log(`imap ${c.mailbox}: UIDVALIDITY changed (${state.uidvalidity} → ${uidvalidity}); reading it anew`);
        }
        state = { mailbox: c.mailbox, uidvalidity, last_uid: 0 };
        setImapState(j.db, state, nowIso(j));
      }
      const move = async (uids: number[]): Promise<number> => {
        if (!uids.length) return 0;
        const r = await client.messageMove(uidSet(uids), c.processedFolder, { uid: true });
        // imapflow reports a refused MOVE as false rather than throwing.
        if (!r) {
          out.warnings.push(
            `MOVE of UIDs ${uidSet(uids)} to ${c.processedFolder} failed; they are stored and will be moved by a later run`,
          );
          return 0;
        }
        return uids.length;
      };

      // Stored by a run that stopped between its commit and its MOVE.
      if (mb.exists > 0 && state.last_uid > 0) {
        const still = (await client.search({ uid: `1:${state.last_uid}` }, { uid: true })) || [];
        const stored = storedImapUids(j.db, c.mailbox, uidvalidity);
        const leftover = still.filter((u) => stored.has(u));
        out.recovered += await move(leftover);
        const strangers = still.filter((u) => !stored.has(u));
        if (strangers.length)
          out.warnings.push(
            `UIDs ${uidSet(strangers)} are below the last UID seen and not stored; left in ${c.mailbox}`,
          );
      }

      if (mb.exists > 0) {
        // The server always answers N:* with at least the highest UID, even when it is below N: re-filter.
        const listed = await client.fetchAll(`${state.last_uid + 1}:*`, { uid: true, size: true }, { uid: true });
        const fresh = listed.filter((m) => m.uid > state!.last_uid).sort((a, b) => a.uid - b.uid);
        out.found = fresh.length;
        hooks.found?.(fresh.length);
        for (let i = 0; i < fresh.length; i += c.batchSize) {
          const batch = fresh.slice(i, i + c.batchSize);
          const sizes = new Map(batch.map((m) => [m.uid, m.size ?? 0]));
          const small = batch.filter((m) => (m.size ?? 0) <= j.config.inbox.maxBytes).map((m) => m.uid);
          const big = batch.filter((m) => (m.size ?? 0) > j.config.inbox.maxBytes).map((m) => m.uid);
          const got: FetchMessageObject[] = [];
          if (small.length)
            got.push(
              ...(await client.fetchAll(uidSet(small), { uid: true, source: true, internalDate: true }, { uid: true })),
            );
          // Of an oversize message only the head is fetched: enough to answer its sender.
          if (big.length)
            got.push(
              ...(await client.fetchAll(
                uidSet(big),
                { uid: true, source: { start: 0, maxLength: OVERSIZE_HEAD_BYTES }, internalDate: true },
                { uid: true },
              )),
            );
          const at = nowIso(j);
          const uids = batch.map((m) => m.uid);
          const newly: StoredMessage[] = [];
          // IMMEDIATE: the store's write lock first (another thread or process may be handling mail meanwhile).
          const write = j.db.transaction(() => {
            for (const m of got) {
              if (!m.source) continue;
              const r = storeRaw(j.db, m.source, rawMessageId(m.source), `imap:${c.mailbox}`, at, {
                size: sizes.get(m.uid) ?? m.source.length,
                imap: { mailbox: c.mailbox, uidvalidity, uid: m.uid },
                arrivedAt: arrivedAt(m),
              });
              if (r.stored) {
                out.stored++;
                newly.push({ id: r.id, raw: m.source, size: sizes.get(m.uid) ?? m.source.length });
              } else out.known++;
            }
            state = { mailbox: c.mailbox, uidvalidity, last_uid: Math.max(state!.last_uid, ...uids) };
            setImapState(j.db, state, at);
          }).immediate;
          const store = () => retryBusy(() => (hooks.storing ?? ((w) => w()))(write), out);
          if (durable) withSync(j.db, 'NORMAL', store);
          else store(); // no WAL to sync: a FULL commit
          hooks.stored?.(newly);
          // On disk before anything leaves the inbox (the worker may handle the batch meanwhile: its own commits are NORMAL).
          if (durable) await durable.sync();
          await hooks.afterCommit?.(uids);
          fault('imap:after-commit');
          // Only what is safely stored leaves the inbox.
          const fetched = new Set(got.filter((m) => m.source).map((m) => m.uid));
          out.moved += await move(uids.filter((u) => fetched.has(u)));
        }
      }
    } finally {
      lock.release();
    }
    await client.logout();
  } catch (e) {
    client.close();
    throw imapError(socketError ?? e, c, 'reading the mailbox');
  } finally {
    durable?.close();
  }
  return out;
}

/** When the server received the message (its INTERNALDATE): the time its orders count at, not the time of the poll. */
function arrivedAt(m: FetchMessageObject): string | undefined {
  const d = m.internalDate ? new Date(m.internalDate) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}

/** imapflow says "Command failed": say what failed, and what the server answered. */
export function imapError(e: unknown, c: ImapConfig, during: string): Error {
  const x = e as {
    message?: string;
    authenticationFailed?: boolean;
    responseText?: string;
    serverResponseCode?: string;
    code?: string;
  };
  const where = `${c.user}@${c.host}:${c.port ?? (c.secure ? 993 : 143)}`;
  const server = [x.serverResponseCode, x.responseText].filter(Boolean).join(' ');
  if (x.authenticationFailed)
    return new Error(
      `IMAP login refused for ${where}: wrong user or password (the password comes from $${c.passwordEnv})${server ? `; the server said: ${server}` : ''}`,
    );
  const detail = [x.code, x.message].filter(Boolean).join(': ');
  return new Error(
    `IMAP ${where}: ${during} failed: ${detail || String(e)}${server && !detail.includes(server) ? `; the server said: ${server}` : ''}`,
  );
}
