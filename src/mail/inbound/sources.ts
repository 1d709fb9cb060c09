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
      done: () => renameSync(f, join(dir, 'cur', `${basename(f).split(':')[0]}:2,S`)),
    }));
  }
  const processed = join(dir, 'processed');
  return sortedFiles(dir)
    .filter((f) => /\.(eml|msg|txt)$/i.test(f))
    .map((f) => ({
      raw: readFileSync(f),
      source: `file:${f}`,
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
