// RERUN by mail (issue #30): the GM re-adjudicates a phase with a player's
// corrected orders, written on the lines after `RERUN <phase> <player>` up to a
// line `---`, or attached as a text file (named after the player when the mail
// has several, or the player's own block forwarded). A player's block in a GM
// mail's attachment is the GM's material, never orders for the open phase.
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { message } from '../../src/render/templates.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase } from '../../src/store/phases.js';
import { liveSubmissions } from '../../src/store/submissions.js';
import { mail, tavernSetup, testJudge } from '../helpers.js';

type J = ReturnType<typeof testJudge>;

function played(): J {
  const j = testJudge();
  createGame(j, {
    id: 'tavern',
    kind: 'rpg',
    setup: { ...structuredClone(tavernSetup), gm: { email: 'gm@example.org', password: 'gm-secret' } },
    seed: '5',
    actor: 'test',
  });
  return j;
}

async function withAttachments(text: string, files: { filename: string; content: string }[]): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await t.sendMail({
    from: 'gm@example.org',
    to: 'judge@localhost',
    subject: 'rerun',
    text,
    attachments: files.map((f) => ({ ...f, contentType: 'text/plain; charset=utf-8' })),
  });
  return info.message as Buffer;
}

/** Alice's orders of phase 1 as they stand after the rerun. */
const aliceTurn1 = (j: J) => liveSubmissions(j.db, 'tavern', 1).filter((s) => s.player_id === 'alice');
const gmAnswer = (j: J) => listOutbox(j.db).filter((m) => m.kind === 'ack' && m.to_addrs.includes('gm@example.org'));

describe('RERUN by mail', { timeout: 60_000 }, () => {
  it('takes the corrected orders from the lines after RERUN up to ---', async () => {
    const j = played();
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND'), 't');
    processPhase(j, 'tavern');
    await ingest(j, await mail('gm@example.org', 'GM tavern gm-secret\nRERUN 1 alice\nROLL 3d6 sneak\n---\nEND'), 't');
    expect(aliceTurn1(j).at(-1)!.text).toBe('ROLL 3d6 sneak');
    expect(currentPhase(j.db, 'tavern')!.number).toBe(2);
  });

  it('takes them from the one text attachment, or from the player’s own block in it', async () => {
    const j = played();
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND'), 't');
    processPhase(j, 'tavern');
    await ingest(
      j,
      await withAttachments('GM tavern gm-secret\nRERUN 1 alice\nEND\n', [
        { filename: 'opraveno.txt', content: 'ROLL 2d6 climb\n' },
      ]),
      't',
    );
    expect(aliceTurn1(j).at(-1)!.text.trim()).toBe('ROLL 2d6 climb');
    // Her whole mail forwarded: the block's lines; the block is not her orders for phase 2.
    await ingest(
      j,
      await withAttachments('GM tavern gm-secret\nRERUN 1 alice\nEND\n', [
        { filename: 'alice.txt', content: 'Hi GM, sorry:\nGAME tavern alice apple\nROLL 4d6 lift\nEND\n' },
        { filename: 'notes.txt', content: 'ROLL 1d20\n' },
      ]),
      't',
    );
    expect(aliceTurn1(j).at(-1)!.text.trim()).toBe('ROLL 4d6 lift');
    expect(liveSubmissions(j.db, 'tavern', 2)).toEqual([]);
  });

  it('refuses, with the reason in the GM’s language, when several attachments could be the orders', async () => {
    const j = played();
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND'), 't');
    processPhase(j, 'tavern');
    const before = aliceTurn1(j).length;
    await ingest(
      j,
      await withAttachments('GM tavern gm-secret\nRERUN 1 alice\nEND\n', [
        { filename: 'a.txt', content: 'ROLL 2d6\n' },
        { filename: 'b.txt', content: 'ROLL 3d6\n' },
      ]),
      't',
    );
    expect(aliceTurn1(j)).toHaveLength(before);
    expect(gmAnswer(j).at(-1)!.body).toContain(
      message('common', 'en', 'gm-err-rerun-attachment', { player: 'alice', count: 2 }),
    );
  });
});
