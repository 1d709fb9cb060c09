// Text that players write (names, subjects, orders, messages) may hold
// bidirectional controls — U+202E RIGHT-TO-LEFT OVERRIDE and its kin — that
// reverse what follows them on the line in mail clients and pages, or
// right-to-left letters that pull the neutral characters around them.
// The judge's rule (README, "Right-to-left text"):
// - a control in user text is replaced by U+FFFD (a visible mark where it was),
//   in every text part, header and page;
// - user text that holds a control or a right-to-left letter is isolated:
//   in a text part between U+2068 FIRST STRONG ISOLATE and U+2069 POP
//   DIRECTIONAL ISOLATE (each line on its own: an isolate ends with its
//   paragraph), in a subject the same, in HTML in <bdi> (an HTML <title>,
//   which cannot hold an element, gets none).
// The other controls in players' text — C0 (ESC sequences, VT, FF, a lone CR
// …), DEL, C1 (NEL U+0085, CSI U+009B …) and the separators U+2028, U+2029,
// which mail clients and terminals may take as line breaks, page breaks or
// escape sequences — are replaced by U+FFFD the same way (a tab becomes a
// space, CR LF a line feed); the line feed alone stays (neutralizeControls).
// No imports: the store's outbox uses it too.

/** The bidirectional controls: embeddings and overrides, isolates, the marks LRM, RLM and ALM. */
const CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** What makes a text need an isolate: a control, or a letter of a right-to-left script. */
const NEEDS_ISOLATE =
  /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDFFF]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDFFF]/;

export const FSI = '\u2068';
export const PDI = '\u2069';
/** What a control in user text becomes. */
export const REPLACED = '\uFFFD';

/** C0 controls but tab and line feed, DEL, C1 controls, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR. */
const OTHER_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/g;
const OTHER_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/;
/** The same, and the tab. */
const OTHER_OR_TAB = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\t]/;
/** What markup and a mail's parts may hold as they are: tab, line feed, carriage return. */
const MARKUP_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g;
const MARKUP_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * Players' text without the controls that are not bidirectional: CR LF made a
 * line feed, a tab a space, every other C0 control (a lone CR, VT, FF, ESC …),
 * DEL, C1 control (NEL …) and U+2028, U+2029 replaced by U+FFFD; a line feed
 * stays. Text without any is returned as it is.
 */
export function neutralizeControls(s: string): string {
  if (!OTHER_OR_TAB.test(s)) return s;
  const t = s.replace(/\r\n/g, '\n').replace(/\t/g, ' ');
  return OTHER_CONTROL.test(t) ? t.replace(OTHER_CONTROLS, REPLACED) : t;
}

/** Does the text hold a control that markup or a mail's part may not (neither tab, line feed nor carriage return)? */
export function hasOtherControl(s: string): boolean {
  return MARKUP_CONTROL.test(s);
}

/** Markup, or a mail's part as it goes out: its controls but tab, line feed and carriage return replaced by U+FFFD. */
export function neutralizeMarkupControls(s: string): string {
  return MARKUP_CONTROL.test(s) ? s.replace(MARKUP_CONTROLS, REPLACED) : s;
}

/** Does the text hold a bidirectional control? */
export function hasBidiControl(s: string): boolean {
  return CONTROL.test(s);
}

/** Why a name or title (a setup's, `player add` / `replace --name`, JOIN's and TAKEOVER's) cannot be shown as it is, or null. */
export function nameProblem(name: string | undefined): string | null {
  if (name === undefined) return null;
  if (hasBidiControl(name))
    return 'holds a bidirectional control character (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F or U+061C), which would reverse the text after it in mails and pages';
  if (/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(name))
    return 'holds a control character (a line break, tab, escape …: U+0000–U+001F, U+007F–U+009F, U+2028 or U+2029), which would garble mails and pages';
  return null;
}

/** Every bidirectional control replaced by U+FFFD. */
export function neutralizeBidi(s: string): string {
  return CONTROL.test(s) ? s.replace(CONTROLS, REPLACED) : s;
}

