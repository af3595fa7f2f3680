import { eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { businessYear } from '@fp/contract';
import type { Services } from '../../services.js';
import { categories } from '../categories/schema.js';
import { itemPriceLists, itemPrices } from '../item-prices/schema.js';
import { franchiseItems, items, itemUnits, itemVariants } from './schema.js';

// Demo catalogue: realistic categories with Vietnamese names, a few hundred items in VND, two price lists
// (an all-franchise Tết promotion and a Hà Nội store list), pinned items, and each demo store's item list.

type Sub = {
  code: string;
  name: string;
  unit: string;
  box?: number;
  products: [string, number][];
  variants?: [string, string][];
};
const tree: { code: string; name: string; subs: Sub[] }[] = [
  {
    code: 'THUC-PHAM',
    name: 'Thực phẩm',
    subs: [
      {
        code: 'GIA-VI',
        name: 'Gia vị',
        unit: 'CHAI',
        box: 24,
        products: [
          ['Nước mắm Phú Quốc 40 độ đạm 500ml', 45000],
          ['Nước tương đậu nành 500ml', 22000],
          ['Dầu hào 350g', 28000],
          ['Hạt nêm thịt heo 400g', 36000],
          ['Tương ớt Sriracha 520g', 25000],
          ['Dầu ăn đậu nành 1L', 52000],
          ['Giấm gạo lên men 500ml', 12000],
          ['Muối tôm Tây Ninh 100g', 18000],
        ],
      },
      {
        code: 'MI-GAO',
        name: 'Mì, gạo, bún',
        unit: 'GOI',
        box: 30,
        products: [
          ['Mì tôm chua cay 75g', 4500],
          ['Phở bò ăn liền 65g', 9000],
          ['Gạo ST25 túi 5kg', 185000],
          ['Bún khô Bình Định 500g', 24000],
          ['Miến dong Phia Đén 300g', 32000],
          ['Hủ tiếu Nam Vang 70g', 9500],
          ['Gạo nếp cái hoa vàng 2kg', 78000],
          ['Bánh đa cua Hải Phòng 400g', 28000],
        ],
      },
      {
        code: 'DO-HOP',
        name: 'Đồ hộp',
        unit: 'HOP',
        box: 48,
        products: [
          ['Cá nục sốt cà 155g', 19000],
          ['Pate gan heo 170g', 26000],
          ['Thịt heo hầm 397g', 48000],
          ['Sữa đặc có đường 380g', 24000],
          ['Ngô ngọt đóng hộp 425g', 27000],
          ['Cá ngừ ngâm dầu 185g', 38000],
        ],
      },
      {
        code: 'BANH-KEO',
        name: 'Bánh kẹo',
        unit: 'GOI',
        box: 20,
        products: [
          ['Bánh quy bơ 340g', 69000],
          ['Kẹo dừa Bến Tre 250g', 35000],
          ['Bánh pía sầu riêng 400g', 72000],
          ['Socola sữa 100g', 42000],
          ['Bánh gạo nướng 150g', 23000],
          ['Mứt gừng 200g', 45000],
          ['Hạt điều rang muối 500g', 165000],
          ['Kẹo lạc Nghệ An 200g', 30000],
        ],
      },
    ],
  },
  {
    code: 'DO-UONG',
    name: 'Đồ uống',
    subs: [
      {
        code: 'CA-PHE',
        name: 'Cà phê',
        unit: 'GOI',
        box: 12,
        products: [
          ['Cà phê rang xay Buôn Ma Thuột 500g', 145000],
          ['Cà phê hòa tan 3in1 (20 gói)', 62000],
          ['Cà phê Robusta nguyên hạt 1kg', 260000],
          ['Cà phê Arabica Cầu Đất 250g', 175000],
          ['Cà phê phin giấy (10 gói)', 89000],
        ],
      },
      {
        code: 'TRA',
        name: 'Trà',
        unit: 'HOP',
        box: 24,
        products: [
          ['Trà xanh Thái Nguyên 200g', 120000],
          ['Trà ô long Lâm Đồng 250g', 210000],
          ['Trà sen Tây Hồ 100g', 380000],
          ['Trà atiso túi lọc (25 túi)', 45000],
          ['Trà gừng mật ong (20 gói)', 58000],
        ],
      },
      {
        code: 'NUOC-GIAI-KHAT',
        name: 'Nước giải khát',
        unit: 'CHAI',
        box: 24,
        products: [
          ['Nước suối 500ml', 5000],
          ['Nước ngọt có ga 330ml', 10000],
          ['Trà xanh đóng chai 455ml', 11000],
          ['Nước tăng lực 250ml', 12000],
          ['Nước dừa tươi đóng hộp 330ml', 18000],
          ['Sữa đậu nành 300ml', 9000],
          ['Nước cam ép 1L', 42000],
        ],
      },
      {
        code: 'SUA',
        name: 'Sữa',
        unit: 'HOP',
        box: 48,
        products: [
          ['Sữa tươi tiệt trùng 180ml', 8000],
          ['Sữa chua uống 110ml', 6500],
          ['Sữa tươi không đường 1L', 36000],
          ['Sữa hạt óc chó 180ml', 12000],
          ['Sữa bột trẻ em 900g', 465000],
        ],
      },
    ],
  },
  {
    code: 'HOA-MY-PHAM',
    name: 'Hóa mỹ phẩm',
    subs: [
      {
        code: 'CHAM-SOC-TOC',
        name: 'Chăm sóc tóc',
        unit: 'CHAI',
        box: 12,
        products: [
          ['Dầu gội bồ kết 650ml', 125000],
          ['Dầu xả dưỡng tóc 320ml', 98000],
          ['Dầu gội thảo dược 480ml', 115000],
          ['Tinh dầu bưởi kích mọc tóc 100ml', 150000],
        ],
      },
      {
        code: 'CHAM-SOC-DA',
        name: 'Chăm sóc da',
        unit: 'TUYP',
        box: 24,
        products: [
          ['Sữa rửa mặt nghệ 100g', 85000],
          ['Kem chống nắng SPF50 50ml', 189000],
          ['Sữa tắm hương sen 900ml', 159000],
          ['Kem dưỡng ẩm nha đam 50g', 95000],
          ['Mặt nạ tràm trà (5 miếng)', 75000],
        ],
      },
      {
        code: 'VE-SINH-NHA',
        name: 'Vệ sinh nhà cửa',
        unit: 'CHAI',
        box: 12,
        products: [
          ['Nước rửa chén chanh 750ml', 32000],
          ['Nước lau sàn hương quế 1L', 39000],
          ['Bột giặt 3kg', 145000],
          ['Nước giặt xả 3.2L', 189000],
          ['Nước tẩy rửa nhà tắm 900ml', 45000],
        ],
      },
    ],
  },
  {
    code: 'THOI-TRANG',
    name: 'Thời trang',
    subs: [
      {
        code: 'AO',
        name: 'Áo',
        unit: 'CAI',
        products: [
          ['Áo thun cotton cổ tròn', 149000],
          ['Áo sơ mi linen', 329000],
          ['Áo polo cá sấu', 259000],
          ['Áo khoác gió', 450000],
          ['Áo dài cách tân', 690000],
        ],
        variants: [
          ['S', 'Cỡ S'],
          ['M', 'Cỡ M'],
          ['L', 'Cỡ L'],
          ['XL', 'Cỡ XL'],
        ],
      },
      {
        code: 'QUAN',
        name: 'Quần',
        unit: 'CAI',
        products: [
          ['Quần jean ống suông', 399000],
          ['Quần kaki nam', 349000],
          ['Quần short thể thao', 179000],
          ['Quần tây công sở', 429000],
        ],
        variants: [
          ['29', 'Size 29'],
          ['30', 'Size 30'],
          ['31', 'Size 31'],
          ['32', 'Size 32'],
        ],
      },
      {
        code: 'PHU-KIEN',
        name: 'Phụ kiện',
        unit: 'CAI',
        products: [
          ['Nón lá Huế', 85000],
          ['Túi cói đi biển', 195000],
          ['Khăn lụa tơ tằm', 320000],
          ['Dép tổ ong', 45000],
          ['Ví da bò thật', 380000],
        ],
      },
    ],
  },
  {
    code: 'GIA-DUNG',
    name: 'Gia dụng',
    subs: [
      {
        code: 'NHA-BEP',
        name: 'Nhà bếp',
        unit: 'CAI',
        products: [
          ['Nồi cơm điện 1.8L', 890000],
          ['Chảo chống dính 26cm', 259000],
          ['Bộ dao inox 5 món', 320000],
          ['Ấm siêu tốc 1.7L', 349000],
          ['Thớt gỗ nghiến', 180000],
          ['Nồi áp suất 5L', 1250000],
        ],
      },
      {
        code: 'DIEN-GIA-DUNG',
        name: 'Điện gia dụng',
        unit: 'CAI',
        products: [
          ['Quạt đứng 5 cánh', 650000],
          ['Máy xay sinh tố 1.5L', 790000],
          ['Bàn ủi hơi nước', 450000],
          ['Đèn bàn LED chống cận', 299000],
          ['Nồi chiên không dầu 5L', 1690000],
        ],
      },
    ],
  },
];
// Brands/sizes multiply the products to a few hundred items.
const toThousand = (d: Decimal) => d.div(1000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).mul(1000).toFixed(2);
const lines: [string, Decimal.Value][] = [
  ['', 1],
  [' - Loại đặc biệt', 1.35],
  [' - Gói tiết kiệm', 0.85],
];

export async function seedCatalogue(s: Services) {
  const { db } = s;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(items);
  if (Number(n) > 0) return;
  await db.transaction(async (tx) => {
    let seq = 0;
    let catSort = 0;
    const itemNos: string[] = [];
    // The items, their variants and units are written in a few multi-row inserts (the demo seeds on every fresh start
    // and in tests).
    const itemRows: (typeof items.$inferInsert)[] = [];
    const variantRows: (typeof itemVariants.$inferInsert)[] = [];
    const unitRows: (typeof itemUnits.$inferInsert)[] = [];
    for (const cat of tree) {
      const [c] = await tx
        .insert(categories)
        .values({ code: cat.code, name: cat.name, sort: ++catSort * 10 })
        .returning({ id: categories.id });
      let subSort = 0;
      for (const sub of cat.subs) {
        const [sc] = await tx
          .insert(categories)
          .values({ code: sub.code, name: sub.name, parent_id: c.id, sort: ++subSort * 10 })
          .returning({ id: categories.id });
        for (const [name, price] of sub.products) {
          for (const [suffix, factor] of lines) {
            const itemNo = `SP${String(++seq).padStart(5, '0')}`;
            const unitPrice = toThousand(new Decimal(price).mul(factor));
            itemRows.push({
              item_no: itemNo,
              description: `${name}${suffix}`,
              base_unit_of_measure: sub.unit,
              unit_price: unitPrice,
              category_id: sc.id,
            });
            if (sub.variants)
              variantRows.push(
                ...sub.variants.map(([code, d]) => ({
                  item_no: itemNo,
                  variant_code: code,
                  description: d,
                  unit_price: code === 'XL' || code === '32' ? toThousand(new Decimal(unitPrice).mul(1.1)) : null,
                })),
              );
            if (sub.box) unitRows.push({ item_no: itemNo, code: 'THUNG', qty_per_unit_of_measure: String(sub.box) });
            itemNos.push(itemNo);
          }
        }
      }
    }
    for (let i = 0; i < itemRows.length; i += 500) await tx.insert(items).values(itemRows.slice(i, i + 500));
    for (let i = 0; i < variantRows.length; i += 500)
      await tx.insert(itemVariants).values(variantRows.slice(i, i + 500));
    for (let i = 0; i < unitRows.length; i += 500) await tx.insert(itemUnits).values(unitRows.slice(i, i + 500));
    // Each demo store lists every item; Hà Nội sells 5 % above list, Đà Nẵng 3 % below on drinks.
    for (const code of ['HN001', 'HCM001', 'DN001']) {
      await tx.execute(sql`
        insert into ${franchiseItems} (franchise_code, item_no, price_rate, sort)
        select ${code}, i.item_no, 1, row_number() over (order by i.item_no) from ${items} i
        where exists (select 1 from franchises f where f.customer_no = ${code}) on conflict do nothing`);
    }
    await tx.update(franchiseItems).set({ price_rate: '1.05' }).where(eq(franchiseItems.franchise_code, 'HN001'));
    await tx.execute(
      sql`update ${franchiseItems} set price_rate = 0.97 where franchise_code = 'DN001' and item_no in (select i.item_no from ${items} i join ${categories} c on c.id = i.category_id join ${categories} p on p.id = c.parent_id where p.code = 'DO-UONG')`,
    );

    const year = businessYear();
    await tx.insert(itemPriceLists).values([
      { code: 'KM-TET', name: `Khuyến mãi Tết ${year}`, description: 'Giá khuyến mãi cho mọi cửa hàng' },
      { code: 'HN-CUAHANG', name: 'Giá riêng cửa hàng Hà Nội', description: 'Giá niêm yết riêng của HN001' },
    ]);
    const promo = itemNos.filter((_, i) => i % 9 === 0).slice(0, 30);
    let sort = 0;
    for (const itemNo of promo) {
      const [it] = await tx
        .select({ price: items.unit_price, unit: items.base_unit_of_measure })
        .from(items)
        .where(eq(items.item_no, itemNo));
      const price = toThousand(new Decimal(it.price).mul(0.9));
      await tx.insert(itemPrices).values({
        price_list_code: 'KM-TET',
        item_no: itemNo,
        unit_of_measure: it.unit,
        unit_price: price,
        valid_from: `${year}-01-01`,
        valid_to: `${year}-12-31`,
        pinned: sort < 8,
        sort: ++sort,
      });
    }
    const hanoi = itemNos.filter((_, i) => i % 13 === 5).slice(0, 15);
    const hasHanoi = (await tx.execute(sql`select 1 from franchises where customer_no = 'HN001'`)) as unknown as {
      rows?: unknown[];
    };
    if ((hasHanoi.rows ?? (hasHanoi as unknown as unknown[])).length) {
      sort = 0;
      for (const itemNo of hanoi) {
        const [it] = await tx
          .select({ price: items.unit_price, unit: items.base_unit_of_measure })
          .from(items)
          .where(eq(items.item_no, itemNo));
        await tx.insert(itemPrices).values({
          price_list_code: 'HN-CUAHANG',
          item_no: itemNo,
          unit_of_measure: it.unit,
          franchise_code: 'HN001',
          unit_price: toThousand(new Decimal(it.price).mul(0.95)),
          valid_from: `${year}-01-01`,
          pinned: sort < 3,
          sort: ++sort,
        });
      }
    }
  });
}
