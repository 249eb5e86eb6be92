import { runService } from '@platica/platform';
import { toolsDatabase } from './database';
import { ToolsModule } from './tools.module';

void runService({ name: 'tools', defaultPort: 8084, rootModule: ToolsModule, database: toolsDatabase });
