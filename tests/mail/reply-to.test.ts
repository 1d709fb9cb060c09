// A mail's From and Reply-To may name anybody: an answer that goes to one of
// them tells nothing of the other — not its games, not its seats, not the
// language its seats are played in (senders.ts replyLang, block.ts for an
// unknown game, help-answers.ts for HELP <game>, join.ts for JOIN).
import { describe, expect, it } from 'vitest';
import { send, to } from './send.js';
import { tavern, testJudge } from '../helpers.js';

const CYRILLIC = /[А-Яа-яЁё]/;

describe('an answer to one address tells nothing of the other (From, Reply-To)', { timeout: 120_000 }, () => {
  it("a block for an unknown game from a stranger with a player's Reply-To: the answer, to the stranger, lists none of the player's games and is not in his language", async () => {
    const j = testJudge();
    tavern(j);
    const { r, mails } = await send(j, 'mallory@evil.example', 'GAME nosuchgame x y\nEND', 'boris@example.ru');
    expect(r.status).toBe('rejected');
    expect(mails.map(to)).toEqual([['mallory@evil.example']]);
    const answer = mails[0]!;
    expect(answer.body).not.toContain('tavern');
    expect(answer.body).not.toContain('boris');
    expect(answer.body).not.toMatch(CYRILLIC);
    expect(answer.subject).not.toMatch(CYRILLIC);
    // The stranger is told what a stranger is told: send LIST.
    expect(answer.body).toContain('LIST');
  });

  it("the player's own block for an unknown game (a stranger's Reply-To or none): his games, in his language, to his From", async () => {
    const j = testJudge();
    tavern(j);
    for (const replyTo of [undefined, 'mallory@evil.example']) {
      const { mails } = await send(j, 'boris@example.ru', 'ИГРА nosuchgame boris berry\nКОНЕЦ', replyTo);
      expect(mails.map(to)).toEqual([['boris@example.ru']]);
      expect(mails[0]!.body).toContain('ИГРА tavern boris <пароль>');
    }
  });

  it("a mail without a block from a player's address with a stranger's Reply-To: the answer, to the Reply-To, is in the mail's language, not the player's", async () => {
    const j = testJudge();
    tavern(j);
    const { mails } = await send(j, 'boris@example.ru', 'Hello, how do I play?', 'mallory@evil.example');
    expect(mails.map(to)).toEqual([['mallory@evil.example']]);
    expect(mails[0]!.body).not.toMatch(CYRILLIC);
    // The player himself, without a Reply-To: his own language.
    const own = await send(j, 'boris@example.ru', 'Hello, how do I play?');
    expect(own.mails.map(to)).toEqual([['boris@example.ru']]);
    expect(own.mails[0]!.body).toMatch(CYRILLIC);
  });

  it("HELP <game> from a player's address with a stranger's Reply-To: the help, to the Reply-To, is not in the player's seat language", async () => {
    const j = testJudge();
    tavern(j);
    const { mails } = await send(j, 'boris@example.ru', 'HELP tavern', 'mallory@evil.example');
    expect(mails.map(to)).toEqual([['mallory@evil.example']]);
    expect(mails[0]!.subject).toBe('[tavern] How to write orders: Test Tavern');
    // LIST likewise.
    const list = await send(j, 'boris@example.ru', 'LIST', 'mallory@evil.example');
    expect(list.mails.map(to)).toEqual([['mallory@evil.example']]);
    expect(list.mails[0]!.body).not.toMatch(CYRILLIC);
    // HELP <game> from the player himself: in his language.
    const own = await send(j, 'boris@example.ru', 'HELP tavern');
    expect(own.mails.map(to)).toEqual([['boris@example.ru']]);
    expect(own.mails[0]!.subject).toBe('[tavern] Как писать приказы: Test Tavern');
  });

  it("JOIN from a stranger with a player's Reply-To: the answer, to the stranger, is not in the player's language", async () => {
    const j = testJudge();
    tavern(j);
    const { mails } = await send(j, 'mallory@evil.example', 'JOIN nosuchgame Mallory', 'boris@example.ru');
    expect(mails.map(to)).toEqual([['mallory@evil.example']]);
    expect(mails[0]!.body).not.toMatch(CYRILLIC);
    expect(mails[0]!.subject).not.toMatch(CYRILLIC);
  });

  it("a player's commands by mail with a Reply-To: the audit names the From the block was judged by, not the Reply-To", async () => {
    const j = testJudge();
    tavern(j);
    await send(j, 'alice@example.org', 'GAME tavern alice apple\nFORMAT TEXT\nEND', 'mallory@evil.example');
    const actors = (
      j.db.prepare("SELECT actor FROM audit WHERE action = 'player.format'").all() as { actor: string }[]
    ).map((a) => a.actor);
    expect(actors).toEqual(['mail:alice@example.org']);
  });
});
