import { Injectable } from '@nestjs/common';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { SecretBox } from '@platica/platform';
import { MessagingConfigService } from '../config/messaging.config';
import type { SealedChannelSecrets } from './channel.entity';

export interface ChannelSecrets {
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** Seals and opens channel secrets with PLATICA_ENCRYPTION_KEY (ARCHITECTURE.md: secrets encrypted at rest). */
@Injectable()
export class ChannelSecretBox {
  private readonly box: SecretBox | null;

  constructor(config: MessagingConfigService) {
    const key = config.values.PLATICA_ENCRYPTION_KEY;
    this.box = key ? new SecretBox(key) : null;
  }

  seal(secrets: ChannelSecrets): SealedChannelSecrets {
    const box = this.require();
    return {
      accessToken: box.seal(secrets.accessToken),
      appSecret: box.seal(secrets.appSecret),
      verifyToken: box.seal(secrets.verifyToken),
    };
  }

  open(sealed: SealedChannelSecrets): ChannelSecrets {
    const box = this.require();
    return { accessToken: box.open(sealed.accessToken), appSecret: box.open(sealed.appSecret), verifyToken: box.open(sealed.verifyToken) };
  }

  private require(): SecretBox {
    if (!this.box) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.EncryptionKeyMissing,
        'Channel secrets cannot be stored or read: PLATICA_ENCRYPTION_KEY is not set',
        {
          variable: 'PLATICA_ENCRYPTION_KEY',
        },
      );
    }
    return this.box;
  }
}
