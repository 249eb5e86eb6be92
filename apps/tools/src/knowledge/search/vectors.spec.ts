import { BestScores, dotProduct, vectorBytes } from './vectors';

describe('chunk vectors as float32 bytes', () => {
  it("writes PostgreSQL's float4send order (the bytes the real[] migration wrote: psql's float4send of each value)", () => {
    // select string_agg(float4send(x), ''::bytea order by o) from unnest('{0.5,-0.25,0,1e-3}'::real[]) with ordinality u(x, o)
    expect(vectorBytes([0.5, -0.25, 0, 1e-3]).toString('hex')).toBe('3f000000be800000000000003a83126f');
  });

  it('scores the dot product in float32, whatever the bytes’ offset in their buffer', () => {
    const stored = [0.6, 0.8, 0];
    const query = Float32Array.from([0.8, 0.6, 0]);
    const shifted = Buffer.concat([Buffer.from([1]), vectorBytes(stored)]).subarray(1);
    expect(dotProduct(shifted, query)).toBeCloseTo(0.96, 6);
    expect(dotProduct(vectorBytes(stored), Float32Array.from([0, 0, 1]))).toBe(0);
  });

  it('gives no score when the dimensions differ (a vector of another model’s size)', () => {
    expect(dotProduct(vectorBytes([1, 0]), Float32Array.from([1, 0, 0]))).toBeNull();
  });
});

describe('the best scores', () => {
  it('keeps the given number, best first, ties by id, whatever order they come in', () => {
    const scores = Array.from({ length: 500 }, (_, index) => ({ id: `kc_${String(index).padStart(3, '0')}`, similarity: ((index * 37) % 101) / 100 }));
    const best = new BestScores(50);
    for (const score of [...scores].reverse()) best.offer(score.id, score.similarity);
    const expected = [...scores].sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1)).slice(0, 50);
    expect(best.ranking()).toEqual(expected);
  });

  it('keeps fewer when offered fewer', () => {
    const best = new BestScores(5);
    best.offer('b', 0.1);
    best.offer('a', 0.9);
    expect(best.ranking()).toEqual([
      { id: 'a', similarity: 0.9 },
      { id: 'b', similarity: 0.1 },
    ]);
  });
});
