import { ServiceError } from '@temporalio/client';
import { unavailableDependency } from './unavailable-dependency';

/** Errors shaped as the clients throw them (captured against dead ports on this machine). */
describe('unavailableDependency', () => {
  const env = {
    DATABASE_URL: 'postgres://postgres@db.internal:6543/platica',
    REDIS_URL: 'redis://127.0.0.1:6379',
    TEMPORAL_ADDRESS: 'temporal:7233',
  };
  const socketError = (code: string, address: string) => Object.assign(new Error(`connect ${code} ${address}`), { code });
  const grpcError = (code: number) =>
    Object.assign(new Error(`${code} UNAVAILABLE: tcp connect error`), { code, details: 'tcp connect error', metadata: {} });

  it('names Temporal for a gRPC UNAVAILABLE or DEADLINE_EXCEEDED, also as the cause of the client’s ServiceError', () => {
    expect(unavailableDependency(new ServiceError('Failed to start Workflow', { cause: grpcError(14) }), env)).toBe('temporal');
    expect(unavailableDependency(grpcError(4), env)).toBe('temporal');
    expect(unavailableDependency(grpcError(3), env)).toBeNull(); // INVALID_ARGUMENT: a bug, not an outage
  });

  it('names Redis for ioredis’ MaxRetriesPerRequestError, a command refused offline, a closed connection, a timeout', () => {
    const error = new Error('Reached the max retries per request limit (which is 1).');
    error.name = 'MaxRetriesPerRequestError';
    expect(unavailableDependency(error, env)).toBe('redis');
    expect(unavailableDependency(new Error("Stream isn't writeable and enableOfflineQueue options is false"), env)).toBe('redis');
    expect(unavailableDependency(new Error('Connection is closed.'), env)).toBe('redis');
    expect(unavailableDependency(new Error('Command timed out'), env)).toBe('redis');
    // Redis answered: an error of the command (a script's bug), not an outage.
    expect(unavailableDependency(new Error('ERR Error running script'), env)).toBeNull();
  });

  it('names the database for PostgreSQL’s connection codes and node-postgres’ lost connections', () => {
    expect(
      unavailableDependency(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), env),
    ).toBe('database');
    expect(unavailableDependency(new Error('Connection terminated unexpectedly'), env)).toBe('database');
  });

  // As MikroORM throws them: a DriverException carrying PostgreSQL's code, the driver's error as its cause.
  const driverException = (code: string, message: string) => {
    const cause = Object.assign(new Error(message), { code, severity: 'FATAL' });
    return Object.assign(new Error(message, { cause }), { name: 'DriverException', code, sqlState: code });
  };

  it.each([
    ['53300', 'sorry, too many clients already'],
    ['25006', 'cannot execute INSERT in a read-only transaction'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
  ])('names the database for PostgreSQL’s %s (%s), thrown by MikroORM or by the driver', (code, message) => {
    expect(unavailableDependency(driverException(code, message), env)).toBe('database');
    expect(unavailableDependency(Object.assign(new Error(message), { code }), env)).toBe('database');
  });

  it('names the database for a connection MikroORM lost mid-query, which names no address (bench/faults)', () => {
    expect(unavailableDependency(driverException('ECONNRESET', 'read ECONNRESET'), env)).toBe('database');
    expect(unavailableDependency(socketError('ECONNRESET', ''), env)).toBeNull();
  });

  it('names the database for the pool’s acquisition time-out and a refused connection to its port', () => {
    expect(unavailableDependency(new Error('timeout exceeded when trying to connect'), env)).toBe('database');
    expect(unavailableDependency(new AggregateError([socketError('ECONNREFUSED', '127.0.0.1:6543')]), env)).toBe('database');
    // Errors of the statement itself are bugs or conflicts, never an outage.
    for (const code of ['23505', '40001', '42P01', '22P02', '57014']) {
      expect(unavailableDependency(driverException(code, 'statement error'), env)).toBeNull();
    }
    expect(unavailableDependency(Object.assign(new Error('duplicate key'), { code: '23505' }), env)).toBeNull();
  });

  it('attributes a socket error by the address it names, and no other', () => {
    expect(unavailableDependency(socketError('ECONNREFUSED', '10.0.0.5:6543'), env)).toBe('database');
    expect(unavailableDependency(socketError('ECONNRESET', '127.0.0.1:6379'), env)).toBe('redis');
    expect(unavailableDependency(new AggregateError([socketError('ECONNREFUSED', '::1:7233')]), env)).toBe('temporal');
    // A customer's API on another port is the upstream's failure, not ours.
    expect(unavailableDependency(socketError('ECONNREFUSED', '203.0.113.9:443'), env)).toBeNull();
    expect(unavailableDependency(new Error('something else'), env)).toBeNull();
  });
});
