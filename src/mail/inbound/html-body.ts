// The text of a mail's HTML part, where the judge reads it: a mail with no
// text part (HTML only, or HTML with its pictures), and a mail whose text
// part holds no order block while its HTML part does (an empty text part, or
// a placeholder "This is an HTML message"). html-to-text (the library
// mailparser converts with) is asked for whole lines: its default wraps at 80
// columns, which cut a long order or message in two.
import type { HtmlToTextOptions } from 'html-to-text';

let h2t: typeof import('html-to-text') | undefined;

/** HTML longer than this is not converted (mailparser's own bound is of the same order). */
export const MAX_HTML = 1_500_000;

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  limits: { maxDepth: 100 },
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
  ],
};

/** The HTML's text, each line whole (null: too long, or it cannot be converted). */
export async function htmlText(html: string): Promise<string | null> {
  if (html.length > MAX_HTML) return null;
  h2t ??= await import('html-to-text');
  try {
    return h2t.convert(html, OPTIONS);
  } catch {
    return null;
  }
}
