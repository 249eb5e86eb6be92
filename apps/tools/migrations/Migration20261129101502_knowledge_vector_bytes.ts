import { Migration } from '@mikro-orm/migrations';

/**
 * Chunk vectors become float32 bytes (big-endian, PostgreSQL's `float4send` order) instead of
 * `real[]`, beside a sketch of each (a byte a dimension, with its scale and residual): search
 * scans the sketches and scores in the tools service (search/vectors.ts) instead of unnesting
 * arrays in SQL (22 s over 100,000 chunks of 256 dimensions). Existing vectors are converted in
 * place (their sketches made as vectorSketch makes them), and back by `down`.
 */
export class Migration20261129101502_knowledge_vector_bytes extends Migration {

  override name = 'Migration20261129101502_knowledge_vector_bytes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tools"."knowledge_chunk" add column "embedding_sketch" bytea null;`);
    this.addSql(`create function pg_temp.knowledge_vector_sketch(v real[]) returns bytea language sql immutable strict as $$
      with s as (select (coalesce(max(abs(x)), 0)::float8 / 127)::real as scale from unnest(v) as x),
      q as (select o, x, s.scale, case when s.scale = 0 then 0 else greatest(-127, least(127, round(x::float8 / s.scale::float8)))::int end as step
            from unnest(v) with ordinality as u(x, o), s)
      select float4send(coalesce(max(q.scale), 0)::real)
          || float4send((sqrt(coalesce(sum((q.x::float8 - q.scale::float8 * q.step) ^ 2), 0)) * (1 + 1e-5) + 1e-5)::real)
          || coalesce(decode(string_agg(lpad(to_hex(q.step & 255), 2, '0'), '' order by q.o), 'hex'), ''::bytea)
      from q $$;`);
    this.addSql(`update "tools"."knowledge_chunk" set "embedding_sketch" = pg_temp.knowledge_vector_sketch("embedding") where "embedding" is not null;`);
    this.addSql(`create function pg_temp.knowledge_vector_bytes(v real[]) returns bytea language sql immutable strict as $$
      select coalesce(string_agg(float4send(x), ''::bytea order by o), ''::bytea) from unnest(v) with ordinality as u(x, o) $$;`);
    this.addSql(`alter table "tools"."knowledge_chunk" alter column "embedding" type bytea using pg_temp.knowledge_vector_bytes("embedding");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tools"."knowledge_chunk" drop column "embedding_sketch";`);
    // IEEE 754 single precision from its 32 bits: sign, 8 exponent bits (0: subnormal), 23 of fraction.
    this.addSql(`create function pg_temp.knowledge_vector_reals(b bytea) returns real[] language sql immutable strict as $$
      select coalesce(array_agg(
        (case when bits < 0 then -1 else 1 end) *
        case when (bits >> 23) & 255 = 0 then (bits & 8388607)::float8 * 2 ^ (-149)
             else (1 + (bits & 8388607)::float8 / 8388608) * 2 ^ (((bits >> 23) & 255) - 127) end
        order by i)::real[], '{}')
      from (select i, ('x' || encode(substr(b, i * 4 + 1, 4), 'hex'))::bit(32)::int as bits from generate_series(0, length(b) / 4 - 1) as i) f $$;`);
    this.addSql(`alter table "tools"."knowledge_chunk" alter column "embedding" type real[] using pg_temp.knowledge_vector_reals("embedding");`);
  }

}
