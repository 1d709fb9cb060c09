// Addresses in a header's value as written (before or without mailparser): the
// sender read straight from the bytes, the headers of a mail the parser gave up
// on, and the headers a list names itself in.

/** The address of a header value: the one in angle brackets, else the first bare one (lower-cased), or null. */
export function headerAddress(value: string | undefined): string | null {
  if (!value) return null;
  const m = /<([^<>\s]+@[^<>\s]+)>/.exec(value) ?? /([^\s<>"',;:]+@[^\s<>"',;:]+)/.exec(value);
  return m ? m[1]!.toLowerCase() : null;
}

/** Every address in a header value (lower-cased). */
export function headerAddresses(value: string): string[] {
  return (value.match(/[^\s<>"',;:]+@[^\s<>"',;:]+/g) ?? []).map((a) => a.toLowerCase());
}
