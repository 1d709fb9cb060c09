// JSON read once and shared between the readers of a run: a phase's state,
// a game's setup, the recorded GM inputs are parsed for every mail otherwise
// (a big board's state and setup are megabytes). What is shared is deeply
// frozen: a reader that tried to change it would throw at once instead of
// changing it for the next reader. A slot is kept while its text stays the
// same; a changed text (a GM edit of the state) is parsed anew.

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

export class SharedJson {
  private kept = new Map<string, { text: string; value: unknown }>();
  constructor(private readonly limit: number) {}

  /** The parse of text, shared (frozen); slot names what it is (a phase id …), so a new text replaces the old. */
  get<T = unknown>(slot: string, text: string): T {
    return this.shared(slot, text, () => JSON.parse(text) as unknown) as T;
  }

  /**
   * get(slot, text) where text is JSON.stringify(built): built itself is
   * kept (frozen) instead of a parse of text, when it is a value the parse
   * would give back equal (plainJson); otherwise text is parsed as get does.
   */
  adopt<T = unknown>(slot: string, text: string, built: T): T {
    return this.shared(slot, text, () => (plainJson(built) ? built : (JSON.parse(text) as unknown))) as T;
  }

  /** The value kept for slot while its text is the same; else make()'s, frozen and kept. */
  private shared(slot: string, text: string, make: () => unknown): unknown {
    const hit = this.kept.get(slot);
    if (hit && hit.text === text) return hit.value;
    const value = deepFreeze(make());
    if (hit) this.kept.delete(slot);
    else if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(slot, { text, value });
    return value;
  }
}

/**
 * Whether JSON.parse(JSON.stringify(v)) would be a value equal to v in every
 * way a reader can tell: only null, booleans, strings, finite numbers (not
 * -0), arrays without holes or undefined, and plain objects (no prototype
 * but Object's or none, no toJSON, no undefined, function or symbol values).
 * Values used twice are fine (a frozen value reads the same from both places).
 */
export function plainJson(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object': {
      if (v === null) return true;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!(i in v) || !plainJson(v[i])) return false;
        return Object.keys(v).length === v.length;
      }
      const proto = Object.getPrototypeOf(v);
      if ((proto !== Object.prototype && proto !== null) || Object.getOwnPropertySymbols(v).length) return false;
      for (const k in v) {
        if (!Object.hasOwn(v, k)) return false;
        if (k === 'toJSON' || !plainJson((v as Record<string, unknown>)[k])) return false;
      }
      // Non-enumerable own keys are left out by stringify.
      return Object.getOwnPropertyNames(v).length === Object.keys(v).length;
    }
    default:
      return false;
  }
}

/** Phase states (by phase id) and game setups (by game id). */
const documents = new SharedJson(64);
/** Small values by their own text (recorded inputs): the same text is the same object, so readers can compare by identity. */
const values = new SharedJson(50_000);

/** A phase's state, shared: never change it (structuredClone it for a working copy). */
export function sharedState<T = unknown>(phase: { id: number; state_json: string }): T {
  return documents.get<T>(`phase:${phase.id}`, phase.state_json);
}

/** A game's stored setup, shared. */
export function sharedSetup<T = unknown>(game: { id: string; setup_json: string }): T {
  return documents.get<T>(`setup:${game.id}`, game.setup_json);
}

/** A small JSON value, shared; equal texts give the same object. */
export function sharedValue<T = unknown>(text: string): T {
  return values.get<T>(text, text);
}

/**
 * sharedValue(text) for the text of a value just built (text is
 * JSON.stringify(built)): built itself becomes the shared value (frozen) when
 * a parse of text would give it back equal, which saves the parse.
 */
export function shareBuilt<T>(text: string, built: T): T {
  return values.adopt<T>(text, text, built);
}

const derivedOf = new WeakMap<object, Map<string, unknown>>();

/**
 * A value computed from a shared (frozen) document — an index, a player's list of
 * actions — remembered with the document under `key`, so every reader of the run
 * reuses it; it must depend on nothing but the document and the key. A document
 * that is not frozen (a working copy, which may change) is computed anew each time.
 * The value is shared too: never change it.
 */
export function fromShared<V>(doc: object, key: string, make: () => V): V {
  if (!Object.isFrozen(doc)) return make();
  let m = derivedOf.get(doc);
  if (!m) derivedOf.set(doc, (m = new Map()));
  if (m.has(key)) return m.get(key) as V;
  const v = make();
  m.set(key, v);
  return v;
}
