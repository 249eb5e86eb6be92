import { runService } from '@platica/platform';
import { gatewayConfigSchema } from './config/gateway.config';
import { gatewayDatabase } from './database';
import { GatewayModule } from './gateway.module';
import { HttpMetrics } from './metrics/http-metrics';
import { McpEndpoint } from './mcp/mcp-endpoint';
import { RoutePipeline } from './routes/route-pipeline';

void runService({
  name: 'gateway',
  defaultPort: 8080,
  rootModule: GatewayModule,
  database: gatewayDatabase,
  configSchema: gatewayConfigSchema,
  beforeListen: (app) => {
    const fastify = app.getHttpAdapter().getInstance();
    app.get(HttpMetrics).instrument(fastify);
    app.get(RoutePipeline).register(fastify);
    app.get(McpEndpoint).register(fastify);
  },
});
