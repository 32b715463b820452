/** The server's notion of "now", replaceable in tests that need to move time (token expiry, TOTP steps). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
