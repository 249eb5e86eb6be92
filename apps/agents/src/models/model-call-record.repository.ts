import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';
import { ModelCallRecord } from './model-call-record.entity';

/** Model calls made outside turns (agents.model_call_record), written one try at a time. */
@Injectable()
export class ModelCallRecordRepository {
  constructor(private readonly db: Database) {}

  async add(record: ModelCallRecord): Promise<void> {
    const em = this.db.em();
    em.create(ModelCallRecord, record);
    await em.flush();
  }
}
