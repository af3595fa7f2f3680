import { failedText } from '@fp/contract/web';
import type { ToastEntity } from '@fp/contract';
import { ApiCallError } from '../../api/client';
import { toast } from '../toast';

/** The server's reasons: every distinct message of a call error (a stock refusal names each short line), else the error's. */
export function reasonsOf(err: unknown): string {
  if (err instanceof ApiCallError && err.errors.length > 1)
    return [...new Set(err.errors.map((e) => e.msg))].join('; ');
  return err instanceof Error ? err.message : '';
}

/**
 * The actions the screens name in their toasts (catalogue terms, in English: the toast says them in the user's
 * language); a status machine's action is its transition, named by its label.
 */
export type ToastAction =
  | 'Add'
  | 'Adjust'
  | 'Create'
  | 'Update'
  | 'Delete'
  | 'Receive'
  | 'Scan'
  | 'Ship'
  | 'Process'
  | 'Process All'
  | 'Add Line'
  | 'Update Line'
  | 'Remove Line'
  | 'Create Credit Memo';

/** calls.md 8: "<Action> <Entity> Failed!" followed by the server's reasons (e.g. the stock refusal naming the items). */
export function failToast(action: ToastAction | { label: string }, entity: ToastEntity, err: unknown) {
  const reason = reasonsOf(err);
  const name = typeof action === 'string' ? action : action.label;
  toast.error(new Error(`${failedText(name, entity)}${reason ? ` ${reason}` : ''}`));
}
