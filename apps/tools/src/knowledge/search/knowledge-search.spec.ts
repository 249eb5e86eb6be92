import { fuse, RRF_K } from './knowledge-search';

describe('reciprocal rank fusion', () => {
  it('scores Σ 1/(60 + rank): a chunk in both rankings beats one ranked first in one', () => {
    const fused = fuse([
      [
        { id: 'a', rank: 1 },
        { id: 'b', rank: 2 },
      ],
      [
        { id: 'b', rank: 1 },
        { id: 'c', rank: 2 },
      ],
    ]);
    expect(fused.map((hit) => hit.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0]!.fused).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(fuse([[{ id: 'x', rank: 1 }], []])).toEqual([{ id: 'x', fused: 1 / 61 }]);
  });
});
