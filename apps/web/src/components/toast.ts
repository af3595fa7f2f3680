import type { NotificationInstance } from 'antd/es/notification/interface';
import { TOAST_MS } from '@fp/contract/web';
import type { ToastEntity } from '@fp/contract';
import { ApiCallError } from '../api/client';
import i18n from '../i18n';

/**
 * The toast catalogue (calls.md 9) in the interface language: "<Action> <Entity> Successfully!" with each term from
 * en.json / vi.json `toast.action.*` and `toast.entity.*`, whose English values are the terms themselves, so English
 * is the catalogue's exact text (the contract's successText; i18n.test.ts compares them). A term the catalogue does
 * not list yet shows as it is.
 */
export function successText(action: string, entity: ToastEntity): string {
  const term = (kind: 'action' | 'entity', v: string) => i18n.t(`toast.${kind}.${v}`, { defaultValue: v });
  return i18n.t('toast.success', { action: term('action', action), entity: term('entity', entity) });
}

/** calls.md 8's fixed texts: the default error (the server gave none) and a failed sync. */
const defaultError = () => i18n.t('toast.defaultError');

// calls.md 8: error toasts stay until closed; warnings 15 s; sync success 1 s.
//
// antd's notification is not part of the first load: shell/Toasts.tsx loads it when the browser is idle or at the
// first toast, whichever comes first. A toast asked for before then waits here and shows once it is bound.
let api: NotificationInstance | null = null;
let pending: ((n: NotificationInstance) => void)[] = [];
let wanted: (() => void) | null = null;

/** Called by the toast holder once mounted; returns the unbinding. */
export const bindToasts = (n: NotificationInstance) => {
  api = n;
  const waiting = pending;
  pending = [];
  waiting.forEach((show) => show(n));
  return () => {
    if (api === n) api = null;
  };
};

/** The toast host's loader, called when a toast waits for the holder. */
export const onToastWanted = (load: () => void) => {
  wanted = load;
  if (pending.length) load();
  return () => {
    if (wanted === load) wanted = null;
  };
};

const show = (f: (n: NotificationInstance) => void) => {
  if (api) return f(api);
  pending.push(f);
  wanted?.();
};

const seconds = (ms: number) => (ms === 0 ? 0 : ms / 1000);

export const toast = {
  success(action: string, entity: ToastEntity) {
    show((n) =>
      n.success({ message: successText(action, entity), duration: seconds(TOAST_MS.success), placement: 'topRight' }),
    );
  },
  /** A plain success text, for messages the catalogue words differently. */
  successText(text: string) {
    show((n) => n.success({ message: text, duration: seconds(TOAST_MS.success), placement: 'topRight' }));
  },
  /** The first server msg, or the default text; persistent until closed. */
  error(err: unknown) {
    const message =
      err instanceof ApiCallError ? err.message : err instanceof Error && err.message ? err.message : defaultError();
    show((n) => n.error({ message, duration: 0, placement: 'topRight' }));
  },
  warning(text: string) {
    show((n) => n.warning({ message: text, duration: seconds(TOAST_MS.warning), placement: 'topRight' }));
  },
  /** e.g. a failed post-code lookup: the default error as a 15 s warning. */
  warningFrom(err: unknown) {
    toast.warning(err instanceof ApiCallError ? err.message : defaultError());
  },
  info(text: string) {
    show((n) => n.info({ message: text, duration: seconds(TOAST_MS.info), placement: 'topRight' }));
  },
  syncSuccess(entity: ToastEntity) {
    show((n) =>
      n.success({
        message: successText('Sync', entity),
        duration: seconds(TOAST_MS.syncSuccess),
        placement: 'topRight',
      }),
    );
  },
  /** Closes every toast (e.g. a stale login error once the login succeeded). */
  clear() {
    pending = [];
    api?.destroy();
  },
  syncFailed() {
    show((n) => n.error({ message: i18n.t('toast.syncFailed'), duration: 0, placement: 'topRight' }));
  },
};
