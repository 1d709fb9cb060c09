// What the CLI prints to a terminal holds no control character but tab, line
// feed and carriage return: players' text reaches the GM's screen (subjects in
// `judge inbound`, order lines in `judge gm`, names, reasons), and an escape
// sequence in it (ESC [ … or the C1 CSI) could recolour, move the cursor,
// retitle the window or worse on the GM's terminal. They are shown as U+FFFD.
// Only a terminal: output piped or redirected (`judge export > file`, raw mail
// shown for a file) is left byte for byte. The progress bars of `judge gm` are
// drawn on stderr, which is left alone.
import { neutralizeMarkupControls } from '../render/bidi.js';

type Write = NodeJS.WriteStream['write'];
const guarded = new WeakSet<NodeJS.WriteStream>();

/** Whether bytes may hold such a control: a C0 byte but tab, LF, CR; DEL; or the lead byte of C1 (0xC2) or of U+2028/U+2029 (0xE2) in UTF-8. */
function mayHoldControl(b: Uint8Array): boolean {
  for (const x of b)
    if ((x < 0x20 && x !== 9 && x !== 10 && x !== 13) || x === 0x7f || x === 0xc2 || x === 0xe2) return true;
  return false;
}

/** Make what is written to `stream` safe for a terminal, when it is one (once per stream). */
export function guardTerminal(stream: NodeJS.WriteStream): void {
  if (!stream.isTTY || guarded.has(stream)) return;
  guarded.add(stream);
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(
      typeof chunk === 'string'
        ? neutralizeMarkupControls(chunk)
        : chunk instanceof Uint8Array && mayHoldControl(chunk)
          ? Buffer.from(neutralizeMarkupControls(Buffer.from(chunk).toString('utf8')), 'utf8')
          : chunk,
      ...rest,
    )) as Write;
}
