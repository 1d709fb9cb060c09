// Seeded, serializable random numbers for adjudication.
// sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state,
// passes PractRand, and its state is four uint32 that fit in JSON.
import * as crypto from 'node:crypto';

/**
 * sha256 of a text (UTF-8): crypto.hash, one call into OpenSSL, where Node has it (20.12 on), else
 * a Hash object (a stream, much more work for a few bytes). The same bytes either way.
 */
export const sha256: (text: string) => Buffer =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'buffer')
    : (text) => crypto.createHash('sha256').update(text).digest();

export type RngState = [number, number, number, number];

/** sfc32's first outputs after seeding are thrown away (the published recipe says how many). */
export const SFC32_DISCARD = 12;

/** One random draw, kept so a report can name every die ("3+d6=7"). */
export interface Draw {
  kind: 'die' | 'int';
  sides: number;
  value: number;
}

export interface Rng {
  /** A die roll 1..sides. */
  die(sides: number): number;
  /** A uniform integer 0..n-1 (choices, shuffles). */
  int(n: number): number;
  /** A uniform pick from a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A new shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** Serializable state after the draws so far. */
  state(): RngState;
  /** Every draw so far, in order. */
  readonly draws: readonly Draw[];
  /**
   * An independent stream named `label`, derived from this generator's seed
   * (`<seed>/<label>`), so one roll's dice never depend on another's. Forced
   * dice (rule cases) pass straight through: the fork is the generator itself.
   */
  fork?(label: string): Rng;
  /**
   * A stream named `label` for draws no rule case forces (the nation game's
   * numbering of actions): a seeded generator's fork(label); under forced dice, a
   * seeded stream of the case's seed and the label, so that the dice and choices
   * a case lists stay with the rolls they were written for.
   */
  unforced(label: string): Rng;
}

/** The seed of one phase, derived from the game seed and the phase number. */
export function phaseSeed(gameSeed: number | string, phase: number, salt = 0): string {
  return sha256(`pbem-judge:${gameSeed}:${phase}:${salt}`).toString('hex').slice(0, 32);
}

/** The initial sfc32 state for a seed string (a number is accepted and stringified). */
export function seedState(seed: string | number): RngState {
  const h = sha256(String(seed));
  return [h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12)];
}

abstract class BaseRng implements Rng {
  readonly draws: Draw[] = [];
  protected abstract nextUint32(): number;
  abstract state(): RngState;
  abstract unforced(label: string): Rng;

  /** Unbiased integer in [0, n) by rejection sampling. */
  protected uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`rng: bad range ${n}`);
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }

  die(sides: number): number {
    const value = this.uniform(sides) + 1;
    this.draws.push({ kind: 'die', sides, value });
    return value;
  }

  int(n: number): number {
    const value = this.uniform(n);
    this.draws.push({ kind: 'int', sides: n, value });
    return value;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('rng: pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

export class SeededRng extends BaseRng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** The seed text it was made from (null when made from a state). */
  readonly seed: string | null;

  constructor(seedOrState: string | number | RngState) {
    super();
    this.seed = Array.isArray(seedOrState) ? null : String(seedOrState);
    const s = Array.isArray(seedOrState) ? seedOrState : seedState(seedOrState);
    [this.a, this.b, this.c, this.d] = s.map((v) => v >>> 0) as RngState;
    if (!Array.isArray(seedOrState)) for (let i = 0; i < SFC32_DISCARD; i++) this.nextUint32();
  }

  /** The next raw 32-bit output (used by ForcedRng for unforced choices). */
  next(): number {
    return this.nextUint32();
  }

  protected nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  fork(label: string): Rng {
    if (this.seed === null) throw new Error('rng: a generator made from a state cannot fork');
    return new SeededRng(`${this.seed}/${label}`);
  }

  unforced(label: string): Rng {
    return this.fork(label);
  }
}

/**
 * Forced dice for rule cases: die() takes the listed values in order; int()
 * (choices) comes from the seeded generator unless choices are listed too.
 * Running out of forced dice is an error, so a case says every die it needs.
 */
export class ForcedRng extends BaseRng {
  private readonly fallback: SeededRng;
  constructor(
    private readonly dice: number[],
    private readonly seed: string | number = 0,
    private readonly choices: number[] = [],
  ) {
    super();
    this.fallback = new SeededRng(seed);
  }
  protected nextUint32(): number {
    return this.fallback.next();
  }
  override die(sides: number): number {
    const value = this.dice.shift();
    if (value === undefined) throw new Error(`forced dice exhausted (a d${sides} was needed)`);
    if (!Number.isInteger(value) || value < 1 || value > sides)
      throw new Error(`forced die ${value} is not a d${sides} face`);
    this.draws.push({ kind: 'die', sides, value });
    return value;
  }
  override int(n: number): number {
    const forced = this.choices.shift();
    if (forced === undefined) return super.int(n);
    if (!Number.isInteger(forced) || forced < 0 || forced >= n)
      throw new Error(`forced choice ${forced} is not in 0..${n - 1}`);
    this.draws.push({ kind: 'int', sides: n, value: forced });
    return forced;
  }
  state(): RngState {
    return this.fallback.state();
  }
  fork(): Rng {
    return this;
  }
  unforced(label: string): Rng {
    return new SeededRng(`${this.seed}/${label}`);
  }
  /** Forced dice not used by the case (a case with leftovers is suspicious). */
  get unusedDice(): number[] {
    return this.dice.slice();
  }
}

/**
 * The dice of a forecast (Rules.forecast): none. A forecast runs adjudication's
 * own steps with no dice rolled; a step that would roll is a step the forecast
 * must leave out, so any draw is an error, never a silent random number.
 */
export class NoDice implements Rng {
  readonly draws: readonly Draw[] = [];
  private refuse(what: string): never {
    throw new Error(`a forecast rolls no dice (${what} asked for)`);
  }
  die(sides: number): number {
    return this.refuse(`a d${sides}`);
  }
  int(n: number): number {
    return this.refuse(`a choice of ${n}`);
  }
  pick<T>(_items: readonly T[]): T {
    return this.refuse('a pick');
  }
  shuffle<T>(_items: readonly T[]): T[] {
    return this.refuse('a shuffle');
  }
  state(): RngState {
    return [0, 0, 0, 0];
  }
  fork(): Rng {
    return this;
  }
  unforced(): Rng {
    return this;
  }
}
