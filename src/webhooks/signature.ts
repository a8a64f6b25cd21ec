import { createHmac } from 'node:crypto';
import { sealingKey, type SealingKey } from '../lib/sealing.ts';

/** The Switchyard-Signature header of `body` sent at `unixSeconds`: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The key that seals subscriptions' secrets, from the service secret (APP_JWT_SECRET): one of its own purpose. */
export function webhookSecretKey(serviceSecret: string): SealingKey {
  return sealingKey(serviceSecret, 'switchyard/webhook-secrets');
}
