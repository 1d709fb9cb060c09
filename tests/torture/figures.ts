// The torture suite's shared bits: its size (short in CI, full with
// TORTURE=full: `npm run torture`), a seeded random generator, and the one
// line of figures each part ends with (printed, and appended to
// $TORTURE_FIGURES when set).
import { appendFileSync } from 'node:fs';

export const FULL = process.env.TORTURE === 'full';

/** Short form in CI, full form on demand. */
export function size(short: number, full: number): number {
  const override = Number(process.env.TORTURE_SIZE);
  return Number.isFinite(override) && override > 0 ? override : FULL ? full : short;
}

export const SEED = Number(process.env.TORTURE_SEED ?? 20261201);

/** sfc32: a small seeded generator, so a failing run can be repeated (TORTURE_SEED). */
export function rng(seed = SEED): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

export function figures(part: string, values: Record<string, string | number | boolean>): string {
  const line = `torture ${part}${FULL ? ' (full)' : ' (short)'}: ${Object.entries(values)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`;
  console.log(line);
  if (process.env.TORTURE_FIGURES) appendFileSync(process.env.TORTURE_FIGURES, line + '\n');
  return line;
}

/** One figure on a line of its own ("name: value"), printed and collected like the parts' lines. */
export function figure(name: string, value: string | number | boolean): string {
  const line = `${name}: ${value}`;
  console.log(line);
  if (process.env.TORTURE_FIGURES) appendFileSync(process.env.TORTURE_FIGURES, line + '\n');
  return line;
}
