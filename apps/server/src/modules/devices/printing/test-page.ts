import { columns, feed, rule, text, type PrintDocument } from './document.js';

export type TestPageInfo = {
  deviceName: string;
  deviceCode: string;
  locationCode: string;
  deviceType: string;
  ip: string;
  port: number;
  /** Already formatted for display (DD-MM-YYYY HH:mm:ss), so this module needs no clock or time zone. */
  printedAt: string;
};

/** The page behind POST /api/devices/{id}/test-print: who the printer is, plus a line of every Vietnamese mark. */
export function testPageDocument(info: TestPageInfo): PrintDocument {
  return {
    lines: [
      text('TRANG IN THỬ', { align: 'center', bold: true, size: 'large' }),
      text('Test page', { align: 'center' }),
      rule(),
      columns([
        { text: 'Thiết bị', width: 1 },
        { text: `${info.deviceName} (${info.deviceCode})`, width: 2, align: 'right' },
      ]),
      columns([
        { text: 'Cửa hàng', width: 1 },
        { text: info.locationCode, width: 2, align: 'right' },
      ]),
      columns([
        { text: 'Loại', width: 1 },
        { text: info.deviceType, width: 2, align: 'right' },
      ]),
      columns([
        { text: 'Địa chỉ', width: 1 },
        { text: `${info.ip}:${info.port}`, width: 2, align: 'right' },
      ]),
      columns([
        { text: 'Thời gian', width: 1 },
        { text: info.printedAt, width: 2, align: 'right' },
      ]),
      rule('dashed'),
      text('Dấu: a á à ả ã ạ ă ắ ằ ẳ ẵ ặ â ấ ầ ẩ ẫ ậ đ ê ế ề ể ễ ệ ô ố ồ ổ ỗ ộ ơ ớ ờ ở ỡ ợ ư ứ ừ ử ữ ự ý ỳ ỷ ỹ ỵ'),
      text('HOA: Ấ Ầ Ẩ Ẫ Ậ Ắ Ằ Ẳ Ẵ Ặ Ế Ề Ể Ễ Ệ Ố Ồ Ổ Ỗ Ộ Ớ Ờ Ở Ỡ Ợ Ứ Ừ Ử Ữ Ự Đ'),
      columns(
        [
          { text: 'Tổng cộng', width: 1, bold: true },
          { text: '1.234.567 ₫', width: 1, align: 'right', bold: true },
        ],
        'normal',
      ),
      rule(),
      text('Máy in hoạt động tốt nếu mọi dấu ở trên in rõ.', { align: 'center' }),
      feed(1),
    ],
  };
}
