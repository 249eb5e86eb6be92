import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Database, UnitOfWork } from '../database/unit-of-work';
import { HealthController } from '../health/health.controller';
import { Readiness } from '../health/readiness';
import { RpcClient } from '../nats/rpc-client';
import type { BaseConfig } from '../config/config';

/** The service's validated configuration (the base variables every service shares). */
export class ServiceConfig {
  constructor(
    readonly values: BaseConfig,
    readonly service: string,
    readonly schema: string,
  ) {}
}

/** The service's own NATS connection (events, JetStream), apart from Nest's transport. */
export class NatsHandle {
  constructor(readonly connection: NatsConnection) {}
}

export interface PlatformInstances {
  config: ServiceConfig;
  database: Database;
  nats: NatsHandle;
  rpc: RpcClient;
  readiness: Readiness;
}

/** Makes what `runService` opened injectable in every module of the service. */
@Global()
@Module({})
export class PlatformModule {
  static forService(instances: PlatformInstances): DynamicModule {
    const providers = [
      { provide: ServiceConfig, useValue: instances.config },
      { provide: Database, useValue: instances.database },
      { provide: UnitOfWork, useValue: new UnitOfWork(instances.database) },
      { provide: NatsHandle, useValue: instances.nats },
      { provide: RpcClient, useValue: instances.rpc },
      { provide: Readiness, useValue: instances.readiness },
    ];
    return { module: PlatformModule, controllers: [HealthController], providers, exports: providers.map((p) => p.provide) };
  }
}
