import { useEffect, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successText } from '../toast';
import type { ToastEntity } from '@fp/contract';
import type { Machine, Transition } from '@fp/contract/machines';
import type { AreaName, OperationName } from '@fp/contract/ops/index';
import { ApiCallError, call, callNamed, type CallArgs } from '../../api/client';
import type { ApiInput, ApiResponse } from '@fp/contract/api/index';
import { qk } from '../../api/keys';
import { toast } from '../toast';
import type { ActionBarProps, ActionExtra } from './ActionBar';
import { useCanAny } from './access';
import type { NewLine } from './LineGrid';
import { failToast, type ToastAction } from './toasts';

/** The statuses in which a document's header and lines are edited (every document kind: open). */
const EDITABLE_STATUSES: readonly string[] = ['open'];
export const isEditableStatus = (status: string) => EDITABLE_STATUSES.includes(status);

/** A document as the server answers it: its optimistic-lock version and its status. */
type Doc = { version: number; status: string };

/** The line calls of a document kind; each sends the document's reference (number and version) and answers it. */
export type LineOps<D, R, L> = {
  add: (ref: R, line: NewLine) => Promise<D>;
  update: (ref: R, line: L, field: string, value: string) => Promise<D>;
  remove: (ref: R, line: L) => Promise<D>;
  /** The question before a line is removed (absent: removed at once, the tablet's trash button). */
  confirmRemove?: (line: L) => string;
};

/** The header form of a document: how a document fills it, and the create/update calls that send it. */
export type HeaderSpec<D, R, V> = {
  form: FormInstance<V>;
  of: (d: D) => V;
  /** The values a new document starts with. */
  blank?: () => Partial<V>;
  create: (v: V) => Promise<D>;
  update: (ref: R, v: V) => Promise<D>;
  /** After a document was created: open it on its own address. */
  created?: (d: D) => void;
  /** Server field errors shown on these header fields (absent: only the toast). */
  fieldErrors?: (field: string) => boolean;
};

export type DocumentSpec<N extends OperationName, R, L = never, V = never> = {
  /** The document's read: `salesOrders.get`; its area is refreshed after every action. */
  get: N;
  /** The read's input for a document number. */
  input: (no: string) => ApiInput<N>;
  /** The number and version every call of the document sends: `{ pos_so_no, version }`. */
  ref: (d: ApiResponse<N>) => R;
  /** The document's number (the ref's number field). */
  noOf: (d: ApiResponse<N>) => string;
  entity: ToastEntity;
  machine?: Machine;
  /** The pages whose levels count (the detail page and its list). */
  pages: readonly string[];
  /** Read-only route (invoiced/canceled): never editable. */
  readOnly?: boolean;
  lines?: LineOps<ApiResponse<N>, R, L>;
  header?: HeaderSpec<ApiResponse<N>, R, V>;
  /** An action sent otherwise than its transition's `op` with the reference (purchase orders' postings). */
  send?: (d: ApiResponse<N>, t: Transition, extra: ActionExtra) => Promise<unknown>;
  /** The document in an action's answer (the sync answers `{ order, message }`); default: the answer itself. */
  answer?: (result: unknown) => { doc?: unknown; message?: string };
  /** Further areas an action changes (a transfer order's shipment: its receipts and issues). */
  alsoChanges?: readonly AreaName[];
  /** After an action answered (navigate to a converted order, a credit memo). */
  afterAction?: (t: Transition, doc: ApiResponse<N> | undefined, before: ApiResponse<N>) => void;
  /** After an action answered the same document: the header form shows it again (discarding unsaved edits). */
  resetHeaderAfterAction?: boolean;
};

/**
 * One document screen's data (issue 23): loads the document (?no), keeps its version in the query cache (every call
 * answers the document, so the next sends the new version), runs the header's create/update, the line calls and the
 * machine's actions with their confirmations and the catalogue's toasts, and refreshes the area they change.
 */
