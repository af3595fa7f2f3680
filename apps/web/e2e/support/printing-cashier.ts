import { makeData, SALES_PAGES, uniq, type Api } from '../fixtures';
import type { RecordingPrinter } from '../../../server/src/modules/devices/printing/recording-printer';

/**
 * A cashier (Store Staff) of HN001 with edit on the sales pages (and `pages`) whose assigned printer is `printer` (a
 * device at `location_code`, default HN001-01, pointing at the recording printer), for the print journeys. Password
 * Passw0rd1.
 */
export async function printingCashier(
  api: Api,
  printer: RecordingPrinter,
  o: { username: string; firstname: string; lastname: string; location_code?: string; pages?: string[] },
) {
  const device = await makeData(api).device({
    location_code: o.location_code ?? 'HN001-01',
    ip: printer.ip,
    port: printer.port,
  });
  const roles = await api.list<{ id: number; name: string }>('/api/admin/roles/filter');
  const user = await api.post<{ user_id: number }>('/api/admin/users', {
    ...o,
    password: 'Passw0rd1',
    email: '',
    role_id: roles.items.find((r) => r.name === 'Store Staff')!.id,
    customer_no: 'HN001',
    device_id: device.id,
    is_active: true,
  });
  await api.post('/api/page-permissions', {
    name: `E2E print ${o.username} ${uniq()}`,
    permission_type: 'edit',
    pages: [...SALES_PAGES, ...(o.pages ?? [])].map((page_url) => ({ page_url, permission_type: 'edit' })),
    users: [user.user_id],
  });
  return { username: o.username, password: 'Passw0rd1', device };
}
