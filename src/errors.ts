// Errors that mean "the input was wrong" (an unknown game, player or phase, a
// bad value): the CLI exits 2 for them, 1 for a command that failed otherwise.
export class InputError extends Error {}

/**
 * A GM command that cannot be done as asked (no such player, not paused, …):
 * the message in English for the CLI, and a code with its parameters for the
 * answer by mail in the GM's language (gm.ftl: gm-err-<code>). Every error a
 * GM command by mail can meet carries a code (tests/gm/gm-loop.test.ts).
 */
export class GmError extends InputError {
  constructor(
    message: string,
    readonly code?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/** A setup file (or the setup of `judge game create`) with problems: every one of them. */
export class SetupError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * The problems a game kind finds in its part of a setup (with the seats): every
 * one, each "path: message". createGame lists them with the common part's.
 */
export class KindSetupError extends Error {
  constructor(
    readonly kind: string,
    readonly problems: string[],
  ) {
    super(`invalid ${kind} setup:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * A data directory without a store, opened by a command that needs one (every
 * command but `judge init` and `judge demo`, which create it): a mistyped
 * --data must not become a new, empty judge that answers the players' mail.
 */
export class NoStoreError extends InputError {
  constructor(
    readonly dir: string,
    readonly file: string,
    configGiven = false,
  ) {
    super(
      `no judge store in ${dir} (${file.slice(dir.length + 1) || file}); run \`judge init --data ${dir}\` to create one, or check --data / $JUDGE_DATA` +
        (configGiven ? ' (--config names the configuration file, not the data directory)' : ''),
    );
  }
}
