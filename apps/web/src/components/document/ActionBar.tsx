import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Space } from 'antd';

// The machines' own module (not the web barrel): the tables stay in the document screens' chunks, off the first load.
import { actionsFrom, type DocumentFacts, type Machine, type Transition } from '@fp/contract/machines';
import type { ToastEntity } from '@fp/contract';
import { canAccess, useSession } from '../../auth/session';
import { toast, successText } from '../toast';
import { CancelReasonDialog } from './CancelReasonDialog';
import { documentButtonAllowed } from './access';
import { failToast } from './toasts';

export type ActionExtra = { cancel_reason_code?: string; sell_on_credit?: boolean };

/**
 * A document's own word before an action, instead of the transition's confirm text: a question whose Yes sends
 * `extra` with the action (Ship Now of an unpaid order: sell on credit?), or a refusal shown instead of the action.
 */
export type ActionPrompt = { question: string; extra: ActionExtra } | { refusal: string };

export type ActionBarProps = {
  /** The document's status machine (packages/contract/src/machines.ts): the only source of the buttons. */
  machine: Machine;
  status: string;
  /** What the document is beyond its status (machines.ts `unless`: e.g. a purchase order head office shipped from). */
  facts?: DocumentFacts;
  /** Tablet screens also show the tablet-only actions (confirm). */
  tablet?: boolean;
  /** The pages whose permission level counts (the document's detail page and its list). */
  pages: readonly string[];
  /** The catalogue's entity of the toasts ("<label> Sales Order Successfully!"). */
  entity: ToastEntity;
  /** Sends the action's `op` with the document's key and version; answers what the server answered. */
  run: (t: Transition, extra: ActionExtra) => Promise<unknown>;
  /** After a successful action (refresh, navigate to a converted order, show the sync message). */
  onDone?: (t: Transition, result: unknown) => void;
  /** Further buttons after the machine's (e.g. Create Credit Memo). */
  children?: ReactNode;
  disabled?: boolean;
  /** A further condition of the document (e.g. cancel after payment needs its guarded button); false hides. */
  guard?: (t: Transition) => boolean;
  /** The document's own question or refusal before an action (undefined: the transition's confirm). */
  prompt?: (t: Transition) => ActionPrompt | undefined;
};

/**
 * The action bar of a document: each action of the machine allowed from the status, at the user's level on the page
 * and by the user's buttons (issue 9: the server refuses the same ones), asked first with the transition's `confirm`
 * text (cancel asks for a cancel reason of its `reasonPage`).
 */
export function ActionBar(p: ActionBarProps) {
  const { modal } = App.useApp();
  const { me } = useSession();
  const { t: tr } = useTranslation();
  /** A machine action's label in the user's language (the catalogue's action terms, toast.action.*). */
  const labelOf = (label: string) => tr(`toast.action.${label}`, { defaultValue: label });
  const [asking, setAsking] = useState<Transition | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The level on one of the pages, the button itself (a page whose buttons are named allows only those), the guard.
  const allowed = actionsFrom(p.machine, p.status, { tablet: p.tablet, facts: p.facts }).filter(
    (t) =>
      p.pages.some((page) => canAccess(me, page, t.level)) &&
      documentButtonAllowed(me, p.pages, t.label) &&
      (p.guard?.(t) ?? true),
  );

  const execute = async (t: Transition, extra: ActionExtra = {}) => {
    setBusy(t.action);
    try {
      const result = await p.run(t, extra);
      if (t.action === 'sync') toast.syncSuccess(p.entity);
      else toast.successText(successText(t.label, p.entity));
      p.onDone?.(t, result);
      return true;
    } catch (e) {
      if (t.action === 'sync') toast.syncFailed();
      failToast(t, p.entity, e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const ask = (t: Transition) => {
    if (t.reasonPage) {
      setAsking(t);
      return;
    }
    const own = p.prompt?.(t);
    if (own && 'refusal' in own) {
      modal.warning({ title: labelOf(t.label), content: own.refusal });
      return;
    }
    modal.confirm({
      title: labelOf(t.label),
      content: own?.question ?? t.confirm,
      okText: tr('common.yes'),
      cancelText: tr('common.no'),
      onOk: () => execute(t, own?.extra),
    });
  };

  if (allowed.length === 0 && !p.children) return null;
  return (
    <div role="toolbar" aria-label={tr('document.actions')} className="document-actions">
      <Space wrap>
        {allowed.map((t) => (
          <Button
            key={t.action}
            type={t.action === 'ship' || t.action === 'release' || t.action === 'convert' ? 'primary' : 'default'}
            danger={t.action === 'cancel'}
            loading={busy === t.action}
            disabled={p.disabled || (busy !== null && busy !== t.action)}
            onClick={() => ask(t)}
          >
            {labelOf(t.label)}
          </Button>
        ))}
        {p.children}
      </Space>
      {asking?.reasonPage ? (
        <CancelReasonDialog
          open
          page={asking.reasonPage}
          question={asking.confirm}
          loading={busy === asking.action}
          onCancel={() => setAsking(null)}
          onConfirm={async (code) => {
            if (await execute(asking, { cancel_reason_code: code })) setAsking(null);
          }}
        />
      ) : null}
    </div>
  );
}
