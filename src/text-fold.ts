// Folding for matching words people type: lower case, no diacritics (ё → е, í → i).
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
