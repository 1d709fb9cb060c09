// Templates compiled once per installation, not once per command: Handlebars'
// compiler (lexer, parser, code generator) is most of what rendering the first
// mail of a command costs. A template's precompiled form (Handlebars.precompile,
// the JavaScript Handlebars itself would make of it) is kept in the package's
// own .cache/templates/ folder, named by the hash of the source and options, and
// loaded by later commands, with V8's code cache of it (so neither the spec nor
// its functions are compiled again); where that folder cannot be written, templates are
// compiled as before. Only the package's owner can write there, as its code.
// Commands load only Handlebars' runtime; the compiler (and its source-map
// dependency, some forty files) is loaded the first time a template is not in
// the cache.
import type HandlebarsModule from 'handlebars';
// handlebars/runtime's types are those of 'handlebars'; the object is the same without the compiler.
import runtime from 'handlebars/runtime.js';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { cacheFile, readCached, readCachedBytes, writeCached } from './package-cache.js';

/** Handlebars without its compiler: create(), template(), helpers. */
export const Handlebars = runtime as typeof HandlebarsModule;

let compiler: typeof HandlebarsModule | null = null;
/** The whole of Handlebars, compiler included, loaded on first use. */
function fullHandlebars(): typeof HandlebarsModule {
  return (compiler ??= createRequire(import.meta.url)('handlebars') as typeof HandlebarsModule);
}

type Spec = Parameters<typeof Handlebars.template>[0];

/**
 * The precompiled template (an object literal with functions, as Handlebars.compile
 * evaluates it too), compiled with V8's code cache kept beside it
 * (<key>.<node>-<arch>.v8): compiling the spec and then each of its functions
 * on first use was most of what a command's first mails of a template cost
 * (some 5 ms for a Godfather report's four templates). `save` writes the code
 * cache when there was none or V8 rejected it; called after the template first
 * ran, it holds the functions compiled by then.
 */
function load(spec: string, file: string): { spec: Spec; save: (() => void) | null } {
  const codeFile = file.replace(/\.js$/, `.${process.version}-${process.arch}.v8`);
  const cachedData = readCachedBytes(codeFile);
  const script = new vm.Script(`(${spec})`, { filename: file, cachedData });
  const value = script.runInThisContext() as Spec;
  const save = cachedData && !script.cachedDataRejected ? null : () => writeCached(codeFile, script.createCachedData());
  return { spec: value, save };
}

/** hb.compile(source, options), from the precompiled cache when it holds this source (`root`: the cache's folder, for tests). */
export function compileTemplate(
  hb: typeof Handlebars,
  source: string,
  options: CompileOptions,
  root?: string,
): HandlebarsTemplateDelegate {
  const file = cacheFile('templates', `${Handlebars.VERSION}\0${JSON.stringify(options)}`, source, '.js', root);
  const make = (spec: string) => {
    const loaded = load(spec, file);
    return { template: hb.template(loaded.spec), save: loaded.save };
  };
  const kept = readCached(file);
  let made: ReturnType<typeof make> | null = null;
  if (kept !== null)
    try {
      made = make(kept);
    } catch {
      // Not a precompiled template (cut short, changed by hand): precompiled again and written anew.
    }
  if (!made) {
    // A copy: the compiler writes its defaults into the options it is given (callers keep theirs as constants).
    const spec = fullHandlebars().precompile(source, { ...options }) as string;
    writeCached(file, spec);
    made = make(spec);
  }
  const { template } = made;
  let save = made.save;
  if (!save) return template;
  // The code cache is written once the template has run (its functions compiled).
  return ((context: unknown, runtimeOptions?: RuntimeOptions) => {
    const out = template(context, runtimeOptions);
    save?.();
    save = null;
    return out;
  }) as HandlebarsTemplateDelegate;
}

const byFile = new WeakMap<typeof Handlebars, Map<string, HandlebarsTemplateDelegate>>();

/** JSON of compile options, by the options object (the callers keep theirs as constants; options are never changed). */
function optionsKey(options: CompileOptions): string {
  let k = optionKeys.get(options);
  if (k === undefined) optionKeys.set(options, (k = JSON.stringify(options)));
  return k;
}

const optionKeys = new WeakMap<CompileOptions, string>();

/** The template in `file`, compiled once per process (and precompiled once per installation). */
export function templateFile(hb: typeof Handlebars, file: string, options: CompileOptions): HandlebarsTemplateDelegate {
  let files = byFile.get(hb);
  if (!files) byFile.set(hb, (files = new Map()));
  const key = `${optionsKey(options)}\u0000${file}`;
  let tpl = files.get(key);
  if (!tpl) files.set(key, (tpl = compileTemplate(hb, readFileSync(file, 'utf8'), options)));
  return tpl;
}
