// Russian refusals about a figure's influence name the figure and the order in
// a form that needs no declension ("у фигуры Князь Мстислав …", the order in
// «»): a bare name after «у» or «влияния» read "у Князь Мстислав нет влияния
// на Книжная палата".
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/render/fluent.js';

const plain = (s: string) => s.replace(/[\u2068\u2069]/g, '');
const args = { figure: 'Князь Мстислав', order: 'Книжная палата', strategic: 'S2' };

describe('nation refusals about influence, in Russian', () => {
  it('need no declension of a figure or order name', () => {
    for (const id of ['reason-no-influence', 'reason-gain-no-influence'])
      expect(plain(formatMessage('nation', 'ru', id, args)), id).toBe(
        'у фигуры Князь Мстислав нет влияния на «Книжная палата»',
      );
    expect(plain(formatMessage('nation', 'ru', 'reason-no-slot', args))).toMatch(
      /^у фигуры Князь Мстислав на этом ходу/,
    );
    expect(plain(formatMessage('nation', 'ru', 'reason-permanent-done', args))).toMatch(
      /^после перманентного влияния фигуры Князь Мстислав на S2/,
    );
  });
});
