import { Module } from '@nestjs/common';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { ClientRepository } from './client.repository';
import { ClientsController } from './clients.controller';

/** `GET /v1/clients/{id}`, `PATCH /v1/clients/{id}`, and the clients other features resolve. */
@Module({
  imports: [CustomFieldsModule],
  controllers: [ClientsController],
  providers: [ClientRepository],
  exports: [ClientRepository],
})
export class ClientsModule {}
