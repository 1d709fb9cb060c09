// The snowball-stemmers package (a JS port of the Snowball stemmers) ships no types.
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: string): Stemmer;
  export function algorithms(): string[];
  const snowball: { newStemmer: typeof newStemmer; algorithms: typeof algorithms };
  export default snowball;
}
