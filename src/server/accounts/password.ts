import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum (m=19 MiB, t=2, p=1): ~30 ms a hash on a 2-core machine (decision 048).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown address answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword("kura-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}
