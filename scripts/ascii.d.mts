/** `code` with every non-ASCII UTF-16 unit written as \uXXXX (scripts/ascii.mjs). */
export function asciiOnly(code: string): string;
