// Every reason, result, notice and report line a Godfather player or GM reads,
// as Fluent messages (templates/godfather/<lang>/godfather.ftl): plurals by the
// language's own rules («3 сообщения», «5 сообщений») and the grammatical gender
// of the player a text is about («Анна бездействовала»), never hand-written
// endings. Codes are stable (cases and tests name them); a missing message shows
// its code, so a gap is seen rather than hidden. JUDGE_TEMPLATES may hold an
// edited copy (templates/godfather/<lang>/godfather.ftl), like the mail templates.
import { FluentBundle, FluentResource, type FluentVariable } from '@fluent/bundle';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinTemplateDir } from '../../render/templates.js';
import type { Lang } from '../../engine/types.js';

const bundles = new Map<string, FluentBundle>();

function ftlFile(lang: 'ru' | 'en'): string {
  for (const root of [process.env.JUDGE_TEMPLATES, builtinTemplateDir].filter(Boolean) as string[]) {
    const f = join(root, 'godfather', lang, 'godfather.ftl');
    if (existsSync(f)) return f;
  }
  throw new Error(`no templates/godfather/${lang}/godfather.ftl`);
}

function bundle(lang: 'ru' | 'en'): FluentBundle {
  let b = bundles.get(lang);
  if (!b) {
    const file = ftlFile(lang);
    b = new FluentBundle(lang, { useIsolating: false });
    const errors = b.addResource(new FluentResource(readFileSync(file, 'utf8')));
    if (errors.length) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`);
    bundles.set(lang, b);
  }
  return b;
}

export type Params = Record<string, string | number>;

/** The message `code` in the reader's language with its parameters (numbers select plural forms, *Gender params m|f the gender). */
export function tr(lang: Lang, code: string, params: Params = {}): string {
  const b = bundle(L(lang));
  const m = b.getMessage(code);
  if (!m?.value) return code;
  const errors: Error[] = [];
  const args: Record<string, FluentVariable> = {};
  for (const [k, v] of Object.entries(params)) args[k] = v;
  return b.formatPattern(m.value, args, errors);
}

/** Is there a message for this code? */
export function hasText(code: string): boolean {
  return bundle('ru').hasMessage(code);
}

/** Every message code of a language (tests compare the languages). */
export function textCodes(lang: 'ru' | 'en'): string[] {
  const text = readFileSync(ftlFile(lang), 'utf8');
  return [...text.matchAll(/^([a-zA-Z][\w-]*)\s*=/gm)].map((m) => m[1]!);
}

export function L(lang: Lang): 'ru' | 'en' {
  return lang === 'ru' ? 'ru' : 'en';
}
