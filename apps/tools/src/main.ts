import { runService } from '@platica/platform';
import { toolsConfigSchema } from './config/tools.config';
import { toolsDatabase } from './database';
import { ToolsModule } from './tools.module';

void runService({ name: 'tools', defaultPort: 8084, rootModule: ToolsModule, database: toolsDatabase, configSchema: toolsConfigSchema });
