import { Migration } from '@mikro-orm/migrations';

/**
 * Chunk vectors become float32 bytes (big-endian, PostgreSQL's `float4send` order; search/vectors.ts)
 * instead of `real[]`: search scores them in the tools service, which reads 4 bytes a dimension
 * instead of an array to unnest (22 s over 100,000 chunks of 256 dimensions). Existing vectors are
 * converted in place, and back by `down`.
 */
export class Migration20261129101502_knowledge_vector_bytes extends Migration {

  override name = 'Migration20261129101502_knowledge_vector_bytes';

  override up(): void | Promise<void> {
    this.addSql(`create function pg_temp.knowledge_vector_bytes(v real[]) returns bytea language sql immutable strict as $$
      select coalesce(string_agg(float4send(x), ''::bytea order by o), ''::bytea) from unnest(v) with ordinality as u(x, o) $$;`);
    this.addSql(`alter table "tools"."knowledge_chunk" alter column "embedding" type bytea using pg_temp.knowledge_vector_bytes("embedding");`);
  }

  override down(): void | Promise<void> {
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
