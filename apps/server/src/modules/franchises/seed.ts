import { and, eq } from 'drizzle-orm';
import { businessYear } from '@fp/contract';
import type { Services } from '../../services.js';
import { generateNumberSeries } from '../number-series/service.js';
import { franchises, locations } from './schema.js';

type Store = {
  location_code: string;
  name: string;
  address: string;
  district_code: string;
  district_name: string;
  city: string;
  phone_no: string;
};
type Demo = { franchise: typeof franchises.$inferInsert; stores: Store[] };

/** Head office and the three demo franchises the demo users belong to (seed/demo.ts DEMO_STORES). */
function demoFranchises(s: Services): Demo[] {
  const vendor = { vendor_no: s.config.defaultVendorNo, vendor_name: s.config.defaultVendorName };
  const dims = (region: string) => ({
    header_campaign: 'CORE',
    header_costcenter: `CC-${region}`,
    header_channel: 'RETAIL',
    header_department: 'SALES',
    header_factory: 'FAC-01',
    line_campaign: 'CORE',
    line_costcenter: `CC-${region}`,
    line_gen_bus_posting_group: 'DOMESTIC',
  });
  return [
    {
      franchise: {
        customer_no: 'HO',
        name: 'Trụ sở chính — Head Office Trading Co., Ltd.',
        address: 'Tầng 8, 72 Lê Thánh Tôn, Phường Bến Nghé',
        district_code: '760',
        district_name: 'Quận 1',
        city: 'TP. Hồ Chí Minh',
        post_code: '79',
        region_code: 'SOUTH',
        phone_no: '0903100100',
        email: 'headoffice@demo.vn',
        contact: 'Trần Văn Hùng',
        ...vendor,
        buy_from_code: 'HO-WH',
        buy_from_address: 'Kho tổng, Lô C3 KCN Sóng Thần 2, Dĩ An, Bình Dương',
        ...dims('HO'),
        batch_name: 'HO-GEN',
      },
      stores: [
        {
          location_code: 'HO-WH',
          name: 'Kho tổng Sóng Thần',
          address: 'Lô C3 KCN Sóng Thần 2, Phường Dĩ An',
          district_code: '724',
          district_name: 'TP. Dĩ An',
          city: 'Bình Dương',
          phone_no: '0903100101',
        },
      ],
    },
    {
      franchise: {
        customer_no: 'HN001',
        name: 'Công ty TNHH Bán lẻ Thăng Long',
        address: '125 Phố Huế, Phường Ngô Thì Nhậm',
        district_code: '007',
        district_name: 'Quận Hai Bà Trưng',
        city: 'Hà Nội',
        post_code: '01',
        region_code: 'NORTH',
        phone_no: '0912001001',
        email: 'hn001@demo.vn',
        contact: 'Nguyễn Thị Lan',
        tp_no: 'TP-HN001',
        ss_no: 'SS-HN001',
        ...vendor,
        buy_from_code: 'HO-WH',
        buy_from_address: 'Kho tổng, Lô C3 KCN Sóng Thần 2, Dĩ An, Bình Dương',
        receipt_lead_time: 3,
        ...dims('HN'),
        batch_name: 'HN001-GEN',
        consignment_location_code: 'HN001-CS',
        consignment_warehouse_code: 'HO-WH',
        consignment_intransit_code: 'HN001-IT',
        // The store's bank account (issue 11): transfer and card receipts, VietQR (ACB BIN 970416).
        bank_account_code: 'ACB01-VND',
        bank_bin: '970416',
        bank_account_no: '88012026',
        bank_account_name: 'CONG TY TNHH BAN LE THANG LONG',
        // Cash at the counter needs an open shift (issue 17).
        cash_needs_open_shift: true,
      },
      stores: [
        {
          location_code: 'HN001-01',
          name: 'Cửa hàng Phố Huế',
          address: '125 Phố Huế, Phường Ngô Thì Nhậm',
          district_code: '007',
          district_name: 'Quận Hai Bà Trưng',
          city: 'Hà Nội',
          phone_no: '0912001011',
        },
        {
          location_code: 'HN001-02',
          name: 'Cửa hàng Cầu Giấy',
          address: '88 Trần Thái Tông, Phường Dịch Vọng Hậu',
          district_code: '005',
          district_name: 'Quận Cầu Giấy',
          city: 'Hà Nội',
          phone_no: '0912001012',
        },
      ],
    },
    {
      franchise: {
        customer_no: 'HCM001',
        name: 'Công ty TNHH Thương mại Sài Gòn Xanh',
        address: '210 Nguyễn Trãi, Phường Nguyễn Cư Trinh',
        district_code: '760',
        district_name: 'Quận 1',
        city: 'TP. Hồ Chí Minh',
        post_code: '79',
        region_code: 'SOUTH',
        phone_no: '0938002002',
        email: 'hcm001@demo.vn',
        contact: 'Lê Hoàng Nam',
        tp_no: 'TP-HCM001',
        ss_no: 'SS-HCM001',
        ...vendor,
        buy_from_code: 'HO-WH',
        buy_from_address: 'Kho tổng, Lô C3 KCN Sóng Thần 2, Dĩ An, Bình Dương',
        receipt_lead_time: 1,
        ...dims('HCM'),
        batch_name: 'HCM001-GEN',
        consignment_location_code: 'HCM001-CS',
        consignment_warehouse_code: 'HO-WH',
        consignment_intransit_code: 'HCM001-IT',
        // The store's bank account (issue 11): transfer and card receipts, VietQR (Vietcombank BIN 970436).
        bank_account_code: 'VCB01-VND',
        bank_bin: '970436',
        bank_account_no: '0071000923456',
        bank_account_name: 'CONG TY TNHH THUONG MAI SAI GON XANH',
        // Cash at the counter needs an open shift (issue 17).
        cash_needs_open_shift: true,
      },
      stores: [
        {
          location_code: 'HCM001-01',
          name: 'Cửa hàng Nguyễn Trãi',
          address: '210 Nguyễn Trãi, Phường Nguyễn Cư Trinh',
          district_code: '760',
          district_name: 'Quận 1',
          city: 'TP. Hồ Chí Minh',
          phone_no: '0938002021',
        },
        {
          location_code: 'HCM001-02',
          name: 'Cửa hàng Phú Mỹ Hưng',
          address: '15 Nguyễn Lương Bằng, Phường Tân Phú',
          district_code: '778',
          district_name: 'Quận 7',
          city: 'TP. Hồ Chí Minh',
          phone_no: '0938002022',
        },
      ],
    },
    {
      franchise: {
        customer_no: 'DN001',
        name: 'Công ty TNHH Phân phối Sông Hàn',
        address: '56 Lê Duẩn, Phường Hải Châu 1',
        district_code: '492',
        district_name: 'Quận Hải Châu',
        city: 'Đà Nẵng',
        post_code: '48',
        region_code: 'CENTRAL',
        phone_no: '0905003003',
        email: 'dn001@demo.vn',
        contact: 'Võ Thị Mai',
        tp_no: 'TP-DN001',
        ss_no: 'SS-DN001',
        ...vendor,
        buy_from_code: 'HO-WH',
        buy_from_address: 'Kho tổng, Lô C3 KCN Sóng Thần 2, Dĩ An, Bình Dương',
        receipt_lead_time: 2,
        ...dims('DN'),
        batch_name: 'DN001-GEN',
        consignment_location_code: 'DN001-CS',
        consignment_warehouse_code: 'HO-WH',
        consignment_intransit_code: 'DN001-IT',
        // The store's bank account (issue 11): transfer and card receipts, VietQR (Techcombank BIN 970407).
        bank_account_code: 'TCB01-VND',
        bank_bin: '970407',
        bank_account_no: '19036851234019',
        bank_account_name: 'CONG TY TNHH PHAN PHOI SONG HAN',
        // Cash at the counter needs an open shift (issue 17).
        cash_needs_open_shift: true,
      },
      stores: [
        {
          location_code: 'DN001-01',
          name: 'Cửa hàng Hải Châu',
          address: '56 Lê Duẩn, Phường Hải Châu 1',
          district_code: '492',
          district_name: 'Quận Hải Châu',
          city: 'Đà Nẵng',
          phone_no: '0905003031',
        },
      ],
    },
  ];
}

/** Demo franchises with their stores and this year's number series. */
export async function seedFranchises(s: Services) {
  const year = businessYear();
  for (const d of demoFranchises(s)) {
    await s.db.insert(franchises).values(d.franchise).onConflictDoNothing();
    // A demo database seeded before issue 11 gets the bank account too (only where none is set).
    if ('bank_bin' in d.franchise && d.franchise.bank_bin)
      await s.db
        .update(franchises)
        .set({
          bank_account_code: d.franchise.bank_account_code,
          bank_bin: d.franchise.bank_bin,
          bank_account_no: d.franchise.bank_account_no,
          bank_account_name: d.franchise.bank_account_name,
        })
        .where(and(eq(franchises.customer_no, d.franchise.customer_no), eq(franchises.bank_bin, '')));
    for (const store of d.stores)
      await s.db
        .insert(locations)
        .values({ ...store, customer_no: d.franchise.customer_no })
        .onConflictDoNothing();
    await generateNumberSeries(s.db, { franchiseCode: d.franchise.customer_no, year });
  }
}
