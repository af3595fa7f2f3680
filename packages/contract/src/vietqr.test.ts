import { describe, expect, it } from 'vitest';
import { QRPay } from 'vietnam-qr-pay';
import { decodeVietQr, vietQrAmount, vietQrBankName, vietQrPayload, vietQrPurpose, vietQrQuery } from './vietqr.js';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written here so the library's own CRC is checked, not trusted. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMVCo TLV fields of a payload: id (2) + length (2) + value. */
function tlv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < text.length;) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    out[id] = text.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}

describe('vietQrBankName', () => {
  it("names the bank of a BIN from vietnam-qr-pay's list, the BIN itself when unknown", () => {
    expect(vietQrBankName('970416')).toBe('ACB – Ngân hàng TMCP Á Châu');
    expect(vietQrBankName('000000')).toBe('000000');
  });
});

describe('vietQrPurpose', () => {
  it('names the order after "TT"', () => {
    expect(vietQrPurpose('HN001-SO-26-000123')).toBe('TT HN001-SO-26-000123');
  });
  it('drops the prefix when the purpose would pass 25 characters, and marks and odd characters always', () => {
    expect(vietQrPurpose('HANOI00001-SO-26-000123')).toBe('HANOI00001-SO-26-000123');
    expect(vietQrPurpose('Đơn_1')).toBe('TT Don 1');
  });
});

describe('vietQrAmount', () => {
  it('is a whole number of dong', () => {
    expect(vietQrAmount('150000.00')).toBe('150000');
    expect(vietQrAmount('150000.49')).toBe('150000');
    expect(vietQrAmount('150000.5')).toBe('150001');
    expect(vietQrAmount(725000)).toBe('725000');
    expect(() => vietQrAmount('0.00')).toThrow();
    expect(() => vietQrAmount('-5')).toThrow();
  });
});

describe('vietQrPayload', () => {
  const payload = vietQrPayload({
    bin: '970416',
    accountNo: '257678859',
    amount: '150000.00',
    purpose: vietQrPurpose('HN001-SO-26-000123'),
  });

  it('decodes back with the same library to bin, account, amount and purpose', () => {
    const q = new QRPay(payload);
    expect(q.isValid).toBe(true);
    expect(q.provider.name).toBe('VIETQR');
    expect(q.consumer.bankBin).toBe('970416');
    expect(q.consumer.bankNumber).toBe('257678859');
    expect(q.amount).toBe('150000');
    expect(q.additionalData.purpose).toBe('TT HN001-SO-26-000123');
    expect(decodeVietQr(payload)).toEqual({
      bin: '970416',
      accountNo: '257678859',
      amount: '150000',
      purpose: 'TT HN001-SO-26-000123',
      crc: payload.slice(-4),
    });
  });

  it('is a NAPAS EMVCo dynamic QR in VND for Vietnam with a right CRC', () => {
    const f = tlv(payload);
    expect(f['00']).toBe('01'); // payload format indicator
    expect(f['01']).toBe('12'); // dynamic: carries the amount
    expect(f['38']).toContain('A000000727'); // NAPAS GUID
    expect(f['38']).toContain('QRIBFTTA'); // transfer to an account
    expect(f['53']).toBe('704'); // VND
    expect(f['54']).toBe('150000');
    expect(f['58']).toBe('VN');
    expect(tlv(f['62']!)['08']).toBe('TT HN001-SO-26-000123');
    // The CRC is the last field (63, length 04) over everything before its value.
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    // A changed amount no longer decodes (the CRC is checked).
    expect(decodeVietQr(payload.replace('5406150000', '5406190000'))).toBeNull();
  });

  it('refuses a bank BIN or account number that no bank app would accept', () => {
    expect(() => vietQrPayload({ bin: '97041', accountNo: '1', amount: '1', purpose: '' })).toThrow(/BIN/);
    expect(() => vietQrPayload({ bin: '970416', accountNo: '12-34', amount: '1', purpose: '' })).toThrow(/account/);
  });
});

describe('vietQrQuery', () => {
  it('takes a receipt, or an order and an amount', () => {
    expect(vietQrQuery.parse({ receipt_id: '7' })).toMatchObject({ receipt_id: 7 });
    expect(vietQrQuery.parse({ pos_so_no: 'HN001-SO-26-000123', amount: '150000' })).toMatchObject({
      pos_so_no: 'HN001-SO-26-000123',
      amount: '150000',
    });
    const r = vietQrQuery.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pos_so_no', 'This is required field!'],
      ['amount', 'This is required field!'],
    ]);
  });
});
