import { PRINTER_NOT_CONNECTED } from '@fp/contract/web';
import i18n from '../../i18n';
import { call } from '../../api/client';
import { toast, successText } from '../../components/toast';

// What the shift screens share (issue 11): the page, the query area, the entity of the toasts, the methods counted.

export const SHIFTS_PAGE = '/shifts';
export const SHIFTS_AREA = 'shifts';
export const ENTITY = 'Shift';
/** The methods counted at close, in the order the dialog asks them (api.md: cash, card, transfer, each once). */
export const COUNTED_METHODS = ['cash', 'card', 'transfer'] as const;
export type CountedMethod = (typeof COUNTED_METHODS)[number];

/**
 * Prints the shift's X (while open) or Z (once closed) report on the store printer. A printer that is off is a
 * clear warning; nothing is undone (the shift stays as it is). True when it printed.
 */
export async function printReport(shiftId: number, kind: 'X' | 'Z'): Promise<boolean> {
  try {
    const r = await call('shifts.report', { body: { shift_id: shiftId, kind } });
    if (r.print_result === PRINTER_NOT_CONNECTED) {
      toast.warning(i18n.t('shifts.notConnected', { kind }));
      return false;
    }
    toast.successText(successText('Print', `${kind} Report`));
    return true;
  } catch (e) {
    toast.error(e);
    return false;
  }
}
