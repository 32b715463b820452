import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library defaults (19 MiB, 2 passes), per the OWASP recommendation.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of a real verification when the username is unknown, so timing does not reveal which part failed. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash('a password nobody has');
  await verifyPassword(await dummyHash, password);
}

/** How sign-in checks a password; replaceable so that tests can count the checks. */
export interface PasswordVerifier {
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** The time of a check without an account behind it. */
  verifyAgainstDummy(password: string): Promise<void>;
}

export const argon2PasswordVerifier: PasswordVerifier = { verify: verifyPassword, verifyAgainstDummy };
