import { runService } from '@platica/platform';
import { chatDatabase } from './database';
import { ChatModule } from './chat.module';

void runService({ name: 'chat', defaultPort: 8082, rootModule: ChatModule, database: chatDatabase });
