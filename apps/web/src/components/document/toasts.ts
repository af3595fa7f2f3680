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

/** calls.md 8: "<Action> <Entity> Failed!" followed by the server's reasons (e.g. the stock refusal naming the items). */
export function failToast(action: string, entity: ToastEntity, err: unknown) {
  const reason = reasonsOf(err);
  toast.error(new Error(`${failedText(action, entity)}${reason ? ` ${reason}` : ''}`));
}
