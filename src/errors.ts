// Errors that mean "the input was wrong" (an unknown game, player or phase, a
// bad value): the CLI exits 2 for them, 1 for a command that failed otherwise.
export class InputError extends Error {}

/** A setup file (or the setup of `judge game create`) with problems: every one of them. */
export class SetupError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
  }
}
