import { RpcClient, runService } from '@platica/platform';
import { AdminController } from './admin/admin.controller';
import { ConsoleBff } from './console/console-bff';
import { gatewayConfigSchema } from './config/gateway.config';
import { gatewayDatabase } from './database';
import { EventStreamEndpoint } from './events/event-stream.endpoint';
import { GatewayModule } from './gateway.module';
import { HttpMetrics } from './metrics/http-metrics';
import { McpEndpoint } from './mcp/mcp-endpoint';
import { MediaEndpoint } from './media/media.endpoint';
import { gatewayHttpOptions } from './routes/http-server-options';
import { installInputGuard } from './routes/input-guard';
import { controllerMethods, registerMethodsNotAllowed } from './routes/method-not-allowed';
import { RoutePipeline } from './routes/route-pipeline';

void runService({
  name: 'gateway',
  defaultPort: 8080,
  rootModule: GatewayModule,
  database: gatewayDatabase,
  configSchema: gatewayConfigSchema,
  httpOptions: gatewayHttpOptions(),
  beforeListen: async (app) => {
    // Initialised first so that Nest's body parsers are in place for the input guard to replace.
    await app.init();
    const fastify = app.getHttpAdapter().getInstance();
    app.get(HttpMetrics).instrument(fastify);
    installInputGuard(fastify, app.get(RpcClient).maxPayloadBytes);
    app.get(RoutePipeline).register(fastify);
    registerMethodsNotAllowed(fastify, controllerMethods(AdminController));
    app.get(McpEndpoint).register(fastify);
    app.get(EventStreamEndpoint).register(fastify);
    app.get(MediaEndpoint).register(fastify);
    app.get(ConsoleBff).register(fastify);
  },
});
