import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pageStructureOf, pages } from '@fp/contract';
import type { Services } from '../services.js';
import { roles, users } from '../modules/auth/schema.js';
import { pageStructures } from '../modules/access/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { demoSeeds } from './demo.js';
import { seedDemoHistory } from './history.js';

export const ROLE_NAMES = ['Administrators', 'Head Office', 'Store Manager', 'Store Staff'] as const;

/** Runs at every start: roles, the first admin, and the page structure of every screen the web app has. */
export async function seedBase(s: Services): Promise<{ adminPassword?: string }> {
  const { db } = s;
  for (const name of ROLE_NAMES) {
    await db.insert(roles).values({ name, description: roleDescriptions[name] }).onConflictDoNothing();
  }
  // Register page structures from the code; an admin's edits to buttons/fields/filters are kept.
  for (const pg of pages) {
    await db
      .insert(pageStructures)
      .values({ page_url: pg.url, page_name: pg.name, ...pageStructureOf(pg.url) })
      .onConflictDoNothing();
  }
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return {};
  const [admin] = await db.select().from(roles).where(eq(roles.name, 'Administrators'));
  const generated = s.config.adminPassword ? undefined : randomBytes(9).toString('base64url') + '7a';
  await db.insert(users).values({
    username: 'admin',
    password_hash: await hashPassword(s.config.adminPassword ?? generated!),
    firstname: 'System',
    lastname: 'Administrator',
    role_id: admin.id,
  });
  if (s.config.seedDemo) {
    for (const seed of demoSeeds) await seed(s);
    // Five weeks of trade through the postings, after every module's own demo records (history.ts).
    await seedDemoHistory(s);
  }
  return { adminPassword: generated };
}

const roleDescriptions: Record<(typeof ROLE_NAMES)[number], string> = {
  Administrators: 'Full access; uses the ADMIN_PRINTER device',
  'Head Office': 'Head office staff: franchises, catalogue, prices, reports',
  'Store Manager': 'Runs one store: sales, purchasing, payments, store users',
  'Store Staff': 'Sells and takes payments at the counter',
};
