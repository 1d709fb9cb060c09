// The GM in the loop, game-agnostic (a tiny test kind, tests/gm/ballot-kind.ts):
// the worksheet after the players' deadline, answers by mail and CLI with
// refusals, reminders, the GM deadline with and without defaults, HOLD,
// RELEASE, review with a preview, hidden rolls, narrative and bulletin
// audiences, and reruns with the recorded and with a corrected decision.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { rerun } from '../../src/engine/rerun.js';
import { runOnce } from '../../src/cli/mail.js';
import { main } from '../../src/cli/index.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { registerRules, knownKinds } from '../../src/games/registry.js';
import { listOutbox } from '../../src/store/outbox.js';
import { gmInputHistory } from '../../src/store/gm-inputs.js';
import { currentPhase, livePhase, livePhases } from '../../src/store/phases.js';
import { getInbound } from '../../src/store/inbound.js';
import { ballot, ballotTemplates } from './ballot-kind.js';
import { mail, tempDir, testJudge, type TestJudge } from '../helpers.js';

const H = 3_600_000;
let saved: string | undefined;

beforeAll(() => {
  if (!knownKinds().includes('ballot')) registerRules(ballot);
  const dir = tempDir('judge-tpl-');
  for (const [f, t] of Object.entries(ballotTemplates)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), t);
  }
  saved = process.env.JUDGE_TEMPLATES;
  process.env.JUDGE_TEMPLATES = dir;
});
afterAll(() => {
  if (saved === undefined) delete process.env.JUDGE_TEMPLATES;
  else process.env.JUDGE_TEMPLATES = saved;
});

function setup(o: { defaultWorth?: number | null; gm?: Record<string, unknown>; gmLang?: string } = {}) {
  return {
    title: 'Ballot',
    lang: 'en',
    gm: { email: 'gm@example.org', password: 'gm-secret', ...(o.gmLang ? { lang: o.gmLang } : {}) },
    schedule: { every: '24h', gm: { every: '12h', reminders: ['2h'], ...(o.gm ?? {}) } },
    seats: [
      { id: 'alice', name: 'Alice', email: 'alice@example.org', password: 'apple' },
      { id: 'boris', name: 'Boris', email: 'boris@example.org', password: 'berry' },
    ],
    defaultWorth: o.defaultWorth === undefined ? 2 : o.defaultWorth,
  };
}

async function game(o: Parameters<typeof setup>[0] = {}): Promise<TestJudge> {
  const j = testJudge();
  createGame(j, { id: 'b', kind: 'ballot', setup: setup(o), seed: '11', actor: 'test' });
  await ingest(j, await mail('alice@example.org', 'GAME b alice apple\nCLAIM the old mill\nEND'), 't');
  await ingest(j, await mail('boris@example.org', 'GAME b boris berry\nCLAIM the river ford\nEND'), 't');
  return j;
}

const quiet = () => {};
const gmMails = (j: TestJudge, kind?: string) =>
  listOutbox(j.db).filter((m) => JSON.parse(m.to_addrs)[0] === 'gm@example.org' && (!kind || m.kind === kind));
const toPlayer = (j: TestJudge, who: string, kind = 'report') =>
  listOutbox(j.db).filter((m) => JSON.parse(m.to_addrs)[0] === `${who}@example.org` && m.kind === kind);
const gmMail = async (j: TestJudge, body: string, start = 'GM', end = 'END') =>
  ingest(j, await mail('gm@example.org', `${start} b gm-secret\n${body}\n${end}`), 't');
const lastAck = (j: TestJudge) => gmMails(j, 'ack').at(-1)!.body;

