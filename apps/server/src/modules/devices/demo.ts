import type { Services } from '../../services.js';
import { devices } from './schema.js';

/** Demo printers: a PRINTER at each demo franchise's first store (its own LAN) and the head office ADMIN_PRINTER. */
export const DEMO_DEVICES = [
  {
    location_code: 'HN001-01',
    device_type: 'PRINTER',
    device_name: 'Máy in quầy Phố Huế',
    device_code: 'PRN-HN001-01',
    device_data: { ip: '192.168.1.50', port: 9100 },
  },
  {
    location_code: 'HCM001-01',
    device_type: 'PRINTER',
    device_name: 'Máy in quầy Nguyễn Trãi',
    device_code: 'PRN-HCM001-01',
    device_data: { ip: '192.168.2.50', port: 9100 },
  },
  {
    location_code: 'DN001-01',
    device_type: 'PRINTER',
    device_name: 'Máy in quầy Đà Nẵng',
    device_code: 'PRN-DN001-01',
    device_data: { ip: '192.168.3.50', port: 9100 },
  },
  {
    location_code: null,
    device_type: 'ADMIN_PRINTER',
    device_name: 'Máy in văn phòng',
    device_code: 'PRN-HO',
    device_data: { ip: '10.0.0.50', port: 9100 },
  },
] as const;

export async function seedDemoDevices(s: Services): Promise<void> {
  await s.db
    .insert(devices)
    .values(DEMO_DEVICES.map((d) => ({ ...d, device_data: { ...d.device_data } })))
    .onConflictDoNothing();
}
