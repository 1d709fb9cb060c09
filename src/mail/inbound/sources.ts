// Where mail comes from on the embedded default: one message on stdin (a
// .forward or procmail pipe), one file, or every message in a directory of
// .eml files or a Maildir. A message is moved out of the way (Maildir new/ →
// cur/ with the Seen flag; .eml → processed/) only after it is stored.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { collate } from '../../engine/collate.js';

export interface SourceMessage {
  source: string;
  /**
   * The message's bytes, read when asked (just before it is stored); null when
   * the file is gone: another `judge ingest` on the same folder took it.
   */
  read(): Buffer | null;
  /** When it was delivered into the directory (ISO): the time its orders count at. */
  arrivedAt: string;
  /** Called after the message is safely stored; a file already gone was moved by that other process. */
  done(): void;
}

/** A file another process took away meanwhile (ENOENT) is its business, not an error. */
function unlessGone<T>(f: () => T): T | null {
  try {
    return f();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

export function isMaildir(dir: string): boolean {
  return existsSync(join(dir, 'new')) && existsSync(join(dir, 'cur'));
}

/** Every message waiting in a directory, oldest file first. */
export function directoryMessages(dir: string): SourceMessage[] {
  if (!existsSync(dir)) return [];
  if (isMaildir(dir)) {
    return sortedFiles(join(dir, 'new')).map(({ f, mtime }) => ({
      source: `maildir:${f}`,
      read: () => unlessGone(() => readFileSync(f)),
      arrivedAt: deliveredAt(f, true, mtime),
      done: () => unlessGone(() => renameSync(f, join(dir, 'cur', `${basename(f).split(':')[0]}:2,S`))),
    }));
  }
  const processed = join(dir, 'processed');
  return sortedFiles(dir)
    .filter(({ f }) => /\.(eml|msg|txt)$/i.test(f))
    .map(({ f, mtime }) => ({
      source: `file:${f}`,
      read: () => unlessGone(() => readFileSync(f)),
      arrivedAt: deliveredAt(f, false, mtime),
      done: () => {
        mkdirSync(processed, { recursive: true });
        unlessGone(() => renameSync(f, join(processed, basename(f))));
      },
    }));
}

/** The files of a folder with their modification times, oldest first (one taken away while listed is left out). */
function sortedFiles(dir: string): { f: string; mtime: number }[] {
  return readdirSync(dir)
    .flatMap((n) => {
      const f = join(dir, n);
      const st = unlessGone(() => statSync(f));
      return st?.isFile() ? [{ f, mtime: st.mtimeMs }] : [];
    })
    .sort((a, b) => a.mtime - b.mtime || collate(a.f, b.f));
}

/**
 * When a mail file was delivered: a Maildir file's name begins with its
 * delivery time in seconds ("1733400000.M123P45.host", maildir(5)), which
 * moving and copying keep; else (and for any other file) its modification time.
 */
export function deliveredAt(file: string, maildir: boolean, mtimeMs?: number): string {
  const secs = maildir ? /^(\d{9,11})\./.exec(basename(file))?.[1] : undefined;
  return new Date(secs ? Number(secs) * 1000 : (mtimeMs ?? statSync(file).mtimeMs)).toISOString();
}
