// Plural forms by the CLDR rules of each language, in code and in templates.
import { describe, expect, it } from 'vitest';
import { pluralForm } from '../../src/render/plural.js';

describe('plural forms', () => {
  it.each([
    [1, 'фаза'],
    [2, 'фазы'],
    [4, 'фазы'],
    [5, 'фаз'],
    [11, 'фаз'],
    [12, 'фаз'],
    [21, 'фаза'],
    [22, 'фазы'],
    [25, 'фаз'],
    [111, 'фаз'],
    [0, 'фаз'],
    [1.5, 'фазы'],
  ])('ru %s → %s', (n, form) => expect(pluralForm(n, 'фаза', 'фазы', 'фаз', 'ru')).toBe(form));
  it.each([
    [1, 'kolo'],
    [2, 'kola'],
    [4, 'kola'],
    [5, 'kol'],
    [21, 'kol'],
    [22, 'kol'],
    [0, 'kol'],
    [1.5, 'kola'],
  ])('cs %s → %s', (n, form) => expect(pluralForm(n, 'kolo', 'kola', 'kol', 'cs')).toBe(form));
  it.each([
    [1, 'phase'],
    [2, 'phases'],
    [21, 'phases'],
    [0, 'phases'],
  ])('en %s → %s', (n, form) => expect(pluralForm(n, 'phase', 'phases', 'phases', 'en')).toBe(form));
});
