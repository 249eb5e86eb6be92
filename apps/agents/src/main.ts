import { runService } from '@platica/platform';
import { agentsDatabase } from './database';
import { AgentsModule } from './agents.module';

void runService({ name: 'agents', defaultPort: 8083, rootModule: AgentsModule, database: agentsDatabase });