/**
 * User text as the judge shows it: unchanged when it has neither a control nor
 * a right-to-left letter; else each such line between FSI and PDI, its
 * controls replaced (isolates that pair up within the line are kept, so that
 * text isolated already, such as a stored report, stays as it is).
 */
export function isolateBidi(s: string): string {
  if (!NEEDS_ISOLATE.test(s)) return s;
  return s
    .split('\n')
    .map((line) => {
      if (!NEEDS_ISOLATE.test(line)) return line;
      const t = safeLine(line);
      return isolated(t) ? t : FSI + t + PDI;
    })
    .join('\n');
}

/** Is the whole line one isolate (FSI … its PDI)? */
function isolated(t: string): boolean {
  if (!t.startsWith(FSI) || !t.endsWith(PDI)) return false;
  let open = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === FSI) open++;
    else if (t[i] === PDI && --open === 0) return i === t.length - 1;
  }
  return false;
}

/** One line with every control replaced but isolates that pair up; an isolate left open is closed at its end. */
function safeLine(line: string): string {
  if (!CONTROL.test(line)) return line;
  let open = 0;
  let out = '';
  for (const ch of line) {
    if (ch === FSI) {
      open++;
      out += ch;
    } else if (ch === PDI) {
      if (open > 0) {
        open--;
        out += ch;
      } else out += REPLACED;
    } else out += CONTROL.test(ch) ? REPLACED : ch;
  }
  return out + PDI.repeat(open);
}

/**
 * A template's model with every string's other controls replaced
 * (neutralizeControls) and isolated (isolateBidi). Copied only where
 * something changes: a model without such text is returned as it is. Plain
 * objects and arrays are walked (not class instances, such as a Handlebars
 * SafeString), to a bounded depth; an `svg` field is markup, not text: only
 * its controls are replaced (its tabs and line breaks kept).
 */
export function isolateModel<T>(model: T): T {
  return walk(model, 0) as T;
}

function walk(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return isolateBidi(neutralizeControls(v));
  if (v === null || typeof v !== 'object' || depth > 40) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x = walk(v[i], depth + 1);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  let out: Record<string, unknown> | null = null;
  for (const k of Object.keys(v)) {
    const x = (v as Record<string, unknown>)[k];
    // A picture's SVG is markup (its texts escaped by the kind): only its controls are replaced.
    const y = k === 'svg' && typeof x === 'string' ? neutralizeBidi(neutralizeMarkupControls(x)) : walk(x, depth + 1);
    if (y !== x) (out ??= { ...(v as Record<string, unknown>) })[k] = y;
  }
  return out ?? v;
}

/** A header's text (a subject): as a line of a text part (safeText): its controls replaced but isolates that pair up. */
export function headerText(s: string): string {
  return CONTROL.test(s) ? safeLine(s) : s;
}

/** A text where no element can isolate (an HTML <title>): controls replaced, isolates taken out. */
export function titleText(s: string): string {
  return CONTROL.test(s) ? s.replace(/[\u2068\u2069]/g, '').replace(CONTROLS, REPLACED) : s;
}

/**
 * A text part as it goes out: every control replaced except isolates that
 * pair up within a line (the judge's own, or harmless ones); an isolate left
 * open is closed at the end of its line, a stray PDI replaced.
 */
export function safeText(s: string): string {
  return CONTROL.test(s) ? s.split('\n').map(safeLine).join('\n') : s;
}

/**
 * HTML with the isolates of its text made <bdi> elements (which isolate as
 * FSI…PDI do, dir=auto), and taken out of tags and attribute values; other
 * controls replaced. For a body, never for a <title>.
 */
export function isolatesToHtml(html: string): string {
  if (!CONTROL.test(html)) return html;
  return html
    .split('\n')
    .map((line) => {
      if (!CONTROL.test(line)) return line;
      let open = 0;
      const out = line.replace(/<[^>]*>|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, (m) => {
        if (m.length > 1) return m.replace(/[\u2068\u2069]/g, '').replace(CONTROLS, REPLACED);
        if (m === FSI) {
          open++;
          return '<bdi>';
        }
        if (m === PDI && open > 0) {
          open--;
          return '</bdi>';
        }
        return REPLACED;
      });
      return out + '</bdi>'.repeat(open);
    })
    .join('\n');
}
