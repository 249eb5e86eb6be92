import 'reflect-metadata';
import type { AuthContext, DomainEvent, RpcReply } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { RpcClient, Transaction, UnitOfWork } from '@platica/platform';

/**
 * Unit tests of services: `newTestService` builds a service from its constructor's parameter
 * types with the fakes a test gives, a `FakeUnitOfWork` and a `FakeRpcClient`; any other
 * dependency fails the moment it is used, naming itself, so a test says every dependency its
 * path touches. No database, no NATS: what a service decides is read off the fakes (the rows
 * its transactions committed, the events they recorded, the calls it made).
 */

type Class<T = unknown> = abstract new (...args: any[]) => T;

/** A test's stand-in for a dependency: the members it implements; the others fail when used. */
export interface Fake<T = unknown> {
  type: Class<T>;
  implementation: Partial<T>;
}

export function fake<T>(type: Class<T>, implementation: Partial<T>): Fake<T> {
  return { type, implementation };
}

/** Members jest and `await` probe on any object; answering undefined keeps them from counting as a use. */
const PROBED = new Set<string | symbol>(['then', 'asymmetricMatch', 'nodeType', 'toJSON', '$$typeof', 'constructor']);

/** `implementation` where it has the member; a failure naming `name.member` elsewhere. */
export function strict<T>(name: string, implementation: object = {}): T {
  return new Proxy(implementation, {
    get(target, key, receiver) {
      if (key in target) return Reflect.get(target, key, receiver) as unknown;
      if (typeof key === 'symbol' || PROBED.has(key)) return undefined;
      throw new Error(`${name}.${key} was used, but the test gave no fake for it`);
    },
  }) as T;
}

export interface TestService<S> {
  service: S;
  unitOfWork: FakeUnitOfWork;
  rpc: FakeRpcClient;
}

/**
 * The service `Service` (an `@Injectable`, whose parameter types Nest's metadata names) built
 * from `fakes`; `UnitOfWork` and `RpcClient` parameters get the returned fakes (the ones given,
 * when in-memory repositories need the unit of work up front). A fake for a type the
 * constructor does not take is refused: a renamed dependency fails loudly.
 */
export function newTestService<S>(
  Service: new (...args: never[]) => S,
  ...given: (Fake | FakeUnitOfWork | FakeRpcClient)[]
): TestService<S> {
  const parameterTypes = (Reflect.getMetadata('design:paramtypes', Service) ?? []) as Class[];
  const unitOfWork = given.find((g) => g instanceof FakeUnitOfWork) ?? new FakeUnitOfWork();
  const rpc = given.find((g) => g instanceof FakeRpcClient) ?? new FakeRpcClient();
  const fakes = given.filter((g): g is Fake => !(g instanceof FakeUnitOfWork) && !(g instanceof FakeRpcClient));
  const unused = new Set(fakes);
  const dependencies = parameterTypes.map((type, index) => {
    if (type === UnitOfWork) return unitOfWork;
    if (type === RpcClient) return rpc;
    const given = fakes.find((candidate) => candidate.type === type);
    if (!given) return strict(type?.name ?? `parameter ${index}`);
    unused.delete(given);
    return strict(type.name, given.implementation);
  });
  if (unused.size) {
    const names = [...unused].map((f) => f.type.name).join(', ');
    throw new Error(`${Service.name} takes no ${names}`);
  }
  return { service: new Service(...(dependencies as never[])), unitOfWork, rpc };
}

/** The ORM's EntityManager, named without importing the ORM (repositories alone do). */
type EntityManagerOf = ConstructorParameters<typeof Transaction>[0];

type TransactionState = 'open' | 'committed' | 'rolled back';

interface FakeTransaction {
  state: TransactionState;
  /** In-memory writes, applied when the transaction commits. */
  staged: (() => void)[];
  events: (DomainEvent & { schema: string })[];
}

/**
 * The platform's UnitOfWork without a database. In-memory repositories `stage` their writes on
 * the transaction they were given: applied when `run`'s work resolves, dropped when it throws
 * (a `statement` is one statement: its writes apply at once). Events recorded with
 * `recordEvent(s)` are read back from the outbox statement the platform writes.
 */
export class FakeUnitOfWork {
  readonly #transactions = new Map<Transaction, FakeTransaction>();
  readonly #log: FakeTransaction[] = [];

  run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.#execute(work, true);
  }

  statement<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.#execute(work, false);
  }

  /** A write of an in-memory repository: made when `transaction` commits. */
  stage(transaction: Transaction, write: () => void): void {
    const open = this.#transactions.get(transaction);
    if (!open) throw new Error('stage: not a transaction of this unit of work');
    if (open.state !== 'open') throw new Error(`stage: the transaction has ${open.state}`);
    open.staged.push(write);
  }

  /** The events of committed transactions, in the order they were recorded. */
  get events(): (DomainEvent & { schema: string })[] {
    return this.#log.filter((t) => t.state === 'committed').flatMap((t) => t.events);
  }

  /** How many transactions ended each way. */
  get outcomes(): Record<TransactionState, number> {
    const counts = { open: 0, committed: 0, 'rolled back': 0 };
    for (const transaction of this.#log) counts[transaction.state] += 1;
    return counts;
  }

  async #execute<T>(work: (transaction: Transaction) => Promise<T>, atomic: boolean): Promise<T> {
    const entry: FakeTransaction = { state: 'open', staged: [], events: [] };
    const transaction = new Transaction(outboxRecorder(entry, atomic), { beforeCommit: atomic });
    this.#transactions.set(transaction, entry);
    this.#log.push(entry);
    try {
      const result = await work(transaction);
      await transaction.commitWrites();
      this.#commit(entry);
      return result;
    } catch (error) {
      if (atomic) entry.state = 'rolled back';
      else this.#commit(entry);
      throw error;
    } finally {
      this.#transactions.delete(transaction);
    }
  }

  #commit(entry: FakeTransaction): void {
    entry.state = 'committed';
    for (const write of entry.staged) write();
  }
}

