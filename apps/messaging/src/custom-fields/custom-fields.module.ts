import { Module } from '@nestjs/common';
import { CustomFieldRepository } from './custom-field.repository';

@Module({ providers: [CustomFieldRepository], exports: [CustomFieldRepository] })
export class CustomFieldsModule {}
