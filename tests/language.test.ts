// The language checker of issue #32 (tests/language.ts) can fail: it finds an
// English word, a date of another language and a raw name after a Russian
// preposition, and lets through what is typed as it is in every language.
import { describe, expect, it } from 'vitest';
import { checkText } from './language.js';

const kinds = (text: string, lang: 'cs' | 'ru' | 'en', names: string[] = []) =>
  checkText(text, lang, { allowed: ['alfa', 'f32'], names }).map((f) => `${f.kind} ${f.word}`);

describe('the language checker', () => {
  it('finds an English word in Czech and Russian mail, not the typed keywords, ids, dice or addresses', () => {
    expect(kinds('Uzávěrka: deadline zítra', 'cs')).toEqual(['english deadline']);
    expect(kinds('Ваша команда не выполнена: game has no phase 99', 'ru')).toEqual([
      'english game',
      'english has',
      'english phase',
    ]);
    expect(kinds('Pošlete HRA f32 alfa <heslo> … KONEC, nebo GAME … END; hod 3d6+2 a 4dF', 'cs')).toEqual([]);
    expect(kinds('Пишите на judge@example.org: `GAME f32 alfa`, https://example.org/help', 'ru')).toEqual([]);
    expect(kinds('The deadline is tomorrow', 'en')).toEqual([]);
  });

  it('finds a date or weekday of another language', () => {
    expect(kinds('Uzávěrka: Tue 1 Dec 2026 12:00', 'cs')).toEqual(['date Tue']);
    expect(kinds('Срок: st 2. 12. 2026 12:00', 'ru')).toEqual(['date st 2. 12.']);
    expect(kinds('Deadline: вт, 1 дек. 2026', 'en')).toEqual(['date вт']);
    expect(kinds('Срок: вт, 1 дек. 2026 г., 12:00', 'ru')).toEqual([]);
  });

  it('finds a name inserted raw after a Russian preposition, not one that needs no case', () => {
    expect(kinds('Письмо от Иван', 'ru', ['Иван'])).toEqual(['case от Иван']);
    expect(kinds('Позиция для Иван Петрович', 'ru', ['Иван Петрович'])).toEqual(['case для Иван Петрович']);
    expect(kinds('Отправитель: Иван', 'ru', ['Иван'])).toEqual([]);
    expect(kinds('Письмо от Ивана', 'ru', ['Иван'])).toEqual([]);
  });
});
