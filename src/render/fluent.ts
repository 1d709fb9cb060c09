// The ONE loader of the judge's Fluent messages (@fluent/bundle), for every kind:
// the {{t}} helper of the mail templates, FanDi's reasons (games/fandi/messages.ts),
// the Godfather's texts (games/godfather/texts.ts), the nation and rpg kinds' words.
//
// A (kind, lang) bundle reads templates/<kind>/<lang>/*.ftl, falling back to
// templates/common/<lang>/*.ftl, then to English (the kind's, then common's);
// JUDGE_TEMPLATES (a GM's copy of the tree) overrides any message of the built-in
// files. Bundles are built once per (roots, kind, lang) and cached. Numbers choose
// the language's plural forms (CLDR, the platform's ICU) and are shown without
// digit grouping; a `gender` (or `<name>Gender`) argument f | m picks a variant.
// A message that exists nowhere shows its id, so a gap is seen rather than hidden;
// formatting errors (a missing argument, a missing id) are collected in `errors`.
// The hand-written plural helper for GMs' own templates stays in render/plural.ts.
import { FluentBundle, FluentNumber, FluentResource, type FluentVariable } from '@fluent/bundle';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../engine/types.js';
import { cacheFile, installedVersion, readCached, writeCached } from './package-cache.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The templates/ folder of the package (src/render or dist/render → ../../templates). */
export const builtinTemplateDir = join(here, '..', '..', 'templates');

/** Where templates and messages are looked up, the strongest first: JUDGE_TEMPLATES, then the built-in tree. */
export function templateRoots(): string[] {
  const roots = [builtinTemplateDir];
  const override = process.env.JUDGE_TEMPLATES;
  if (override) roots.unshift(override);
  return roots;
}

/** The .ftl files of a folder, in name order. */
function ftlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ftl'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * The message files a (kind, lang) reads, the strongest last: the same order as
 * the templates (JUDGE_TEMPLATES before the built-in tree, the kind before
 * common, the language before English), so a message is taken from where its
 * template would be.
 */
export function messageFiles(kind: string, lang: Lang): string[] {
  const strongestFirst: string[] = [];
  for (const root of templateRoots())
    for (const k of [...new Set([kind, 'common'])])
      for (const l of [...new Set([lang, 'en'])]) strongestFirst.push(...ftlFiles(join(root, k, l)));
  return [...new Set(strongestFirst)].reverse();
}

const bundles = new Map<string, FluentBundle>();

