import { describe, expect, it } from 'vitest';
import { INLINE_ACTIONS, splitActions } from '../../resources/actionRequest';

describe('a row shows at most three controls; the rest go under 「更多」', () => {
  it('keeps every action on the row while they fit', () => {
    expect(splitActions(['a', 'b', 'c'], 0)).toEqual({ inline: ['a', 'b', 'c'], more: [] });
    expect(splitActions(['a'], 2)).toEqual({ inline: ['a'], more: [] });
  });

  it('past three, keeps the first ones and puts the rest, in order, under 「更多」 (which takes the last place)', () => {
    expect(splitActions(['a', 'b', 'c', 'd'], 0)).toEqual({ inline: ['a', 'b'], more: ['c', 'd'] });
    expect(splitActions(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 0).inline).toHaveLength(INLINE_ACTIONS - 1);
  });

  it('counts a document row’s 预览 and 下载', () => {
    expect(splitActions(['a', 'b'], 2)).toEqual({ inline: [], more: ['a', 'b'] });
  });
});
