import { BestScores, dotProduct, sketchBounds, vectorBytes, vectorSketch } from './vectors';

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

describe('vector sketches', () => {
  it('writes what the migration writes for a real[] vector (its SQL on PostgreSQL 15 gave these bytes)', () => {
    // select encode(pg_temp.knowledge_vector_sketch('{0.5,-0.25,0,0.001,-0.8}'), 'hex'), the function of Migration20261129101502
    expect(vectorSketch([0.5, -0.25, 0, 0.001, -0.8]).toString('hex')).toBe('3bce69a03b5490264fd8000081');
  });

  it('bounds the exact similarity of every vector, tightly enough to rule most out', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const unit = (v: number[]) => {
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    const query = Float32Array.from(unit(Array.from({ length: 256 }, random)));
    for (let n = 0; n < 200; n++) {
      const vector = unit(Array.from({ length: 256 }, () => random() ** 3));
      const exact = dotProduct(vectorBytes(vector), query)!;
      const { low, high } = sketchBounds(vectorSketch(vector), query)!;
      expect(low).toBeLessThanOrEqual(exact);
      expect(high).toBeGreaterThanOrEqual(exact);
      expect(high - low).toBeLessThan(0.05);
    }
    expect(sketchBounds(vectorSketch([0, 0]), Float32Array.from([1, 0]))).toEqual({ low: expect.any(Number), high: expect.any(Number) });
    expect(sketchBounds(vectorSketch([1, 0]), Float32Array.from([1, 0, 0]))).toBeNull();
  });
});

describe('the best scores', () => {
  it('keeps the given number, best first, ties by id, whatever order they come in', () => {
    const scores = Array.from({ length: 500 }, (_, index) => ({
      id: `kc_${String(index).padStart(3, '0')}`,
      similarity: ((index * 37) % 101) / 100,
    }));
    const best = new BestScores(50);
    for (const score of [...scores].reverse()) best.offer(score.id, score.similarity);
    const expected = [...scores].sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1)).slice(0, 50);
    expect(best.ranking()).toEqual(expected);
  });

  it('keeps fewer when offered fewer, and has no floor until full', () => {
    const best = new BestScores(2);
    expect(best.floor()).toBe(-Infinity);
    best.offer('b', 0.1);
    best.offer('a', 0.9);
    expect(best.ranking()).toEqual([
      { id: 'a', similarity: 0.9 },
      { id: 'b', similarity: 0.1 },
    ]);
    expect(best.floor()).toBe(0.1);
  });
});