export function useDocument<N extends OperationName, R, L = never, V = never>(
  spec: DocumentSpec<N, R, L, V>,
  no: string | null,
) {
  type D = ApiResponse<N> & Doc;
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const key = qk.op(spec.get, no ? spec.input(no) : null);
  const area = key[0];
  const query = useQuery({
    queryKey: key,
    queryFn: () => call(spec.get, ...([spec.input(no ?? '')] as CallArgs<N>)),
    enabled: Boolean(no),
    retry: false,
  });
  const doc = query.data as D | undefined;
  const canEdit = useCanAny(spec.pages, 'edit');
  const status = doc?.status ?? 'open';
  const editable = canEdit && !spec.readOnly && isEditableStatus(status);
  const form = spec.header?.form;
  const isDoc = (r: unknown): r is D => typeof r === 'object' && r !== null && 'version' in r && 'status' in r;

  useEffect(() => {
    if (!form) return;
    // A line change answers the document again: header edits not saved yet stay as typed.
    if (doc) {
      if (!form.isFieldsTouched()) form.setFieldsValue(spec.header!.of(doc) as never);
    } else if (!no) {
      form.resetFields();
      const blank = spec.header?.blank?.();
      if (blank) form.setFieldsValue(blank as never);
    }
    // spec is rebuilt on every render; the document and its number decide
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, no, form]);

  /** The document as last answered (the cache holds the newest version). */
  const current = (): D => (qc.getQueryData<D>(key) ?? doc)!;

  /** Puts a document a call answered into the cache and refreshes the area's lists (totals and statuses). */
  const keep = (d: ApiResponse<N>) => {
    qc.setQueryData(qk.op(spec.get, spec.input(spec.noOf(d))), d);
    void qc.invalidateQueries({ queryKey: qk.lists(area) });
  };

  const showHeader = (d: ApiResponse<N>) => {
    if (!form || !spec.header) return;
    form.resetFields();
    form.setFieldsValue(spec.header.of(d) as never);
  };

  /** A line call answers the document: the next call sends its new version; a failure toasts and rejects. */
  const lineCall = async (action: ToastAction, fn: (d: D) => Promise<ApiResponse<N>>) => {
    try {
      keep(await fn(current()));
    } catch (e) {
      failToast(action, spec.entity, e);
      throw e;
    }
  };

  const lines = spec.lines;
  const lineHandlers = lines
    ? {
        onAdd: (l: NewLine) => lineCall('Add Line', (c) => lines.add(spec.ref(c), l)),
        onUpdate: (line: L, field: string, value: string) =>
          lineCall('Update Line', (c) => lines.update(spec.ref(c), line, field, value)),
        onRemove: (line: L) => {
          const remove = () => lineCall('Remove Line', (c) => lines.remove(spec.ref(c), line));
          if (!lines.confirmRemove) return remove();
          return new Promise<void>((resolve, reject) => {
            modal.confirm({
              title: t('document.removeLine'),
              content: lines.confirmRemove!(line),
              okText: t('common.yes'),
              cancelText: t('common.no'),
              onOk: () => remove().then(resolve, reject),
              onCancel: () => resolve(),
            });
          });
        },
      }
    : undefined;

  /** Saves the header: update with the newest version, or create and open the new document. */
  const save = async () => {
    const h = spec.header;
    if (!h) return;
    let v: V;
    try {
      v = await h.form.validateFields();
    } catch {
      return;
    }
    const action: ToastAction = doc ? 'Update' : 'Create';
    setSaving(true);
    try {
      const saved = doc ? await h.update(spec.ref(current()), v) : await h.create(v);
      showHeader(saved);
      keep(saved);
      if (!doc) {
        h.created?.(saved);
        // the line entry comes next
        setTimeout(() => document.getElementById('line-entry-item')?.focus(), 300);
      }
      toast.successText(successText(action, spec.entity));
    } catch (e) {
      if (e instanceof ApiCallError && h.fieldErrors) {
        const known = Object.entries(e.fieldErrors()).filter(([f]) => h.fieldErrors!(f));
        if (known.length) h.form.setFields(known.map(([name, errors]) => ({ name: name as never, errors: [errors] })));
      }
      failToast(action, spec.entity, e);
    } finally {
      setSaving(false);
    }
  };

  /** Sends an action of the machine: its `op` with the document's reference (a status call adds the target). */
  const run = (tr: Transition, extra: ActionExtra) => {
    const d = current();
    if (spec.send) return spec.send(d, tr, extra);
    const statusCall = tr.op.endsWith('.status') && tr.to !== 'same';
    return callNamed(tr.op, { ...spec.ref(d), ...(statusCall ? { status: tr.to } : {}), ...extra });
  };

  const onDone = (tr: Transition, result: unknown) => {
    const answered = spec.answer ? spec.answer(result) : { doc: result };
    if (answered.message) toast.info(answered.message);
    for (const a of [area, ...(spec.alsoChanges ?? [])]) void qc.invalidateQueries({ queryKey: qk.area(a) });
    const d = isDoc(answered.doc) ? answered.doc : undefined;
    const before = current();
    if (d && spec.noOf(d) === spec.noOf(before)) {
      if (spec.resetHeaderAfterAction) showHeader(d);
      keep(d);
    }
    spec.afterAction?.(tr, d, before);
  };

  /**
   * Runs an action that is not a machine row (a transfer order's shipment): the catalogue's toast, the document kept
   * when answered, its area and those it also changes refreshed; a failure toasts and rejects.
   */
  const act = async (label: ToastAction, fn: (d: D) => Promise<unknown>) => {
    try {
      const result = await fn(current());
      toast.successText(successText(label, spec.entity));
      if (isDoc(result) && spec.noOf(result) === spec.noOf(current())) keep(result);
      for (const a of [area, ...(spec.alsoChanges ?? [])]) void qc.invalidateQueries({ queryKey: qk.area(a) });
    } catch (e) {
      failToast(label, spec.entity, e);
      throw e;
    }
  };

  const actionBar =
    doc && spec.machine
      ? ({
          machine: spec.machine,
          status,
          pages: spec.pages,
          entity: spec.entity,
          run,
          onDone,
        } satisfies Partial<ActionBarProps>)
      : undefined;

  /** Refreshes the document and its area (a panel changed it without answering it). */
  const refresh = () => void qc.invalidateQueries({ queryKey: qk.area(area) });

  return {
    no,
    query,
    doc,
    status,
    canEdit,
    editable,
    /** The header form is enabled: an editable document, or a new one for a user who may create. */
    headerEnabled: editable || (!doc && canEdit),
    saving,
    save,
    keep,
    current,
    lineCall,
    lineHandlers,
    act,
    actionBar,
    refresh,
  };
}

export type DocumentState = ReturnType<typeof useDocument>;
