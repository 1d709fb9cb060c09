// Reset codes nobody can brute-force (issue 30, the review's finding): wrong
// codes count per seat from any sender, not only per sender, so forging many
// From addresses gains nothing. After RESET_TRIES wrong codes while a seat has
// live codes they are all voided; its address of record is told in its
// language; the password still works and a new code may be asked for within
// the day's codes. A stranger's answers never say whether the seat exists or
// has codes.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { CODE_DIGITS, CODES_PER_DAY, RESET_TRIES } from '../../src/mail/inbound/password-reset.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { count, mail, tavernSetup, testJudge, type TestJudge } from '../helpers.js';

const IVAN = 'ivan@example.cz';

function judge(): TestJudge {
  const j = testJudge();
  const setup = structuredClone(tavernSetup);
  setup.seats.push({ id: 'ivan', name: 'Ivan', email: IVAN, password: 'ivan-pw', lang: 'cs' });
  createGame(j, { id: 'g', kind: 'rpg', setup, seed: '7', actor: 'test' });
  return j;
}

/** A mail from an address; its result and the mails it queued. */
async function send(j: TestJudge, from: string, text: string) {
  const before = listOutbox(j.db).at(-1)?.id ?? 0;
  const r = await ingest(j, await mail(from, text), 'test');
  return { r, mails: listOutbox(j.db).filter((m) => m.id > before) };
}

const to = (m: OutboxRow) => [...JSON.parse(m.to_addrs), ...JSON.parse(m.cc_addrs)] as string[];
const codeRe = new RegExp(`\\b(\\d{${CODE_DIGITS}})\\b`);

/** RESET <game> <player> from an address: the code mailed to the address of record, if one was. */
async function askCode(j: TestJudge, from: string, player = 'ivan', word = 'RESET'): Promise<string | undefined> {
  const { mails } = await send(j, from, `${word} g ${player}\n`);
  const coded = mails.filter((m) => m.dedupe_key.startsWith('notice:reset-code:'));
  return coded.length ? codeRe.exec(coded[0]!.body)![1] : undefined;
}

/** A wrong guess that is none of the live codes. */
function guess(i: number, codes: string[]): string {
  for (let n = i; ; n += 7919) {
    const g = String(10 ** (CODE_DIGITS - 1) + (n % 9 ** CODE_DIGITS));
    if (!codes.includes(g)) return g;
  }
}

const resetBlock = (player: string, code: string, pw = 'attackerpw') =>
  `GAME g ${player}\nRESET ${code}\nPASSWORD ${pw}\nEND\n`;

const voidedNotices = (j: TestJudge) => listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:reset-voided:'));

/** What a stranger reads in the answer to a refused block (its error mail's text, one mail per refused mail). */
function answerText(mails: OutboxRow[], from: string): string {
  const errors = mails.filter((m) => m.kind === 'error' && to(m).includes(from));
  expect(errors).toHaveLength(1);
  // The answer quotes the mail it answers: its own Message-ID and Date differ from mail to mail.
  return errors[0]!.body.replace(/<[^>\s]+@[^>\s]+>/g, '<id>').replace(/\d{1,2}:\d{2}/g, 'hh:mm');
}

