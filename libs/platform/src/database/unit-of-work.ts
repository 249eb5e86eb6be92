import type { AnyEntity, EntityData, EntityManager, MikroORM } from '@mikro-orm/postgresql';

/** The transaction's EntityManager, for the platform's own database code (the outbox); repositories use `Database.em`. */
export let entityManagerOf: (transaction: Transaction) => EntityManager;
/**
 * The writes the transaction makes just before it commits, by key (the outbox's events of a
 * schema, recorded by earlier statements and not yet written with a later one); null when its
 * runner makes none, and writes must then be made at once.
 */
export let beforeCommitOf: (transaction: Transaction) => Map<string, () => Promise<void>> | null;

/**
 * An open transaction, opaque outside repositories: a service starts one (`UnitOfWork.run`)
 * and hands it to the repositories whose writes must commit together; only they reach its
 * EntityManager (`Database.em(transaction)`). So the ORM stays in repositories (lint-enforced)
 * while a unit of work may still span several of them.
 */
export class Transaction {
  readonly #em: EntityManager;
  readonly #beforeCommit: Map<string, () => Promise<void>> | null;

  /** `beforeCommit`: the runner calls `commitWrites` once the work has resolved (UnitOfWork.run does). */
  constructor(em: EntityManager, options: { beforeCommit?: boolean } = {}) {
    this.#em = em;
    this.#beforeCommit = options.beforeCommit ? new Map() : null;
  }

  /** Makes the writes deferred to the commit, in the order they were first deferred. */
  async commitWrites(): Promise<void> {
    for (const write of this.#beforeCommit?.values() ?? []) await write();
  }

  static {
    entityManagerOf = (transaction) => transaction.#em;
    beforeCommitOf = (transaction) => transaction.#beforeCommit;
  }
}

/** The service's database, for its repositories: its MikroORM instance, whose schema it alone owns. */
export class Database {
  constructor(readonly orm: MikroORM) {}

  /** The transaction's EntityManager when given one; otherwise a fresh EntityManager for one unit of work. */
  em(transaction?: Transaction): EntityManager {
    return transaction ? entityManagerOf(transaction) : this.orm.em.fork();
  }

  /** A raw statement on its own pooled connection: rows, not entities, so no EntityManager is forked for it. */
  execute<T extends EntityData<AnyEntity>[] = EntityData<AnyEntity>[]>(sql: string, params: unknown[] = []): Promise<T> {
    return this.orm.em.getDriver().execute<T>(sql, params);
  }
}

/** Runs work in one transaction: it commits when the work resolves and rolls back when it throws. */
export class UnitOfWork {
  constructor(private readonly database: Database) {}

  run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.database.em().transactional(async (em) => {
      const transaction = new Transaction(em, { beforeCommit: true });
      const result = await work(transaction);
      await transaction.commitWrites();
      return result;
    });
  }

  /**
   * Work that writes in a single statement: Postgres makes every statement atomic, so it needs
   * no transaction of its own, nor the round trips of its begin and commit. Only for work of
   * one statement (a repository says so of its method).
   */
  statement<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return work(new Transaction(this.database.em()));
  }
}
