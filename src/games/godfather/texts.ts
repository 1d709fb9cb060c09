// Every reason, result, notice and report line a Godfather player or GM reads,
// as Fluent messages (templates/godfather/<lang>/godfather.ftl, loaded by the
// judge's one Fluent loader, render/fluent.ts): plurals by the language's own
// rules («3 сообщения», «5 сообщений») and the grammatical gender of the player a
// text is about («Анна бездействовала»), never hand-written endings. Codes are
// stable (cases and tests name them); a missing message shows its code, so a gap
// is seen rather than hidden. JUDGE_TEMPLATES may hold an edited copy
// (templates/godfather/<lang>/godfather.ftl), like the mail templates.
import { formatMessage, ownMessageIds } from '../../render/fluent.js';
import type { Lang } from '../../engine/types.js';

export type Params = Record<string, string | number>;

/** The message `code` in the reader's language with its parameters (numbers select plural forms, *Gender params m|f the gender). */
export function tr(lang: Lang, code: string, params: Params = {}): string {
  return formatMessage('godfather', L(lang), code, params);
}

let ruCodes: ReadonlySet<string> | null = null;

/** Is there a Godfather message for this code? */
export function hasText(code: string): boolean {
  return (ruCodes ??= new Set(textCodes('ru'))).has(code);
}

/** Every message code of a language (tests compare the languages). */
export function textCodes(lang: 'ru' | 'en'): string[] {
  return ownMessageIds('godfather', lang);
}

export function L(lang: Lang): 'ru' | 'en' {
  return lang === 'ru' ? 'ru' : 'en';
}