describe('reset codes: wrong codes count per seat, from any sender', { timeout: 120_000 }, () => {
  it('40 forged senders with 5 guesses each: the codes are voided after RESET_TRIES, the right code is then refused, the password still works', async () => {
    const j = judge();
    const codes: string[] = [];
    for (let i = 0; i < CODES_PER_DAY; i++) codes.push((await askCode(j, `asker${i}@evil.example`))!);
    expect(codes.every((c) => c.length === CODE_DIGITS)).toBe(true);
    expect(new Set(codes).size).toBe(CODES_PER_DAY);
    let n = 0;
    for (let s = 0; s < 40; s++) {
      const from = `forged${s}@evil.example`;
      const blocks = Array.from({ length: 5 }, () => resetBlock('ivan', guess(n++, codes))).join('\n');
      const { r, mails } = await send(j, from, blocks);
      expect(r.status).toBe('rejected');
      expect(r.blocks.map((b) => b.accepted)).toEqual([false, false, false, false, false]);
      // The voiding is told to the address of record only, never to the sender.
      expect(mails.filter((m) => m.dedupe_key.startsWith('notice:reset-voided:')).flatMap(to)).toEqual(
        s === 0 ? [IVAN] : [],
      );
      for (const m of mails.filter((m) => to(m).includes(from))) expect(m.body).not.toMatch(/voided|zruš|аннулир/i);
    }
    // Every code was voided by the first sender's guesses (RESET_TRIES ≤ 5), none spent.
    expect(RESET_TRIES).toBeLessThanOrEqual(5);
    expect(count(j, "password_resets WHERE player_id = 'ivan' AND voided_at IS NOT NULL")).toBe(CODES_PER_DAY);
    expect(count(j, "password_resets WHERE player_id = 'ivan' AND used_at IS NOT NULL")).toBe(0);
    // Only once: later wrong codes find no live code to count against.
    expect(voidedNotices(j)).toHaveLength(1);
    // The right code from a 41st address: refused, the password not set.
    for (const code of codes) {
      const { r } = await send(j, 'forged40@evil.example', resetBlock('ivan', code));
      expect(r.status).toBe('rejected');
    }
    expect((await send(j, 'forged41@evil.example', 'GAME g ivan attackerpw\nROLL 1d6\nEND\n')).r.status).toBe(
      'rejected',
    );
    expect((await send(j, IVAN, 'GAME g ivan ivan-pw\nROLL 1d6\nEND\n')).r.status).toBe('accepted');
    // The day's codes are spent (the voided ones count): no new code until the next day.
    expect(await askCode(j, IVAN, 'ivan', 'OBNOVIT')).toBeUndefined();
    j.advance(24 * 3_600_000 + 60_000);
    const fresh = (await askCode(j, IVAN, 'ivan', 'OBNOVIT'))!;
    expect((await send(j, IVAN, resetBlock('ivan', fresh, 'ivan-new'))).r.status).toBe('accepted');
    expect((await send(j, IVAN, 'GAME g ivan ivan-new\nROLL 1d6\nEND\n')).r.status).toBe('accepted');
  });

  it("the notice is in the seat's language, to its address of record; the player asks for a new code and uses it", async () => {
    const j = judge();
    const first = (await askCode(j, 'stranger@example.net'))!;
    for (let i = 0; i < RESET_TRIES; i++)
      await send(j, `guesser${i}@evil.example`, resetBlock('ivan', guess(i, [first])));
    const notices = voidedNotices(j);
    expect(notices.map(to)).toEqual([[IVAN]]);
    expect(notices[0]!.subject).toBe('[g] Kódy pro nové heslo už neplatí');
    expect(notices[0]!.body).toContain(`po ${RESET_TRIES} chybných kódech`);
    expect(notices[0]!.body).toContain('OBNOVIT g ivan');
    expect(notices[0]!.body).not.toContain('evil.example');
    // The voided code no longer works, even from the address of record.
    expect((await send(j, IVAN, resetBlock('ivan', first, 'ivan-new'))).r.status).toBe('rejected');
    // A new code (the day's second) works.
    const second = (await askCode(j, IVAN, 'ivan', 'OBNOVIT'))!;
    expect(second).toBeDefined();
    const { r, mails } = await send(j, IVAN, resetBlock('ivan', second, 'ivan-new'));
    expect(r.status).toBe('accepted');
    expect(
      mails
        .filter((m) => m.dedupe_key.startsWith('notice:password-reset:'))
        .flatMap(to)
        .sort(),
    ).toEqual(['gm@example.org', IVAN].sort());
    expect((await send(j, IVAN, 'GAME g ivan ivan-new\nROLL 1d6\nEND\n')).r.status).toBe('accepted');

    // Boris (Russian): his notice is in Russian; English for Alice.
    const ru = (await askCode(j, 'stranger@example.net', 'boris'))!;
    const en = (await askCode(j, 'stranger@example.net', 'alice'))!;
    for (let i = 0; i < RESET_TRIES; i++) {
      await send(j, `ru${i}@evil.example`, resetBlock('boris', guess(i, [ru])));
      await send(j, `en${i}@evil.example`, resetBlock('alice', guess(i, [en])));
    }
    const byAddress = new Map(voidedNotices(j).map((m) => [to(m).join(), m]));
    expect([...byAddress.keys()].sort()).toEqual(['alice@example.org', 'boris@example.ru', IVAN].sort());
    expect(byAddress.get('boris@example.ru')!.subject).toBe('[g] Коды для нового пароля больше не действуют');
    expect(byAddress.get('boris@example.ru')!.body).toContain(`после ${RESET_TRIES} неверных кодов`);
    expect(byAddress.get('boris@example.ru')!.body).toContain('СБРОС g boris');
    expect(byAddress.get('alice@example.org')!.subject).toBe('[g] Your codes for a new password no longer work');
    expect(byAddress.get('alice@example.org')!.body).toContain(`after ${RESET_TRIES} wrong codes`);
    expect(byAddress.get('alice@example.org')!.body).toContain('RESET g alice');
  });

  it('wrong codes below the limit void nothing: the right code still works', async () => {
    const j = judge();
    const code = (await askCode(j, 'stranger@example.net'))!;
    for (let i = 0; i < RESET_TRIES - 1; i++)
      expect((await send(j, `guesser${i}@evil.example`, resetBlock('ivan', guess(i, [code])))).r.status).toBe(
        'rejected',
      );
    expect(voidedNotices(j)).toHaveLength(0);
    expect(count(j, 'password_resets WHERE voided_at IS NOT NULL')).toBe(0);
    expect((await send(j, IVAN, resetBlock('ivan', code, 'ivan-new'))).r.status).toBe('accepted');
    // Wrong codes while the seat has no live code count nothing, and void nothing later.
    for (let i = 0; i < RESET_TRIES; i++) await send(j, `late${i}@evil.example`, resetBlock('ivan', guess(i, [])));
    const next = (await askCode(j, IVAN, 'ivan', 'OBNOVIT'))!;
    await send(j, 'one-more@evil.example', resetBlock('ivan', guess(99, [next])));
    expect(voidedNotices(j)).toHaveLength(0);
    expect((await send(j, IVAN, resetBlock('ivan', next, 'ivan-newer'))).r.status).toBe('accepted');
  });

  it("a stranger's answer is the same whether the seat exists, has live codes, or has just had them voided", async () => {
    const j = judge();
    const code = (await askCode(j, 'stranger@example.net'))!;
    const answers: { what: string; reason: string; text: string }[] = [];
    const probe = async (what: string, from: string, player: string, c: string) => {
      const { r, mails } = await send(j, from, resetBlock(player, c));
      expect(r.status, what).toBe('rejected');
      answers.push({ what, reason: r.blocks[0]!.reason!, text: answerText(mails, from) });
    };
    await probe('no such seat', 'p0@evil.example', 'nobody', guess(0, [code]));
    await probe('a seat without codes', 'p1@evil.example', 'alice', guess(1, [code]));
    for (let i = 0; i < RESET_TRIES - 1; i++)
      await probe(`a seat with live codes ${i}`, `p${i + 2}@evil.example`, 'ivan', guess(i + 2, [code]));
    await probe('the guess that voids them', 'p9@evil.example', 'ivan', guess(9, [code]));
    expect(voidedNotices(j)).toHaveLength(1);
    await probe('a seat whose codes were voided', 'p10@evil.example', 'ivan', guess(10, [code]));
    await probe('the right code, voided', 'p11@evil.example', 'ivan', code);
    const texts = answers.map((a) => a.text.replace(/p\d+@evil\.example/g, '<sender>').replace(/\b\d{8}\b/g, '<c>'));
    for (const [i, a] of answers.entries()) {
      expect(a.reason, a.what).toBe(answers[0]!.reason);
      expect(texts[i], a.what).toBe(texts[0]);
    }
  });
});
