import { asc, inArray } from 'drizzle-orm';
import { formatNumber } from '@fp/contract';
import type { Services } from '../../services.js';
import { items, itemVariants } from '../items/schema.js';
import { itemDocuments } from './schema.js';
import { uploadItemDocument } from './service.js';

/** Demo documents: a spec sheet and a price sheet for a few catalogue items, written from the catalogue itself. */
export async function seedDemoDocuments(s: Services): Promise<void> {
  // Only into the local folder: a demo must never write into a real SharePoint site.
  if ((await s.drive.tokenInfo()).mode !== 'local') return;
  if ((await s.db.select({ id: itemDocuments.id }).from(itemDocuments).limit(1)).length) return;
  const picked = await s.db.select().from(items).orderBy(asc(items.item_no)).limit(5);
  const variants = picked.length
    ? await s.db
        .select()
        .from(itemVariants)
        .where(
          inArray(
            itemVariants.item_no,
            picked.map((i) => i.item_no),
          ),
        )
    : [];
  for (const item of picked) {
    const safe = item.item_no.replace(/[^A-Za-z0-9_-]/g, '_');
    const spec = [
      `Thông số sản phẩm / Specification`,
      `Mã hàng: ${item.item_no}`,
      `Tên hàng: ${item.description}`,
      `Đơn vị tính: ${item.base_unit_of_measure}`,
      `Giá niêm yết: ${formatNumber(item.unit_price)} VND`,
      '',
    ].join('\n');
    await uploadItemDocument(
      s,
      'admin',
      { item_no: item.item_no, variant_code: null, title: `Thông số ${item.description}`, document_type: 'spec_sheet' },
      {
        fileName: `thong-so-${safe}.txt`,
        contentType: 'text/plain',
        data: Buffer.from(spec, 'utf8'),
      },
    );
    const rows = [
      'item_no;variant_code;description;unit_price',
      `${item.item_no};;${item.description};${formatNumber(item.unit_price)}`,
      ...variants
        .filter((v) => v.item_no === item.item_no)
        .map(
          (v) => `${item.item_no};${v.variant_code};${v.description};${formatNumber(v.unit_price ?? item.unit_price)}`,
        ),
      '',
    ].join('\n');
    await uploadItemDocument(
      s,
      'admin',
      { item_no: item.item_no, variant_code: null, title: `Bảng giá ${item.item_no}`, document_type: 'price_sheet' },
      {
        fileName: `bang-gia-${safe}.csv`,
        contentType: 'text/csv',
        data: Buffer.from(rows, 'utf8'),
      },
    );
  }
}
