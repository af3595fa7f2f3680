import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { AreaName, OperationName, Operations } from '@fp/contract/ops/index';
import type { ApiInput, ApiResponse } from '@fp/contract/api/index';
import type { ToastEntity } from '@fp/contract';
import { call, type CallArgs } from './client';
import { areaOf, qk } from './keys';
import { useApiMutation } from './mutation';

type QueryOptions<N extends OperationName, T> = Omit<UseQueryOptions<ApiResponse<N>, Error, T>, 'queryKey' | 'queryFn'>;

/**
 * Reads an operation with TanStack Query under the one key factory (`qk.op(name, input)`), e.g.
 * `useOp('devices.get', { params: { id } }, { enabled: !!id })`. Mutations of the area invalidate it.
 */
export function useOp<N extends OperationName, T = ApiResponse<N>>(
  name: N,
  input: ApiInput<N>,
  options?: QueryOptions<N, T>,
) {
  return useQuery({ queryKey: qk.op(name, input), queryFn: () => call(name, ...([input] as CallArgs<N>)), ...options });
}

type MutationOptions<N extends OperationName, V> = {
  /** Turns what the screen has (form values, an id) into the operation's input; identity when the screen has the input. */
  input?: (vars: V) => ApiInput<N>;
  /** Areas whose queries are refreshed after success; default the operation's own area. */
  invalidates?: readonly AreaName[];
  success?: { action: string; entity: ToastEntity };
  toastError?: boolean;
  onSuccess?: (r: ApiResponse<N>, v: V) => void;
};

/** A mutation of one operation with the catalogue's toasts and invalidation (see useApiMutation). */
export function useOpMutation<N extends OperationName, V = ApiInput<N>>(name: N, o: MutationOptions<N, V> = {}) {
  const { input, invalidates, ...rest } = o;
  return useApiMutation<V, ApiResponse<N>>({
    ...rest,
    fn: (vars: V) => call(name, ...([input ? input(vars) : vars] as CallArgs<N>)),
    invalidates: invalidates ?? [areaOf(name)],
  });
}

type KeyOf<A extends AreaName> = keyof Operations[A] & string;
type NameOf<A extends AreaName, K extends KeyOf<A>> = `${A}.${K}` & OperationName;

/**
 * The query hooks of one area, e.g. `const devices = areaHooks('devices')`, then `devices.useQuery('get', { params: { id } })`,
 * `devices.useMutation('create', { success: … })`, `devices.key('get', input)`; every key comes from `qk.op`.
 */
export function areaHooks<A extends AreaName>(area: A) {
  const nameOf = <K extends KeyOf<A>>(key: K) => `${area}.${key}` as NameOf<A, K>;
  return {
    key: <K extends KeyOf<A>>(key: K, input?: ApiInput<NameOf<A, K>>) => qk.op(nameOf(key), input),
    useQuery: <K extends KeyOf<A>, T = ApiResponse<NameOf<A, K>>>(
      key: K,
      input: ApiInput<NameOf<A, K>>,
      options?: QueryOptions<NameOf<A, K>, T>,
    ) => useOp<NameOf<A, K>, T>(nameOf(key), input, options),
    useMutation: <K extends KeyOf<A>, V = ApiInput<NameOf<A, K>>>(key: K, o: MutationOptions<NameOf<A, K>, V> = {}) =>
      useOpMutation<NameOf<A, K>, V>(nameOf(key), { invalidates: [area], ...o }),
  };
}
