// The bundle as ASCII only. esbuild escapes every non-ASCII character of a
// string, template or identifier (charset: 'ascii', its default), but leaves
// those of regular expression literals and kept comments as they are
// (evanw/esbuild#4205). One such character makes V8 hold the whole 2 MB
// source as a two-byte string: reading it decodes UTF-8 instead of copying
// bytes, and the string is twice the size, at every start of every command
// and of intake's worker.
//
// Each remaining non-ASCII UTF-16 unit becomes a \uXXXX escape, which means
// the same character in a regular expression literal (with or without the u
// flag; an escaped surrogate pair is one code point under u) and in a
// comment. A backslash right before the character (an identity escape, \д)
// is dropped: \u0434 is the escape. The only difference left is what
// `.source` and `toString()` of such a literal spell.

/** `code` with every non-ASCII UTF-16 unit written as \uXXXX. */
export function asciiOnly(code) {
  return code.replace(/(\\*)([^\x00-\x7F])/g, (_, slashes, ch) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return `${kept}\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  });
}
