// Checks shared by the kinds' word tests: the messages of a kind's .ftl files
// (render/fluent.ts), the variables each one uses, and formatting every message
// with every variable given, so that a broken reference or a missing message
// shows as an error.
import { fluentBundle, formatMessage, ownMessageIds } from '../src/render/fluent.js';
import type { Lang } from '../src/engine/types.js';

/** Every $variable a message uses, through selectors, placeables and the messages it references. */
export function messageVariables(kind: string, lang: Lang, id: string, seen = new Set<string>()): string[] {
  const bundle = fluentBundle(kind, lang);
  const vars = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; name?: string };
    if (n.type === 'var' && n.name) vars.add(n.name);
    if (n.type === 'mesg' && n.name && !seen.has(n.name)) {
      seen.add(n.name);
      for (const v of messageVariables(kind, lang, n.name, seen)) vars.add(v);
    }
    Object.values(node).forEach(walk);
  };
  walk(bundle.getMessage(id)?.value ?? null);
  return [...vars];
}

/** Problems of a kind's messages in its languages: ids missing in one, ids the code uses missing in all, formatting errors. */
export function messageProblems(
  kind: string,
  langs: Lang[],
  used: Iterable<string>,
  sample: (name: string) => string | number = () => 2,
): string[] {
  const problems: string[] = [];
  const ids = new Map(langs.map((l) => [l, new Set(ownMessageIds(kind, l))]));
  const all = new Set([...ids.values()].flatMap((s) => [...s]));
  for (const id of all)
    for (const l of langs) if (!ids.get(l)!.has(id)) problems.push(`${kind}/${l}: no message ${id}`);
  for (const id of used)
    for (const l of langs)
      if (!ids.get(l)!.has(id)) problems.push(`${kind}/${l}: the code uses ${id}, which is not there`);
  for (const l of langs)
    for (const id of ids.get(l)!) {
      const errors: Error[] = [];
      const args = Object.fromEntries(messageVariables(kind, l, id).map((v) => [v, sample(v)]));
      const out = formatMessage(kind, l, id, args, errors);
      for (const e of errors) problems.push(`${kind}/${l} ${id}: ${e.message}`);
      if (/\{\s*\$|\$\w/.test(out)) problems.push(`${kind}/${l} ${id}: a raw placeholder is left: ${out}`);
    }
  return problems;
}

/** Message ids named in source text by calls like `fn('id'` or `fn(x, 'id'` for the given function names. */
export function idsCalled(source: string, calls: RegExp): string[] {
  return [...new Set([...source.matchAll(calls)].map((m) => m[1]!))];
}
