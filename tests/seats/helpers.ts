// Helpers of the seats-by-mail tests (issue #31): mail in, what went out since
// a mark, the code an answer brought, the password a notice brought, a run.
import { readFileSync } from 'node:fs';
import { runOnce } from '../../src/cli/mail.js';
import { message } from '../../src/render/templates.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import type { IngestResult } from '../../src/mail/inbound/intake-types.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { mail, type TestJudge } from '../helpers.js';
import { GM_ONLY } from '../life/player-mail.js';

export const H = 3_600_000;
export const D = 24 * H;

export function lastId(j: TestJudge): number {
  return listOutbox(j.db).at(-1)?.id ?? 0;
}

export function since(j: TestJudge, id: number): OutboxRow[] {
  return listOutbox(j.db).filter((r) => r.id > id);
}

export function to(rows: OutboxRow[], email: string): OutboxRow[] {
  return rows.filter((r) => (JSON.parse(r.to_addrs) as string[]).includes(email));
}

/** A mail in; what it queued, to whom. */
export async function send(
  j: TestJudge,
  from: string,
  text: string,
): Promise<{ result: IngestResult; out: OutboxRow[]; reply: OutboxRow | undefined }> {
  const mark = lastId(j);
  const result = await ingest(j, await mail(from, text), 't');
  const out = since(j, mark);
  return { result, out, reply: to(out, from)[0] };
}

/** The six-digit code of a JOIN or TAKEOVER answer. */
export function codeOf(body: string): string {
  const m = /(?:CONFIRM|POTVRDIT|ПОДТВЕРДИТЬ) \S+ (\d{6})\b/.exec(body);
  if (!m) throw new Error(`no code in:\n${body}`);
  return m[1]!;
}

/** The text a JOIN's answer (an unnamed seat) holds, with the code it brought. */
export function joinAnswer(
  lang: 'en' | 'cs' | 'ru',
  body: string,
  args: { game: string; hours: number; free: number; seats: number },
): string {
  return message('common', lang, 'seat-answer-join', { ...args, code: codeOf(body) });
}

/** The id and password a "seated" notice brought. */
export function seatedOf(body: string): { id: string; password: string } {
  const id = /(?:Your id|Vaše id|Ваш id):\s+(\S+)/.exec(body)?.[1];
  const password = /(?:Password|Heslo|Пароль):\s+(\S+)/.exec(body)?.[1];
  if (!id || !password) throw new Error(`no id or password in:\n${body}`);
  return { id, password };
}

/** One `judge run`, its log. */
export async function run(j: TestJudge): Promise<string[]> {
  const log: string[] = [];
  await runOnce(j, (s) => log.push(s));
  return log;
}

/** No mail to a player (not the GM) names a repository path or a GM command. */
export function playerMailProblems(j: TestJudge, gm: string): string[] {
  return listOutbox(j.db)
    .filter((r) => !(JSON.parse(r.to_addrs) as string[]).includes(gm))
    .filter((r) => GM_ONLY.test(`${r.subject}\n${r.body}`))
    .map((r) => `${r.dedupe_key}: ${GM_ONLY.exec(`${r.subject}\n${r.body}`)![0]}`);
}

export function fandiSetup(): Record<string, unknown> {
  const { seats: _s, ...setup } = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  return {
    ...setup,
    lang: 'cs',
    gm: { email: 'gm@example.cz', password: 'gm-secret' },
    timezone: 'Europe/Prague',
    schedule: { every: '72h' },
  };
}
