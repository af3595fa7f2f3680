import { inArray } from 'drizzle-orm';
import type { Services } from '../services.js';
import { roles, users } from '../modules/auth/schema.js';
import { pagePermissions, pagePermissionUsers } from '../modules/access/schema.js';
import { cancelReasons } from '../modules/cancel-reasons/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { seedDemoDocuments } from '../modules/item-documents/demo.js';
import { seedDemoCustomers } from '../modules/customers/demo.js';
import { seedFranchises } from '../modules/franchises/seed.js';
import { seedCatalogue } from '../modules/items/demo.js';
import { seedDemoDevices } from '../modules/devices/demo.js';
import { seedDemoSales } from '../modules/sales/demo.js';
import { seedDemoPurchases } from '../modules/purchasing/demo.js';
import { seedDemoWarehouse } from '../modules/warehouse/demo.js';
import { grantDemoCashierLimits } from '../modules/access/demo.js';
import { seedDemoConsignment } from '../modules/consignment/demo.js';
import { demoGrantsOf } from './demo-access.js';

/** Demo stores (franchise customer_no) and their users; the README lists these passwords. */
export const DEMO_STORES = ['HN001', 'HCM001', 'DN001'] as const;
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_USERS = [
  { username: 'headoffice', firstname: 'Trần', lastname: 'Văn Hùng', role: 'Head Office', customer_no: null },
  { username: 'hanoi.manager', firstname: 'Nguyễn', lastname: 'Thị Lan', role: 'Store Manager', customer_no: 'HN001' },
  { username: 'hanoi.staff', firstname: 'Phạm', lastname: 'Minh Tuấn', role: 'Store Staff', customer_no: 'HN001' },
  { username: 'saigon.manager', firstname: 'Lê', lastname: 'Hoàng Nam', role: 'Store Manager', customer_no: 'HCM001' },
  { username: 'danang.manager', firstname: 'Võ', lastname: 'Thị Mai', role: 'Store Manager', customer_no: 'DN001' },
] as const;

async function seedUsersAndPermissions(s: Services) {
  const { db } = s;
  const roleRows = await db.select().from(roles);
  const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await db
      .insert(users)
      .values({
        username: u.username,
        password_hash: hash,
        firstname: u.firstname,
        lastname: u.lastname,
        role_id: roleId(u.role),
        customer_no: u.customer_no,
        email: `${u.username}@demo.vn`,
      })
      .onConflictDoNothing();
  }
  const perms = [
    { name: 'Head Office', permission_type: 'edit' as const, pages: demoGrantsOf('headOffice'), who: ['headoffice'] },
    {
      name: 'Store Manager',
      permission_type: 'edit' as const,
      pages: demoGrantsOf('manager'),
      who: ['hanoi.manager', 'saigon.manager', 'danang.manager'],
    },
    { name: 'Store Staff', permission_type: 'view' as const, pages: demoGrantsOf('staff'), who: ['hanoi.staff'] },
  ];
  for (const p of perms) {
    const [row] = await db
      .insert(pagePermissions)
      .values({ name: p.name, permission_type: p.permission_type, pages: p.pages })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    const members = await db.select({ id: users.user_id }).from(users).where(inArray(users.username, p.who));
    if (members.length)
      await db
        .insert(pagePermissionUsers)
        .values(members.map((m) => ({ page_permission_id: row.id, admin_user_id: m.id })))
        .onConflictDoNothing();
  }
}

async function seedCancelReasons(s: Services) {
  const reasons = [
    ['CUST_CHANGE', 'Khách hàng đổi ý', '/salesOrders'],
    ['OUT_OF_STOCK', 'Hết hàng', '/salesOrders'],
    ['WRONG_PRICE', 'Sai giá', '/salesOrders'],
    ['QUOTE_EXPIRED', 'Báo giá hết hạn', '/salesQuotes'],
    ['VENDOR_DELAY', 'Nhà cung cấp giao trễ', '/purchasesOrders'],
    ['DUPLICATE', 'Đơn đặt trùng', '/purchasesOrders'],
    ['STORE_REFUSED', 'Cửa hàng từ chối nhận', '/consignmentIssue'],
  ] as const;
  for (const [reason_code, description, page] of reasons) {
    await s.db.insert(cancelReasons).values({ reason_code, description, page }).onConflictDoNothing();
  }
}

/** Demo data loaders, run once on an empty database unless SEED_DEMO=false; modules add theirs here. */
export const demoSeeds: ((s: Services) => Promise<void>)[] = [
  seedUsersAndPermissions,
  seedCancelReasons,
  seedFranchises,
  seedDemoDevices,
  seedCatalogue,
  seedDemoCustomers,
  seedDemoDocuments,
  seedDemoSales,
  seedDemoPurchases,
  seedDemoWarehouse,
  grantDemoCashierLimits,
  seedDemoConsignment,
];
