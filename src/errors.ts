// Errors that mean "the input was wrong" (an unknown game, player or phase, a
// bad value): the CLI exits 2 for them, 1 for a command that failed otherwise.
export class InputError extends Error {}
