import { describe, expect, it } from 'vitest';
import { deviceCreate } from '@fp/contract';
import { loadConfig } from '../../config.js';
import { checkPrinterAddress } from './printing/index.js';
import { DEMO_DEVICES } from './demo.js';
import { addressPolicy } from './service.js';

describe('demo devices', () => {
  it('would be accepted by the devices screen under production settings', () => {
    const policy = addressPolicy(loadConfig({}));
    expect(policy).toEqual({ allowedPorts: [9100], allowLoopback: false });
    for (const d of DEMO_DEVICES) {
      expect(deviceCreate.safeParse(d).success).toBe(true);
      expect(checkPrinterAddress(d.device_data.ip, d.device_data.port, policy)).toBeNull();
    }
    expect(DEMO_DEVICES.filter((d) => d.device_type === 'ADMIN_PRINTER')).toHaveLength(1);
  });
});