/**
 * The EntityManager the outbox writes through, reduced to what it uses: its insert of events
 * (`insert into "<schema>".outbox_event ... values (?, ?, ?, ?, ?, null), ...`, after any
 * `alongside` statements' parameters) is decoded into the transaction's events.
 */
function outboxRecorder(entry: FakeTransaction, inTransaction: boolean): EntityManagerOf {
  const em = {
    isInTransaction: () => inTransaction,
    execute: async (sql: string, params: unknown[] = []) => {
      const insert = /insert into "([^"]+)"\.outbox_event/.exec(sql);
      if (!insert) throw new Error(`FakeUnitOfWork runs no SQL but the outbox's; got: ${sql.slice(0, 80)}`);
      const first = (sql.slice(0, insert.index).match(/\?/g) ?? []).length;
      const count = (sql.slice(insert.index).match(/\(\?, \?, \?, \?::timestamptz, \?::jsonb, null\)/g) ?? []).length;
      for (let i = first; i < first + count * 5; i += 5) {
        const [id, type, workspaceId, occurredAt, data] = params.slice(i, i + 5) as string[];
        entry.events.push({
          schema: insert[1]!,
          id: id!,
          type,
          workspaceId: workspaceId!,
          occurredAt: occurredAt!,
          data: JSON.parse(data!),
        } as DomainEvent & {
          schema: string;
        });
      }
      return [];
    },
  };
  return em as unknown as EntityManagerOf;
}

/** What a service sent over RPC: the subject, the body, and the whole second argument (its envelope). */
export interface RpcCall {
  subject: string;
  body: unknown;
  request: unknown;
}

type Answer = (body: unknown, request: unknown) => unknown;

/**
 * The RpcClient without NATS: it records every call and answers those the test configured
 * (`answer`); a call nobody answers fails naming its subject. `call(subject | operation, body |
 * envelope)`: the subject is the string or the operation's `subject`, the body the envelope's
 * `body` when it is one.
 */
export class FakeRpcClient {
  readonly calls: RpcCall[] = [];
  readonly #answers = new Map<string, Answer>();

  /** Answers calls to `subject` with what `reply` returns (or throws, e.g. a DomainError). */
  answer(subject: string, reply: Answer): this {
    this.#answers.set(subject, reply);
    return this;
  }

  /** The bodies sent to `subject`. */
  bodiesTo(subject: string): unknown[] {
    return this.calls.filter((call) => call.subject === subject).map((call) => call.body);
  }

  async call(target: unknown, request: unknown): Promise<unknown> {
    const subject = subjectOf(target);
    const body = isEnvelope(request) ? request.body : request;
    this.calls.push({ subject, body, request });
    const answer = this.#answers.get(subject);
    if (!answer) throw new Error(`FakeRpcClient: the test gave no answer for ${subject}`);
    return answer(body, request);
  }

  async request(target: unknown, request: unknown): Promise<RpcReply> {
    return { status: 200, body: await this.call(target, request) };
  }
}

function subjectOf(target: unknown): string {
  if (typeof target === 'string') return target;
  const named = target as { subject?: unknown; pattern?: unknown } | null;
  const subject = named?.subject ?? named?.pattern;
  if (typeof subject !== 'string') throw new Error('FakeRpcClient: a call names no subject');
  return subject;
}

function isEnvelope(value: unknown): value is { body: unknown } {
  return typeof value === 'object' && value !== null && 'body' in value && 'auth' in value;
}

/** An API key's authentication over two workspaces (`ws_1` One, `ws_2` Two), read and write, with no user. */
export function testAuth(fields: Partial<AuthContext> = {}): AuthContext {
  return {
    principal: 'key_1',
    credentialType: 'api_key',
    workspaceIds: ['ws_1', 'ws_2'],
    workspaces: [
      { id: 'ws_1', name: 'One' },
      { id: 'ws_2', name: 'Two' },
    ],
    scopes: ['platica:read', 'platica:write'],
    userId: null,
    userEmail: null,
    ...fields,
  } as AuthContext;
}

/** The DomainError a call was refused with; anything else (an answer, another error) fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

/**
 * Freezes `Date` (and `Date.now`) at `at` for the current test, timers left real; move it with
 * `jest.setSystemTime`. Undo with `jest.useRealTimers()` (an afterEach).
 */
export function freezeTime(at: string | Date): Date {
  const now = new Date(at);
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  return now;
}

export { eventually } from './wait';
