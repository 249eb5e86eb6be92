import { Module } from '@nestjs/common';
import { ServiceConfig } from '@platica/platform';
import { CatalogController } from './catalog/catalog.controller';
import { CatalogRepository } from './catalog/catalog.repository';
import { CatalogService } from './catalog/catalog.service';
import { ToolsConfigService, type ToolsConfig } from './config/tools.config';
import { CustomApiCaller } from './custom-apis/custom-api-caller';
import { CustomApiRepository } from './custom-apis/custom-api.repository';
import { CustomApiSecrets } from './custom-apis/custom-api-secrets';
import { CustomApisController } from './custom-apis/custom-apis.controller';
import { CustomApisService } from './custom-apis/custom-apis.service';
import { ToolRuntimeController } from './runtime/tool-runtime.controller';
import { ToolRuntimeService } from './runtime/tool-runtime.service';

/** The tool catalog, agents' tool connections and custom HTTP APIs (MCP servers: a later issue). */
@Module({
  controllers: [CustomApisController, CatalogController, ToolRuntimeController],
  providers: [
    // runService validated the environment with toolsConfigSchema.
    {
      provide: ToolsConfigService,
      useFactory: (config: ServiceConfig) => new ToolsConfigService(config.values as ToolsConfig),
      inject: [ServiceConfig],
    },
    CustomApiSecrets,
    CustomApiCaller,
    CustomApiRepository,
    CustomApisService,
    CatalogRepository,
    CatalogService,
    ToolRuntimeService,
  ],
})
export class ToolsModule {}
