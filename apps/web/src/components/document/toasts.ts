import { failedText } from '@fp/contract/web';
import type { ToastEntity } from '@fp/contract';
import { toast } from '../toast';

/** calls.md 8: "<Action> <Entity> Failed!" followed by the server's reason (e.g. the stock refusal naming the item). */
export function failToast(action: string, entity: ToastEntity, err: unknown) {
  const reason = err instanceof Error && err.message ? ` ${err.message}` : '';
  toast.error(new Error(`${failedText(action, entity)}${reason}`));
}
