// Issue #35 (1): the verification recipe published in games/rpg/RULES.md ("Verifying
// the dice") and in every report works as written. This test plays a scripted
// session by mail, then recomputes every roll of it from the #dice lines of the
// mails alone, with the recipe implemented here in a few lines on node:crypto —
// nothing of src/ is used to verify. Every key against its commitment, every die
// of every roll (the hidden ones after the reveal), the plain results, and every
// round's digest of its rolls.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { playSession, type Session } from './session.js';

// ---- The recipe, as RULES.md words it ----
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const hex = (text: string) => sha(text).toString('hex');
/** phaseSeed(S, n, m): the first 32 hex digits of sha256("pbem-judge:<S>:<n>:<m>"). */
const phaseSeed = (S: string, n: number, m: number) => hex(`pbem-judge:${S}:${n}:${m}`).slice(0, 32);
/** sfc32 seeded from sha256 of the text, 12 outputs thrown away; a die of N sides by rejection. */
function dice(seedText: string): (sides: number) => number {
  const h = sha(seedText);
  let [a, b, c, d] = [0, 4, 8, 12].map((i) => h.readUInt32LE(i)) as [number, number, number, number];
  const next = () => {
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = ((((c << 21) | (c >>> 11)) >>> 0) + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  return (n) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = next();
      if (x < limit) return (x % n) + 1;
    }
  };
}
interface Roll {
  phase: number;
  stream: string;
  request: { spec: string; mechanic: { type: string; spec?: string } };
  draws: [number, number][];
  result: number;
}
/** The seed text of a roll: <K_n>/<label>/<request>, or <phaseSeed(S, n, m)>[/#k]/<request>. */
function seedText(r: Roll, key: string | undefined, S: string | undefined): string | null {
  const request = JSON.stringify(r.request); // the line's JSON text: keys sorted, no spaces
  const phase = /^phase:(.+)$/.exec(r.stream);
  if (phase) return key ? `${key}/${phase[1]}/${request}` : null;
  const master = /^master:(\d+)(\/#\d+)?$/.exec(r.stream)!;
  return S ? `${phaseSeed(S, r.phase, Number(master[1]))}${master[2] ?? ''}/${request}` : null;
}
// ---- end of the recipe ----

let s: Session;
const lines = new Set<string>();

describe('the published recipe recomputes every roll of a session, without the judge', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    s = await playSession('ru');
    for (const m of s.mails) for (const l of m.body.split('\n')) if (l.startsWith('#dice')) lines.add(l);
  }, 120_000);

  it('RULES.md and the reports state the recipe this test follows', () => {
    const rules = readFileSync('games/rpg/RULES.md', 'utf8').replace(/\s+/g, ' ');
    for (const words of [
      '**`<K_n>/<label>/<request>`**',
      '**`<phaseSeed(S, n, m)>[/#k]/<request>`**',
      '12 outputs are thrown away',
      'c = ((c << 21) | (c >>> 11)) + t',
      'below 2³² − (2³² mod N)',
      '`pbem-judge:<S>:<n>:rolls`',
    ])
      expect(rules).toContain(words);
    const report = s.mails.find((m) => m.kind === 'report' && m.body.includes('#dice-master'))!;
    expect(report.body).toContain('первые 12 выходов отбросить');
    expect(report.body).toContain('ключ раунда, "/", L');
  });

  it('every key matches its commitment, the chain of rounds, and the revealed seed', () => {
    const keys = [...lines].filter((l) => l.startsWith('#dice-key ')).map((l) => JSON.parse(l.slice(10)));
    const master = [...lines].filter((l) => l.startsWith('#dice-master ')).map((l) => JSON.parse(l.slice(13)));
    expect(master).toHaveLength(1);
    const S = master[0].seed as string;
    expect(hex(S)).toBe(master[0].commitment);
    const shown = keys.filter((k) => k.key);
    expect(new Set(shown.map((k) => k.phase))).toEqual(new Set([1, 2]));
    for (const k of shown) {
      expect(hex(k.key)).toBe(k.commitment);
      expect(k.key).toBe(phaseSeed(S, k.phase, 0));
      expect(k.master).toBe(master[0].commitment);
    }
    const byPhase = new Map(shown.map((k) => [k.phase, k]));
    expect(byPhase.get(1).next).toBe(byPhase.get(2).commitment);
  });

  it('every die of every roll, the hidden ones included, is its stream’s next die, and plain results add up', () => {
    const keys = new Map<number, string>();
    let S: string | undefined;
    for (const l of lines) {
      if (l.startsWith('#dice-key ')) {
        const k = JSON.parse(l.slice(10));
        if (k.key) keys.set(k.phase, k.key);
      } else if (l.startsWith('#dice-master ')) S = JSON.parse(l.slice(13)).seed;
    }
    const rolls = [...lines].filter((l) => l.startsWith('#dice {')).map((l) => JSON.parse(l.slice(6)) as Roll);
    const streams = new Set(rolls.map((r) => `${r.phase}/${r.stream}`));
    expect(streams.size).toBeGreaterThan(20);
    expect(rolls.some((r) => r.stream.startsWith('master:1'))).toBe(true); // the GM's hidden rolls
    expect(rolls.some((r) => r.stream.startsWith('master:2'))).toBe(true); // a player's hidden roll
    expect(rolls.some((r) => r.stream.includes(':deadline:'))).toBe(true);
    let recomputed = 0;
    for (const r of rolls) {
      const text = seedText(r, keys.get(r.phase), S);
      expect(text, r.stream).not.toBeNull();
      const die = dice(text!);
      expect(
        r.draws.map(([sides]) => [sides, die(sides)]),
        `${r.stream} ${r.request.spec}`,
      ).toEqual(r.draws);
      recomputed++;
      const spec = r.request.mechanic.spec ?? '';
      const faces = r.draws.map(([, f]) => f);
      const plain = /^(\d+)d(\d+)([+-]\d+)?$/.exec(spec);
      if (plain) expect(r.result).toBe(faces.reduce((a, f) => a + f, 0) + Number(plain[3] ?? 0));
      if (/^\d+dS$/.test(spec)) expect(r.result).toBe(faces.reduce((a, f) => a + [0, 0, 0, 1, 1, 2][f - 1]!, 0));
      if (r.request.mechanic.type === 'median')
        expect(r.result).toBe(Math.round((faces[0]! + faces[1]! + faces[2]!) / 3));
    }
    expect(recomputed).toBe(rolls.length);
  });

  it('each round’s digest is its rolls, every one of them, as the recipe sorts and hashes them', () => {
    const S = [...lines].filter((l) => l.startsWith('#dice-master ')).map((l) => JSON.parse(l.slice(13)).seed)[0];
    const keys = [...lines].filter((l) => l.startsWith('#dice-key ')).map((l) => JSON.parse(l.slice(10)));
    for (const n of [1, 2]) {
      const round = [...lines]
        .filter((l) => l.startsWith('#dice {') && JSON.parse(l.slice(6)).phase === n)
        .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      const digest = hex(`pbem-judge:${S}:${n}:rolls\n${round.map((l) => `${l}\n`).join('')}`);
      for (const k of keys.filter((x) => x.phase === n)) expect(k.rolls).toBe(digest);
      // One roll fewer is another digest.
      expect(
        hex(
          `pbem-judge:${S}:${n}:rolls\n${round
            .slice(1)
            .map((l) => `${l}\n`)
            .join('')}`,
        ),
      ).not.toBe(digest);
    }
  });
});
