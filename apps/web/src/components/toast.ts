import type { NotificationInstance } from 'antd/es/notification/interface';
import { DEFAULT_ERROR, SYNC_FAILED, TOAST_MS, successText } from '@fp/contract/web';
import type { ToastEntity } from '@fp/contract';
import { ApiCallError } from '../api/client';

// calls.md 8: error toasts stay until closed; warnings 15 s; sync success 1 s.
let api: NotificationInstance | null = null;
export const bindToasts = (n: NotificationInstance) => {
  api = n;
};

const seconds = (ms: number) => (ms === 0 ? 0 : ms / 1000);

export const toast = {
  success(action: string, entity: ToastEntity) {
    api?.success({ message: successText(action, entity), duration: seconds(TOAST_MS.success), placement: 'topRight' });
  },
  /** A plain success text, for messages the catalogue words differently. */
  successText(text: string) {
    api?.success({ message: text, duration: seconds(TOAST_MS.success), placement: 'topRight' });
  },
  /** The first server msg, or the default text; persistent until closed. */
  error(err: unknown) {
    const message =
      err instanceof ApiCallError ? err.message : err instanceof Error && err.message ? err.message : DEFAULT_ERROR;
    api?.error({ message, duration: 0, placement: 'topRight' });
  },
  warning(text: string) {
    api?.warning({ message: text, duration: seconds(TOAST_MS.warning), placement: 'topRight' });
  },
  /** e.g. a failed post-code lookup: the default error as a 15 s warning. */
  warningFrom(err: unknown) {
    toast.warning(err instanceof ApiCallError ? err.message : DEFAULT_ERROR);
  },
  info(text: string) {
    api?.info({ message: text, duration: seconds(TOAST_MS.info), placement: 'topRight' });
  },
  syncSuccess(entity: ToastEntity) {
    api?.success({
      message: successText('Sync', entity),
      duration: seconds(TOAST_MS.syncSuccess),
      placement: 'topRight',
    });
  },
  /** Closes every toast (e.g. a stale login error once the login succeeded). */
  clear() {
    api?.destroy();
  },
  syncFailed() {
    api?.error({ message: SYNC_FAILED, duration: 0, placement: 'topRight' });
  },
};
