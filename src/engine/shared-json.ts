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
    const hit = this.kept.get(slot);
    if (hit && hit.text === text) return hit.value as T;
    const value = deepFreeze(JSON.parse(text) as unknown);
    if (hit) this.kept.delete(slot);
    else if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(slot, { text, value });
    return value as T;
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
