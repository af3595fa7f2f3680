import { eq, inArray, sql } from 'drizzle-orm';
import type { Services } from '../../services.js';
import { systemAuth, type Auth } from '../../http/context.js';
import { franchises, locations } from '../franchises/schema.js';
import { ensureAddressUnits, createShippingAgentService } from '../addresses/service.js';
import { earnRedeemablePoints, ensureLoyaltySchemes, postRankingPoints } from '../loyalty/service.js';
import { createTemporaryCustomer } from './service.js';
import { createShipToAddress } from './ship-to.js';
import { createCustomerSetup } from './setups.js';
import { customers } from './schema.js';

const seeder: Auth = systemAuth('demo-seed');

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Thu', 'Quốc', 'Ngọc', 'Thanh', 'Đức', 'Hải', 'Bảo'];
const GIVEN = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Giang',
  'Hà',
  'Hạnh',
  'Hiếu',
  'Hòa',
  'Hùng',
  'Khoa',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nga',
  'Phúc',
  'Quân',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
  'Yến',
];
const STREETS: Record<string, string[]> = {
  '01': ['Phố Huế', 'Hàng Bài', 'Kim Mã', 'Láng Hạ', 'Xuân Thủy', 'Giải Phóng', 'Nguyễn Trãi', 'Trần Duy Hưng'],
  '79': [
    'Nguyễn Trãi',
    'Lê Lợi',
    'Cách Mạng Tháng Tám',
    'Điện Biên Phủ',
    'Nguyễn Văn Linh',
    'Võ Văn Tần',
    'Phan Xích Long',
  ],
  '48': ['Bạch Đằng', 'Nguyễn Văn Linh', 'Lê Duẩn', 'Hùng Vương', 'Trần Phú', 'Ngô Quyền', 'Võ Nguyên Giáp'],
};
const DISTRICTS: Record<string, string[]> = {
  '01': ['001', '002', '005', '006', '007', '008', '009', '019'],
  '79': ['760', '761', '764', '765', '767', '770', '771', '778'],
  '48': ['490', '491', '492', '493', '494', '495'],
};
const PROVINCE: Record<string, string> = { HN001: '01', HCM001: '79', DN001: '48' };
const PHONE_PREFIX: Record<string, string> = { HN001: '091', HCM001: '093', DN001: '090' };

const SETUPS = [
  { name: 'Khách lẻ tại cửa hàng', prefix: 'KH', channel: 'STEP IN STORE' },
  { name: 'Khách Facebook', prefix: 'FB', channel: 'FACEBOOK STORE' },
  { name: 'Khách Zalo', prefix: 'ZL', channel: 'ZALO STORE' },
  { name: 'Khách mua online', prefix: 'WEB', channel: 'WEBSITE' },
];

const SERVICES = [
  { shipping_agent_code: 'GHN', code: 'STANDARD', description: 'GHN Chuẩn (2–3 ngày)' },
  { shipping_agent_code: 'GHN', code: 'EXPRESS', description: 'GHN Nhanh (trong ngày nội thành)' },
  { shipping_agent_code: 'GHTK', code: 'ROAD', description: 'GHTK Đường bộ' },
  { shipping_agent_code: 'GHTK', code: 'XTEAM', description: 'GHTK Xteam giao 2 giờ', post_code: '01' },
  { shipping_agent_code: 'VTP', code: 'VCN', description: 'Viettel Post Chuyển phát nhanh' },
  { shipping_agent_code: 'VTP', code: 'VTK', description: 'Viettel Post Tiết kiệm' },
  { shipping_agent_code: 'STORE', code: 'INNER-HCM', description: 'Cửa hàng tự giao nội thành HCM', post_code: '79' },
];

/** Demo data: customer setups, carrier services, and about thirty customers per demo franchise with addresses and points. */
export async function seedDemoCustomers(s: Services) {
  const { db } = s;
  await ensureAddressUnits(db);
  await ensureLoyaltySchemes(db);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  if (n > 0) return;
  for (const setup of SETUPS) await createCustomerSetup(db, setup);
  for (const svc of SERVICES) await createShippingAgentService(db, { post_code: '', district_code: '', ...svc });

  const present = await db
    .select({ code: franchises.customer_no })
    .from(franchises)
    .where(inArray(franchises.customer_no, Object.keys(PROVINCE)));
  let seq = 0;
  for (const { code: franchise } of present) {
    const province = PROVINCE[franchise];
    const stores = await db
      .select({ code: locations.location_code })
      .from(locations)
      .where(eq(locations.customer_no, franchise));
    const made: { customer_no: string; referral_code: string }[] = [];
    // One transaction per franchise: its thirty customers, addresses and points.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        seq++;
        const district = DISTRICTS[province][i % DISTRICTS[province].length];
        const street = STREETS[province][i % STREETS[province].length];
        const setup = SETUPS[i % 7 === 3 ? 1 : i % 7 === 5 ? 2 : i % 11 === 4 ? 3 : 0];
        const name = `${FAMILY[(seq * 7) % FAMILY.length]} ${MIDDLE[(seq * 3) % MIDDLE.length]} ${GIVEN[(seq * 5) % GIVEN.length]}`;
        const month = ((seq * 5) % 12) + 1;
        const c = await createTemporaryCustomer(tx, seeder, {
          franchise_code: franchise,
          location_code: stores.length ? stores[i % stores.length].code : '',
          name,
          phone_no: `${PHONE_PREFIX[franchise]}${String(1_000_000 + seq * 7_321).slice(-7)}`,
          email: i % 3 === 0 ? `khach${seq}@example.vn` : '',
          address: `${10 + ((seq * 13) % 190)} ${street}`,
          address_2: '',
          post_code: province,
          district_code: district,
          birth_date:
            i % 4 === 0
              ? '0001-01-01'
              : `${1970 + ((seq * 3) % 35)}-${String(month).padStart(2, '0')}-${String(1 + ((seq * 7) % 28)).padStart(2, '0')}`,
          prefix: setup.prefix,
          referred_by_code: i > 5 && i % 6 === 0 ? made[i - 6].referral_code : '',
          country_region_code: 'VNM',
        });
        made.push(c);
        const row = (await tx.select().from(customers).where(eq(customers.customer_no, c.customer_no)))[0];
        if (i % 2 === 0) {
          await createShipToAddress(tx, seeder, {
            customer_no: c.customer_no,
            code: '',
            name: i % 4 === 0 ? 'Văn phòng' : 'Nhà riêng',
            name_2: '',
            address: `${5 + ((seq * 17) % 120)} ${STREETS[province][(i + 3) % STREETS[province].length]}`,
            address_2: '',
            post_code: province,
            district_code: DISTRICTS[province][(i + 2) % DISTRICTS[province].length],
            contact: name,
            phone_no: c.phone_no,
          });
        }
        if (i % 3 !== 2) {
          const points = String(((seq * 37) % 40) * 25 + 50);
          await earnRedeemablePoints(tx, row, {
            points,
            pos_so_no: `DEMO-${franchise}-${String(i + 1).padStart(4, '0')}`,
            description: 'Tích điểm đơn hàng',
          });
          await postRankingPoints(tx, {
            customer_no: c.customer_no,
            franchise_code: franchise,
            pos_so_no: `DEMO-${franchise}-${String(i + 1).padStart(4, '0')}`,
            points: String(((seq * 53) % 24) * 1_000),
          });
        }
      }
    });
  }
}
