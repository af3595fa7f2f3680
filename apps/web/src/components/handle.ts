import { ApiCallError } from '../api/client';
import { toast } from './toast';

/**
 * An async handler for an event prop that ignores what the handler returns (onClick, antd's Form onFinish,
 * Popconfirm onConfirm): `onFinish={handle(submit)}`. The handler is fired and forgotten on purpose (the event
 * has no use for its result); a call error has already been shown by the handler (useApiMutation's toast,
 * showFormErrors), any other rejection gets the error toast instead of becoming an unhandled rejection.
 */
export function handle<A extends unknown[]>(fn: (...args: A) => unknown): (...args: A) => void {
  return (...args) => {
    void Promise.resolve(fn(...args)).catch((e: unknown) => {
      if (!(e instanceof ApiCallError)) toast.error(e);
    });
  };
}
