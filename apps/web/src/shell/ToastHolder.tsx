import { useEffect } from 'react';
import { notification } from 'antd';
import { bindToasts } from '../components/toast';

/** antd's notification holder for the toasts of components/toast.ts (calls.md 8), under the app's ConfigProvider. */
export default function ToastHolder() {
  const [api, holder] = notification.useNotification();
  useEffect(() => bindToasts(api), [api]);
  return holder;
}
