/** The SMS gateway this configuration names (SMS_PROVIDER, server/config.ts): the embedded one, or Twilio's. */
import type { Config } from '../config';
import type { Db } from '../db/index';
import { EmbeddedSmsGateway, type SmsGateway } from './gateway';
import { TwilioSmsGateway } from './twilio';

export function smsGatewayFor(config: Pick<Config, 'sms' | 'embeddedSmsDeliveryDelayMs'>, db: Db): SmsGateway {
  return config.sms.provider === 'twilio'
    ? new TwilioSmsGateway(db, config.sms.twilio)
    : new EmbeddedSmsGateway(db, { deliveryDelayMs: config.embeddedSmsDeliveryDelayMs });
}
