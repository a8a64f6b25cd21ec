import { createHmac } from 'node:crypto';

/** The Switchyard-Signature header of `body` sent at `unixSeconds`: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
