// The forecast (issue #33) as one text, for the secrecy tests: what a player
// would read of it in his acknowledgement, or '' when there is none.
import type { Forecast } from '../src/engine/types.js';

export function forecastText(f: Forecast | null): string {
  return f ? [f.note ?? '', ...f.sections.flatMap((s) => [s.title, ...s.lines])].join('\n') : '';
}
