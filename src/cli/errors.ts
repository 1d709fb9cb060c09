// Exit codes (documented in the README and `judge --help`):
//   0 success, 1 the command failed, 2 bad usage or bad input (setup/config/spec).
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}
