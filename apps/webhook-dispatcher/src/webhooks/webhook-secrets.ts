import { Injectable } from '@nestjs/common';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { SecretBox } from '@platica/platform';
import { WebhookDispatcherConfigService } from '../config/webhook-dispatcher.config';

/** Seals and opens webhook secrets and custom header values with PLATICA_ENCRYPTION_KEY. */
@Injectable()
export class WebhookSecrets {
  private readonly box: SecretBox | null;

  constructor(config: WebhookDispatcherConfigService) {
    const key = config.values.PLATICA_ENCRYPTION_KEY;
    this.box = key ? new SecretBox(key) : null;
  }

  sealSecret(secret: string): string {
    return this.require().seal(secret);
  }

  openSecret(sealed: string): string {
    return this.require().open(sealed);
  }

  sealHeaders(headers: Record<string, string>): string {
    return this.require().seal(JSON.stringify(headers));
  }

  openHeaders(sealed: string): Record<string, string> {
    return JSON.parse(this.require().open(sealed)) as Record<string, string>;
  }

  private require(): SecretBox {
    if (!this.box) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.EncryptionKeyMissing,
        'Webhook secrets cannot be stored or read: PLATICA_ENCRYPTION_KEY is not set',
        {
          variable: 'PLATICA_ENCRYPTION_KEY',
        },
      );
    }
    return this.box;
  }
}
