// Where mail comes from on the embedded default: one message on stdin (a
// .forward or procmail pipe), one file, or every message in a directory of
// .eml files or a Maildir. A message is moved out of the way (Maildir new/ →
// cur/ with the Seen flag; .eml → processed/) only after it is stored.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { collate } from '../../engine/collate.js';

export interface SourceMessage {
  raw: Buffer;
  source: string;
  /** When it was delivered into the directory (ISO): the time its orders count at. */
  arrivedAt: string;
  /** Called after the message is safely stored. */
  done(): void;
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
    return sortedFiles(join(dir, 'new')).map((f) => ({
      raw: readFileSync(f),
      source: `maildir:${f}`,
      arrivedAt: deliveredAt(f, true),
      done: () => renameSync(f, join(dir, 'cur', `${basename(f).split(':')[0]}:2,S`)),
    }));
  }
  const processed = join(dir, 'processed');
  return sortedFiles(dir)
    .filter((f) => /\.(eml|msg|txt)$/i.test(f))
    .map((f) => ({
      raw: readFileSync(f),
      source: `file:${f}`,
      arrivedAt: deliveredAt(f, false),
      done: () => {
        mkdirSync(processed, { recursive: true });
        renameSync(f, join(processed, basename(f)));
      },
    }));
}

function sortedFiles(dir: string): string[] {
  return readdirSync(dir)
    .map((n) => join(dir, n))
    .filter((f) => statSync(f).isFile())
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs || collate(a, b));
}

/**
 * When a mail file was delivered: a Maildir file's name begins with its
 * delivery time in seconds ("1733400000.M123P45.host", maildir(5)), which
 * moving and copying keep; else (and for any other file) its modification time.
 */
export function deliveredAt(file: string, maildir: boolean): string {
  const secs = maildir ? /^(\d{9,11})\./.exec(basename(file))?.[1] : undefined;
  return new Date(secs ? Number(secs) * 1000 : statSync(file).mtimeMs).toISOString();
}
