import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../context/Clock.js';

/** What a signed download link lets its bearer fetch, and for whom it was made (for the audit row). */
export interface DownloadGrant {
  storageKey: string;
  /** The signed-in user the link was made for. */
  userId: number;
}

export type DownloadLinkCheck =
  { ok: true; grant: DownloadGrant } | { ok: false; reason: 'invalid' | 'expired' };

/** How long a download link works: long enough to start a download, short enough that a leaked link dies. */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

const KEY_BYTES = 32;
const PAYLOAD_BYTES = KEY_BYTES + 4 + 4;
// 128 bits of HMAC-SHA256 are plenty for a five-minute link and keep the URL short.
const SIGNATURE_BYTES = 16;

/**
 * Short-lived download links that work like presigned S3 URLs: `<payload>.<signature>` in base64url, where the
 * payload packs the storage key (32 bytes), the user id and the expiry (seconds), and the signature is HMAC-SHA256
 * with a key derived from the server's token secret (so a link can never pass for an access token, nor the
 * reverse). Binary packing keeps the token under the router's 100-character limit for a path parameter. The file's
 * name and type are not in the link: the download looks the key up, so a deleted document's link stops working.
 */
export function createDownloadLinks(options: { secret: string; clock: Clock; ttlSeconds?: number }) {
  const key = createHmac('sha256', options.secret).update('ewrt download links v1').digest();
  const ttlSeconds = options.ttlSeconds ?? DOWNLOAD_LINK_TTL_SECONDS;
  const signatureOf = (payload: Buffer) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
  const nowSeconds = () => Math.floor(options.clock().getTime() / 1000);

  return {
    /** The token for `grant`, valid for the link lifetime from now. */
    sign(grant: DownloadGrant): string {
      const storageKey = Buffer.from(grant.storageKey, 'base64url');
      if (storageKey.length !== KEY_BYTES || storageKey.toString('base64url') !== grant.storageKey) {
        throw new Error('Only keys made by newStorageKey() can be signed');
      }
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      storageKey.copy(payload, 0);
      payload.writeUInt32BE(grant.userId, KEY_BYTES);
      payload.writeUInt32BE(nowSeconds() + ttlSeconds, KEY_BYTES + 4);
      return `${payload.toString('base64url')}.${signatureOf(payload).toString('base64url')}`;
    },

    check(token: string): DownloadLinkCheck {
      const [encodedPayload, encodedSignature, ...rest] = token.split('.');
      if (!encodedPayload || !encodedSignature || rest.length > 0) return { ok: false, reason: 'invalid' };
      const payload = Buffer.from(encodedPayload, 'base64url');
      const signature = Buffer.from(encodedSignature, 'base64url');
      if (
        payload.length !== PAYLOAD_BYTES ||
        payload.toString('base64url') !== encodedPayload ||
        signature.length !== SIGNATURE_BYTES ||
        !timingSafeEqual(signature, signatureOf(payload))
      ) {
        return { ok: false, reason: 'invalid' };
      }
      if (nowSeconds() >= payload.readUInt32BE(KEY_BYTES + 4)) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        grant: {
          storageKey: payload.subarray(0, KEY_BYTES).toString('base64url'),
          userId: payload.readUInt32BE(KEY_BYTES),
        },
      };
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
