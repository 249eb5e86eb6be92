import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@platica/errors';
import { SecretBox } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';
import type { Secrets } from './custom-api-definition';

/** Seals and opens a custom API's write-only values with PLATICA_ENCRYPTION_KEY (secrets encrypted at rest). */
@Injectable()
export class CustomApiSecrets {
  private readonly box: SecretBox | null;

  constructor(config: ToolsConfigService) {
    const key = config.values.PLATICA_ENCRYPTION_KEY;
    this.box = key ? new SecretBox(key) : null;
  }

  seal(secrets: Secrets): string {
    return this.require().seal(JSON.stringify(secrets));
  }

  open(sealed: string): Secrets {
    return JSON.parse(this.require().open(sealed)) as Secrets;
  }

  private require(): SecretBox {
    if (!this.box) {
      throw new DomainError(ErrorCode.Unprocessable, 'Custom API credentials cannot be stored or read: PLATICA_ENCRYPTION_KEY is not set', {
        variable: 'PLATICA_ENCRYPTION_KEY',
      });
    }
    return this.box;
  }
}
