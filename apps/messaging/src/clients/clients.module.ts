import { Module } from '@nestjs/common';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { ClientRepository } from './client.repository';
import { ClientsController } from './clients.controller';
import { ClientsService } from './clients.service';
import { PageTokens } from '../paging/page-token';

/** `GET /v1/clients`, `GET /v1/clients/{id}`, `PATCH /v1/clients/{id}`, and the clients other features resolve. */
@Module({
  imports: [CustomFieldsModule],
  controllers: [ClientsController],
  providers: [ClientRepository, ClientsService, PageTokens],
  exports: [ClientRepository],
})
export class ClientsModule {}
