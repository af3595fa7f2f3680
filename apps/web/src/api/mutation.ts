import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToastEntity } from '@fp/contract';
import type { AreaName } from '@fp/contract/ops/index';
import { toast } from '../components/toast';
import { qk } from './keys';

type Options<V, R> = {
  fn: (vars: V) => Promise<R>;
  /** Areas whose queries are refreshed after success. */
  invalidates: readonly AreaName[];
  /** Toast "<action> <entity> Successfully!" on success; omit for silent calls. */
  success?: { action: string; entity: ToastEntity };
  /** false: the caller shows the error (e.g. as form field errors). */
  toastError?: boolean;
  onSuccess?: (r: R, v: V) => void;
};

/** A mutation with the catalogue's toasts and query invalidation (calls.md 8). */
export function useApiMutation<V, R = unknown>(o: Options<V, R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: o.fn,
    onSuccess: (r, v) => {
      o.invalidates.forEach((a) => void qc.invalidateQueries({ queryKey: qk.area(a) }));
      if (o.success) toast.success(o.success.action, o.success.entity);
      o.onSuccess?.(r, v);
    },
    onError: (e) => {
      if (o.toastError !== false) toast.error(e);
    },
  });
}