describe('the GM in the loop', { timeout: 60_000 }, () => {
  it("after the players' deadline the phase waits: one worksheet, late orders refused with a reason, nothing processed", async () => {
    const j = await game();
    j.advance(25 * H);
    await runOnce(j, quiet);
    await runOnce(j, quiet); // a second run sends nothing twice
    const p = currentPhase(j.db, 'b')!;
    expect(p.number).toBe(1);
    expect(p.processed_at).toBeNull();
    expect(p.gm_opened_at).toBeTruthy();
    expect(Date.parse(p.gm_deadline!) - Date.parse(p.gm_opened_at!)).toBe(12 * H);
    const ws = gmMails(j, 'worksheet');
    expect(ws).toHaveLength(1);
    expect(ws[0]!.body).toContain('alice: the old mill');
    expect(ws[0]!.body).toMatch(
      /alice\.worth worth of alice's claim \[a whole number 0\.\.10 or one of nothing, plenty\] default 2/,
    );
    const r = await ingest(j, await mail('alice@example.org', 'GAME b alice apple\nCLAIM a better mill\nEND'), 't');
    const row = getInbound(j.db, r.inboundId!)!;
    expect(row.reason).toMatch(/GM is deciding/);
    expect(toPlayer(j, 'alice', 'error').at(-1)?.body ?? toPlayer(j, 'alice', 'ack').at(-1)!.body).toMatch(
      /GM is deciding/,
    );
  });

  it("answers by mail are echoed line by line in the GM's language, refusals with reasons; all in → processed at the next run", async () => {
    const j = await game({ gmLang: 'ru' });
    j.advance(25 * H);
    await runOnce(j, quiet);
    await gmMail(
      j,
      'DECIDE alice.worth 11\nDECIDE carol.worth 3\nDECIDE alice.worth plenty\nbonus:boris = 9\nNARRATIVE alice The mill turns again.\nNARRATIVE nobody text\nBULLETIN Rain over the valley.\nROLL 3d6 ambush\nROLL bogus',
    );
    const ack = lastAck(j);
    expect(ack).toMatch(/"11": ожидается целое число 0\.\.10/);
    expect(ack).toMatch(/no such adjustment carol\.worth/);
    expect(ack).toMatch(/решено: alice\.worth .* = 5/);
    expect(ack).toMatch(/a bonus is -3\.\.3/);
    expect(ack).toMatch(/описание для alice записано/);
    expect(ack).toMatch(/нет действия или исхода «nobody»/);
    expect(ack).toMatch(/скрытый бросок .*: 3к6: .* — ambush/);
    expect(ack).toMatch(/не бросок костей/);
    // Option words belong to the spec, not to the label.
    await gmMail(j, 'ROLL gauss20+2 luck:7 за стражника');
    expect(lastAck(j)).toMatch(/скрытый бросок .* — за стражника$/m);
    expect(lastAck(j)).not.toMatch(/— luck:7/);
    expect(ack).toMatch(/ещё открыто: 1 со значением по умолчанию/);
    expect(currentPhase(j.db, 'b')!.processed_at).toBeNull();
    // The Russian start word (ВЕДУЩИЙ, with й) opens a GM block too.
    await gmMail(j, 'РЕШЕНИЕ boris.worth 1', 'ВЕДУЩИЙ', 'КОНЕЦ');
    expect(lastAck(j)).toMatch(/все решения приняты/);
    await runOnce(j, quiet);
    const p1 = livePhase(j.db, 'b', 1)!;
    expect(p1.processed_at).toBeTruthy();
    const ev = JSON.parse(p1.events_json!);
    expect(ev.find((e: { player: string }) => e.player === 'alice')).toMatchObject({ worth: 5, bonus: 0 });
    expect(ev.find((e: { player: string }) => e.player === 'boris')).toMatchObject({ worth: 1, bonus: 0 });
    // Narrative only to its target's audience, bulletin to all, the hidden roll to the GM only.
    const alice = toPlayer(j, 'alice').at(-1)!.body;
    const boris = toPlayer(j, 'boris').at(-1)!.body;
    const gm = gmMails(j, 'report').at(-1)!.body;
    expect(alice).toContain('The mill turns again.');
    expect(boris).not.toContain('The mill turns again.');
    expect(alice).toContain('Rain over the valley.');
    expect(boris).toContain('Rain over the valley.');
    expect(gm).toMatch(/gm-roll.*ambush/);
    expect(alice + boris).not.toMatch(/ambush/);
    // Next phase open for players again.
    expect(currentPhase(j.db, 'b')!.number).toBe(2);
    expect(currentPhase(j.db, 'b')!.gm_opened_at).toBeNull();
  });

  it("reminds the GM before the GM deadline, once; at it proceeds with the defaults, recorded as the judge's", async () => {
    const j = await game();
    j.advance(25 * H);
    await runOnce(j, quiet);
    await gmMail(j, 'DECIDE alice.worth 7');
    j.advance(10.5 * H);
    await runOnce(j, quiet);
    await runOnce(j, quiet);
    const rem = gmMails(j, 'reminder')
      .concat(gmMails(j, 'notice'))
      .filter((m) => /Reminder: your decisions/.test(m.subject));
    expect(rem).toHaveLength(1);
    expect(rem[0]!.body).toMatch(/boris\.worth/);
    expect(rem[0]!.body).not.toMatch(/alice\.worth/);
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeNull();
    j.advance(2 * H);
    await runOnce(j, quiet);
    const p1 = livePhase(j.db, 'b', 1)!;
    expect(p1.processed_at).toBeTruthy();
    const ev = JSON.parse(p1.events_json!);
    expect(ev.find((e: { player: string }) => e.player === 'boris').worth).toBe(2);
    const hist = gmInputHistory(j.db, 'b', 1);
    expect(hist.find((h) => h.key === 'boris.worth')).toMatchObject({ actor: 'judge:default', value_json: '2' });
    expect(hist.find((h) => h.key === 'alice.worth')!.actor).toBe('mail:gm@example.org');
  });

  it("while the mail cannot be read the GM's deadline does not apply the defaults (the answers may be unread); the first good run does", async () => {
    const j = await game();
    j.advance(25 * H);
    await runOnce(j, quiet);
    expect(livePhase(j.db, 'b', 1)!.gm_opened_at).toBeTruthy();
    writeFileSync(j.inboxDir, 'not a folder'); // the inbox folder cannot be read
    j.advance(13 * H);
    const log: string[] = [];
    await runOnce(j, (l) => log.push(l));
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
    expect(log).toContain("wait b phase 1: the GM's answers since 2026-11-30T13:00:00.000Z are not read yet");
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeNull();
    rmSync(j.inboxDir);
    await runOnce(j, quiet);
    const ev = JSON.parse(livePhase(j.db, 'b', 1)!.events_json!);
    expect(ev.find((e: { player: string }) => e.player === 'boris').worth).toBe(2);
  });

  it('a decision without a default: at the GM deadline the GM is told what is missing (once) and the phase waits; RELEASE is refused until answered', async () => {
    const j = await game({ defaultWorth: null });
    j.advance(25 * H);
    await runOnce(j, quiet);
    expect(gmMails(j, 'worksheet')[0]!.body).toMatch(/alice\.worth .* NO DEFAULT/);
    await gmMail(j, 'DECIDE alice.worth 3\nRELEASE');
    expect(lastAck(j)).toMatch(/cannot release: no answer and no default for boris\.worth/);
    j.advance(13 * H);
    await runOnce(j, quiet);
    await runOnce(j, quiet);
    const missing = gmMails(j).filter((m) => /cannot proceed/.test(m.subject));
    expect(missing).toHaveLength(1);
    expect(missing[0]!.body).toContain('boris.worth');
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeNull();
    // `judge process` cannot force it either.
    expect(() => processPhase(j, 'b')).toThrow(/waits for the GM: boris\.worth/);
    await gmMail(j, 'DECIDE boris.worth nothing');
    await runOnce(j, quiet);
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeTruthy();
  });

  it("every refusal a GM command by mail meets is in the GM's language: a phase that waits, a bad name, the judge's own fault", async () => {
    const j = await game({ defaultWorth: null, gmLang: 'ru' });
    j.advance(25 * H);
    await runOnce(j, quiet);
    // PROCESS runs after the mail: the phase waits for two decisions, and the GM hears so in Russian.
    await gmMail(j, 'PROCESS');
    const failed = () => gmMails(j).filter((m) => m.dedupe_key.startsWith('gm-command-failed:'));
    expect(failed()).toHaveLength(1);
    expect(failed()[0]!.body).toMatch(/фаза 1 ждёт ваших решений: alice\.worth, boris\.worth/);
    // A name that would turn the text around: refused at once, in Russian.
    await gmMail(j, 'REPLACE alice ann@example.org Ann\u202eA');
    expect(lastAck(j)).toMatch(
      /REPLACE alice ann@example\.org .*\n\s+! в имени есть знак, меняющий направление письма/,
    );
    // The judge's own fault (here an injected one): said in Russian, its English words in the log only.
    await gmMail(j, 'DECIDE alice.worth 3\nDECIDE boris.worth 1\nRELEASE');
    await runOnce(j, quiet);
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeTruthy();
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((s: unknown) => void logged.push(String(s)));
    process.env.JUDGE_FAULT = 'rerun:planned:throw';
    try {
      await gmMail(j, 'RERUN 1');
    } finally {
      delete process.env.JUDGE_FAULT;
      spy.mockRestore();
    }
    expect(failed()).toHaveLength(2);
    expect(failed()[1]!.body).toMatch(/не выполнена: у судьи своя ошибка/);
    expect(failed()[1]!.body.replace(/RERUN 1|Ballot/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    expect(logged.join('\n')).toMatch(/GM command RERUN 1 \(b\): injected fault at rerun:planned/);
  });

  it('with defaults off the GM deadline does not apply them; HOLD keeps a complete phase waiting, RELEASE lets it go', async () => {
    const j = await game({ gm: { defaults: false } });
    j.advance(25 * H);
    await runOnce(j, quiet);
    j.advance(13 * H);
    await runOnce(j, quiet);
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeNull();
    expect(gmMails(j).some((m) => /cannot proceed/.test(m.subject) && /alice\.worth/.test(m.body))).toBe(true);
    await gmMail(j, 'HOLD\nDECIDE alice.worth 1\nDECIDE boris.worth 1');
    await runOnce(j, quiet);
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeNull();
    await gmMail(j, 'RELEASE');
    expect(lastAck(j)).toMatch(/released/);
    await runOnce(j, quiet);
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeTruthy();
  });

  it('review: once all is decided the GM gets a preview (one per change) and the players nothing until RELEASE', async () => {
    const j = await game({ gm: { review: true } });
    j.advance(25 * H);
    await runOnce(j, quiet);
    await gmMail(j, 'DECIDE alice.worth 4\nDECIDE boris.worth 4');
    await runOnce(j, quiet);
    await runOnce(j, quiet);
    const previews = gmMails(j, 'worksheet').filter((m) => /PREVIEW/.test(m.subject));
    expect(previews).toHaveLength(1);
    expect(previews[0]!.body).toMatch(/"worth":4/);
    // The game's tag once in the subject, the phase named by its label.
    expect(previews[0]!.subject.match(/\[b\]/g)).toHaveLength(1);
    expect(previews[0]!.subject).toMatch(/^\[b\] PREVIEW \(nothing sent to the players yet\): \S/);
    expect(previews[0]!.body).toMatch(/^\*\*\* PREVIEW of \S.* with your decisions so far \*\*\*$/m);
    expect(toPlayer(j, 'alice')).toHaveLength(0);
    await gmMail(j, 'DECIDE boris.worth 6\nNARRATIVE boris The ford floods.');
    await runOnce(j, quiet);
    expect(gmMails(j, 'worksheet').filter((m) => /PREVIEW/.test(m.subject))).toHaveLength(2);
    await gmMail(j, 'RELEASE');
    await runOnce(j, quiet);
    expect(livePhase(j.db, 'b', 1)!.processed_at).toBeTruthy();
    // What the preview showed is what the players got (same seed, same inputs).
    const last = gmMails(j, 'worksheet')
      .filter((m) => /PREVIEW/.test(m.subject))
      .at(-1)!.body;
    const gmReport = gmMails(j, 'report').at(-1)!.body;
    expect(last.slice(last.indexOf('scored'))).toBe(gmReport.slice(gmReport.indexOf('scored')));
    expect(toPlayer(j, 'boris').at(-1)!.body).toContain('The ford floods.');
  });

  it('answers on the CLI: echoed, refusals exit 1; status and inputs show them', async () => {
    const j = await game();
    j.advance(25 * H);
    await runOnce(j, quiet);
    const out: string[] = [];
    const log = console.log;
    const write = process.stdout.write.bind(process.stdout);
    console.log = (...a: unknown[]) => void out.push(a.join(' '));
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
    let code: number;
    try {
      const args = ['node', 'judge', '--data', j.dataDir];
      code = await main([...args, 'gm', 'decide', 'b', 'alice.worth=3', 'boris.worth=99']);
      expect(code).toBe(1);
      process.exitCode = 0;
      code = await main([...args, 'gm', 'status', 'b']);
      expect(code).toBe(0);
      code = await main([...args, 'gm', 'inputs', 'b', '--json']);
    } finally {
      console.log = log;
      process.stdout.write = write;
      process.exitCode = 0;
    }
    const text = out.join('\n');
    expect(text).toMatch(/decided: alice\.worth .* = 3/);
    expect(text).toMatch(/"99": expected a whole number 0\.\.10/);
    expect(text).toMatch(/\? boris\.worth: worth of boris's claim \(default 2\)/);
    expect(text).toMatch(/= alice\.worth/);
    expect(text).toMatch(/"key": "alice\.worth"/);
  });

  it('a rerun reproduces every hash with the recorded GM inputs; a rerun with a corrected decision gives corrected reports', async () => {
    const j = await game();
    for (let turn = 1; turn <= 3; turn++) {
      if (turn > 1) {
        await ingest(j, await mail('alice@example.org', `GAME b alice apple\nCLAIM claim ${turn}\nEND`), 't');
        await ingest(j, await mail('boris@example.org', `GAME b boris berry\nCLAIM claim ${turn}\nEND`), 't');
      }
      j.advance(25 * H);
      await runOnce(j, quiet);
      await gmMail(j, `DECIDE alice.worth ${turn}\nDECIDE boris.worth ${turn + 1}\nROLL 2d6 secret ${turn}`);
      await runOnce(j, quiet);
      expect(livePhase(j.db, 'b', turn)!.processed_at).toBeTruthy();
    }
    const hashes = livePhases(j.db, 'b').map((p) => p.result_hash);
    const same = rerun(j, 'b', 2);
    expect(same.every((s) => s.same)).toBe(true);
    expect(livePhases(j.db, 'b').map((p) => p.result_hash)).toEqual(hashes);
    const before = toPlayer(j, 'alice').length;
    const fixed = rerun(j, 'b', 2, { gmLines: ['DECIDE alice.worth 9'] });
    expect(fixed[0]!.same).toBe(false);
    const ev = JSON.parse(livePhase(j.db, 'b', 2)!.events_json!);
    expect(ev.find((e: { player: string }) => e.player === 'alice').worth).toBe(9);
    expect(toPlayer(j, 'alice').length - before).toBe(2);
    expect(toPlayer(j, 'alice').at(-1)!.subject).toMatch(/Round 3/);
    // A bad corrected decision is refused and changes nothing.
    expect(() => rerun(j, 'b', 2, { gmLines: ['DECIDE alice.worth lots'] })).toThrow(/expected a whole number/);
  });
});