/** The cached bundle of a (kind, lang); a file that does not parse is an error naming it. */
export function fluentBundle(kind: string, lang: Lang): FluentBundle {
  // The roots are the built-in tree and JUDGE_TEMPLATES (templateRoots): the override names them.
  const key = `${process.env.JUDGE_TEMPLATES || ''}\u0000${kind}\u0000${lang}`;
  let b = bundles.get(key);
  if (!b) {
    b = new FluentBundle(lang, { useIsolating: false });
    for (const file of messageFiles(kind, lang)) {
      const errors = b.addResource(fluentResource(file), { allowOverrides: true });
      if (errors.length) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`);
    }
    bundles.set(key, b);
  }
  return b;
}

/** The languages whose numbers without digit grouping are String(n) for every safe integer but -0 (tests compare with Intl). */
const PLAIN_INTEGERS: ReadonlySet<string> = new Set<Lang>(['en', 'cs', 'ru']);

/**
 * A number without digit grouping. A safe integer (not -0) in a language of
 * PLAIN_INTEGERS is written as String(n), which is what Intl.NumberFormat
 * writes for it: the first Intl.NumberFormat of a process costs tens of
 * milliseconds (ICU's number data), and most mails show only counts.
 */
class UngroupedNumber extends FluentNumber {
  constructor(value: number) {
    super(value, { useGrouping: false });
  }
  override toString(scope?: Parameters<FluentNumber['toString']>[0]): string {
    const v = this.value;
    if (
      Number.isSafeInteger(v) &&
      !Object.is(v, -0) &&
      (!scope || (scope.bundle.locales.length === 1 && PLAIN_INTEGERS.has(scope.bundle.locales[0]!)))
    )
      return String(v);
    return super.toString(scope);
  }
}

/**
 * A file's parsed messages. Every (kind, lang) bundle reads common's files and
 * English ones again: each file is parsed once per process and text (a file
 * read again with other text is parsed anew). A FluentResource is not changed
 * by the bundles that use it.
 */
function fluentResource(file: string): FluentResource {
  const text = readFileSync(file, 'utf8');
  const known = resources.get(file);
  if (known && known.text === text) return known.resource;
  const resource = parsedResource(text);
  resources.set(file, { text, resource });
  return resource;
}

/**
 * A message file's parsed form, kept in the package's cache (package-cache.ts)
 * as JSON: reading that is a fraction of what parsing the file again costs
 * (some 4 ms of a command that formats a Godfather report, for ten files).
 * Named by @fluent/bundle's version and the text; `root` for tests.
 */
export function parsedResource(text: string, root?: string): FluentResource {
  const version = installedVersion('@fluent/bundle');
  const file = version ? cacheFile('fluent', `@fluent/bundle ${version}`, text, '.json', root) : null;
  const kept = file ? readCached(file) : null;
  if (kept !== null) {
    try {
      return revive(kept);
    } catch {
      // Not JSON of a parsed file (cut short, changed by hand): parsed again and written anew.
    }
  }
  const resource = new FluentResource(text);
  if (file) writeCached(file, JSON.stringify(resource.body));
  return resource;
}

/** A FluentResource of a kept body; a message's attributes are a dictionary without a prototype, as the parser makes them. */
function revive(json: string): FluentResource {
  // JSON.parse without a reviver (one is called for every node: slower than parsing the file).
  const body = JSON.parse(json) as unknown;
  if (!Array.isArray(body)) throw new Error('not a parsed message file');
  for (const m of body as { id?: unknown; attributes?: unknown }[]) {
    if (!m || typeof m !== 'object' || typeof m.id !== 'string' || !m.attributes || typeof m.attributes !== 'object')
      throw new Error('not a parsed message file');
    m.attributes = Object.assign(Object.create(null), m.attributes);
  }
  const resource = Object.create(FluentResource.prototype) as FluentResource;
  resource.body = body as FluentResource['body'];
  return resource;
}

const resources = new Map<string, { text: string; resource: FluentResource }>();

/** Message arguments as Fluent variables: numbers without digit grouping, dates as they are, the rest as text; undefined and null left out. */
export function fluentArgs(args: Record<string, unknown>): Record<string, FluentVariable> {
  const vars: Record<string, FluentVariable> = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined || v === null) continue;
    vars[k] =
      v instanceof FluentNumber
        ? v
        : typeof v === 'number'
          ? new UngroupedNumber(v)
          : v instanceof Date
            ? v
            : String(v);
  }
  return vars;
}

/**
 * Formatted messages by bundle, then by id and arguments (argsKey): a message
 * is a pure function of its bundle, id and arguments, and a run of mails formats
 * the same few ("Player"/"Hráčka", "1 line NOT accepted") again and again. Only
 * results formatted without errors are kept; at most FORMATTED_MAX per bundle.
 */
const formatted = new WeakMap<FluentBundle, Map<string, string>>();
const FORMATTED_MAX = 2000;

/**
 * An unambiguous key of (id, arguments) whose values are text, numbers or
 * booleans (what fluentArgs makes text of, or a number of); null when one is
 * anything else (a Date, a FluentNumber with its own options, an object).
 */
function argsKey(id: string, args: Record<string, unknown>): string | null {
  let key = `${id.length}:${id}`;
  for (const k in args) {
    if (!Object.hasOwn(args, k)) continue;
    const v = args[k];
    if (v === undefined || v === null) continue;
    let tv: string;
    if (typeof v === 'string') tv = `s${v}`;
    else if (typeof v === 'number') tv = Object.is(v, -0) ? 'n-0' : `n${v}`;
    else if (typeof v === 'boolean') tv = `s${v}`;
    else return null;
    key += `|${k.length}:${k}${tv.length}:${tv}`;
  }
  return key;
}

/**
 * A message of a kind in a language with its arguments (see fluentArgs); a missing
 * argument leaves the message's default variant. A message that exists nowhere
 * shows its id (and an error is collected).
 */
export function formatMessage(
  kind: string,
  lang: Lang,
  id: string,
  args: Record<string, unknown> = {},
  errors: Error[] = [],
): string {
  const b = fluentBundle(kind, lang);
  const key = argsKey(id, args);
  let done = formatted.get(b);
  const hit = key === null ? undefined : done?.get(key);
  if (hit !== undefined) return hit;
  const m = b.getMessage(id);
  if (!m?.value) {
    errors.push(new Error(`no message ${id} for ${kind}/${lang}`));
    return id;
  }
  const before = errors.length;
  const text = b.formatPattern(m.value, fluentArgs(args), errors);
  if (key !== null && errors.length === before) {
    if (!done) formatted.set(b, (done = new Map()));
    if (done.size >= FORMATTED_MAX) done.clear();
    done.set(key, text);
  }
  return text;
}

/** Does the (kind, lang) bundle hold this message (its own, common's or the English fallback)? */
export function hasFluentMessage(kind: string, lang: Lang, id: string): boolean {
  return fluentBundle(kind, lang).hasMessage(id);
}

/**
 * The ids a kind's own built-in files of one language define (templates/<kind>/<lang>/*.ftl),
 * without common's or the English fallback: tests compare the languages with them.
 */
export function ownMessageIds(kind: string, lang: Lang): string[] {
  // Terms (-name) are not messages: their ids start with "-".
  const ids = ftlFiles(join(builtinTemplateDir, kind, lang)).flatMap((f) =>
    new FluentResource(readFileSync(f, 'utf8')).body.map((e) => e.id),
  );
  return [...new Set(ids.filter((id) => !id.startsWith('-')))];
}

/** A message read as a table of words by language (`W.hit[lang]`), and formatted with arguments by formatWords. */
export interface Words extends Readonly<Record<Lang, string>> {
  readonly kind: string;
  readonly id: string;
}

const declared = new Map<string, Set<string>>();

/** One message as Words: each language read formats it without arguments. */
export function words(kind: string, id: string): Words {
  let ids = declared.get(kind);
  if (!ids) declared.set(kind, (ids = new Set()));
  ids.add(id);
  const get = (lang: Lang) => () => formatMessage(kind, lang, id);
  return Object.defineProperties({ kind, id } as Words, {
    en: { get: get('en'), enumerable: true },
    cs: { get: get('cs'), enumerable: true },
    ru: { get: get('ru'), enumerable: true },
  });
}

/** A table of Words by key: the key `fooBar` is the message `<prefix>-foo-bar`. */
export function wordTable<K extends string>(
  kind: string,
  prefix: string,
  keys: readonly K[],
): Readonly<Record<K, Words>> {
  return Object.fromEntries(
    keys.map((k) => [k, words(kind, `${prefix}-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`)]),
  ) as Record<K, Words>;
}

/** Words formatted with arguments in a language. */
export function formatWords(w: Words, lang: Lang, args: Record<string, unknown> = {}): string {
  return formatMessage(w.kind, lang, w.id, args);
}

/** The message ids a kind's word tables declared so far (tests check that each exists in every language). */
export function declaredWordIds(kind: string): string[] {
  return [...(declared.get(kind) ?? [])].sort();
}
