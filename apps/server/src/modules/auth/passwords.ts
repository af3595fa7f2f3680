import argon2 from 'argon2';

// Tests hash thousands of times; production uses argon2id's recommended cost.
const options = process.env.NODE_ENV === 'test' ? { timeCost: 2, memoryCost: 1024, parallelism: 1 } : {};

export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id, ...options });

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
