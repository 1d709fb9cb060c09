// What every command works with: the store, the configuration, the data
// directory and the clock (injectable, so tests can move time).
import { join } from 'node:path';
import { loadConfig, messageIdDomain, type JudgeConfig } from './config.js';
import { NoStoreError } from './errors.js';
import {
  dataDir as resolveDataDir,
  dbPath,
  openDb,
  storeExists,
  systemClock,
  type Clock,
  type Db,
} from './store/db.js';

export interface Judge {
  db: Db;
  config: JudgeConfig;
  dataDir: string;
  clock: Clock;
  /** The domain of generated Message-IDs. */
  domain: string;
  /** Where the file transport writes .eml files. */
  outboxDir: string;
  /** The default intake folder (.eml files or a Maildir). */
  inboxDir: string;
  /**
   * How openJudge opened it, when another thread can open the same judge from
   * it (the real clock): intake's handler thread does (mail/inbound/handler.ts).
   */
  opened?: { data: string; config?: string };
}

export interface OpenOptions {
  data?: string;
  config?: string;
  clock?: Clock;
  /** The configuration as another thread already loaded and checked it (intake's worker): not read again. */
  loaded?: JudgeConfig;
  /**
   * Make the store when the data directory has none (`judge init`, `judge demo`, tests).
   * Without it a missing store is a NoStoreError, before anything else is read or touched.
   */
  create?: boolean;
}

/** The data directory's store, or a NoStoreError naming it (unless `create`). */
export function requireStore(dir: string, o: Pick<OpenOptions, 'config' | 'create'> = {}): string {
  const file = dbPath(dir);
  if (!o.create && !storeExists(file)) throw new NoStoreError(dir, file, !!o.config);
  return file;
}

export function openJudge(o: OpenOptions = {}): Judge {
  const dir = resolveDataDir(o.data);
  const file = requireStore(dir, o);
  const config = o.loaded ?? loadConfig(dir, o.config);
  const db = openDb(file);
  return {
    db,
    config,
    dataDir: dir,
    clock: o.clock ?? systemClock,
    domain: messageIdDomain(config),
    outboxDir: config.transport.type === 'file' && config.transport.dir ? config.transport.dir : join(dir, 'outbox'),
    inboxDir: config.inbox.dir ?? join(dir, 'inbox'),
    ...(o.clock ? {} : { opened: { data: dir, ...(o.config ? { config: o.config } : {}) } }),
  };
}

export function nowIso(j: Judge): string {
  return j.clock().toISOString();
}
