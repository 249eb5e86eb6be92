import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { DomainError, ErrorCode } from '@platica/errors';
import { Database } from '@platica/platform';
import { ModelConnection } from './model-connection.entity';

/** A connection's breaker as read before a call. */
export interface BreakerState {
  failures: number;
  openUntil: Date | null;
}

/** Model connections and their breakers; every lookup of a connection is scoped to its workspace. */
@Injectable()
export class ModelConnectionRepository {
  constructor(private readonly db: Database) {}

  list(workspaceIds: string[]): Promise<ModelConnection[]> {
    if (!workspaceIds.length) return Promise.resolve([]);
    return this.db.em().find(ModelConnection, { workspaceId: { $in: workspaceIds } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** A workspace's connections as the runtime reads them before a model call: one plain query, nothing tracked. */
  async forRuntime(workspaceId: string): Promise<ModelConnection[]> {
    const em = this.db.em();
    const rows = await em.execute<Record<string, unknown>[]>(
      'select * from agents.model_connection where workspace_id = ? order by created_at, id',
      [workspaceId],
    );
    const meta = em.getMetadata().get(ModelConnection);
    return rows.map((row) => em.getDriver().mapResult(row, meta) as ModelConnection);
  }

  async get(workspaceIds: string[], id: string, em: EntityManager = this.db.em()): Promise<ModelConnection> {
    const connection = workspaceIds.length ? await em.findOne(ModelConnection, { id, workspaceId: { $in: workspaceIds } }) : null;
    if (!connection) throw DomainError.notFound('Model connection', id);
    return connection;
  }

  /** Runs `work` in a transaction; a second connection of the same name is a 409 naming `name`. */
  write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db
      .em()
      .transactional(work)
      .catch((error: unknown) => {
        if (error instanceof UniqueConstraintViolationException) {
          throw new DomainError(ErrorCode.Conflict, 'The workspace has a model connection of this name', [
            { path: ['name'], message: 'already used by another connection of the workspace' },
          ]);
        }
        throw error;
      });
  }

  /** Makes `id` the workspace's only default connection (within `em`'s transaction). */
  async clearOtherDefaults(em: EntityManager, workspaceId: string, id: string): Promise<void> {
    await em.nativeUpdate(ModelConnection, { workspaceId, isDefault: true, id: { $ne: id } }, { isDefault: false });
  }

  async breakers(keys: string[]): Promise<Map<string, BreakerState>> {
    if (!keys.length) return new Map();
    const rows = await this.db
      .em()
      .execute<{ connection_key: string; failures: number; open_until: Date | string | null }[]>(
        'select connection_key, failures, open_until from agents.model_breaker where connection_key in (?)',
        [keys],
      );
    return new Map(
      rows.map((row) => [
        row.connection_key,
        { failures: row.failures, openUntil: row.open_until === null ? null : new Date(row.open_until) },
      ]),
    );
  }

  /**
   * One more failure in a row of `key`'s provider: at `threshold` the breaker opens for
   * `openMs` (again, after a trial call that failed). Returns whether it is open now.
   */
  async breakerFailed(key: string, threshold: number, openMs: number): Promise<boolean> {
    const [row] = await this.db.em().execute<{ open: boolean }[]>(
      `insert into agents.model_breaker (connection_key, failures, open_until, updated_at)
       values (?, 1, case when 1 >= ? then now() + make_interval(secs => ?) else null end, now())
       on conflict (connection_key) do update set
         failures = model_breaker.failures + 1,
         open_until = case when model_breaker.failures + 1 >= ? then now() + make_interval(secs => ?) else model_breaker.open_until end,
         updated_at = now()
       returning open_until is not null and open_until > now() as open`,
      [key, threshold, openMs / 1000, threshold, openMs / 1000],
    );
    return row?.open ?? false;
  }

  /** The provider answered: its breaker closes. */
  async breakerSucceeded(key: string): Promise<void> {
    await this.db.em().execute('delete from agents.model_breaker where connection_key = ?', [key]);
  }

  /** Breakers open now, for the metric. */
  async openBreakers(): Promise<number> {
    const [row] = await this.db.em().execute<{ count: string }[]>('select count(*) from agents.model_breaker where open_until > now()');
    return Number(row?.count ?? 0);
  }
}
