import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../../context/Clock.js';

export interface AccessTokenClaims {
  userId: number;
}

export interface TokenService {
  signAccessToken(userId: number): Promise<string>;
  /** The claims of a valid access token, or null for a bad, expired or foreign token. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims | null>;
}

const ISSUER = 'ewrt-server';
// Only access tokens are JWTs; the setup and temp tokens of sign-in are opaque and kept server-side.
const ACCESS_TOKEN_TYPE = 'access';

export function createTokenService(options: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
  return {
    async signAccessToken(userId) {
      const nowSeconds = Math.floor(options.clock().getTime() / 1000);
      return new SignJWT({ typ: ACCESS_TOKEN_TYPE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + options.ttlSeconds)
        .sign(key);
    },
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: options.clock(),
          requiredClaims: ['exp', 'sub'],
        });
        if (payload.typ !== ACCESS_TOKEN_TYPE) return null;
        const userId = Number(payload.sub);
        return Number.isInteger(userId) && userId > 0 ? { userId } : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
