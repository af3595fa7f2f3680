import { useCallback, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { handle } from './handle';
import { T } from '../i18n/T';

// Every dialog with a form is a FormDialog: one place for the keyboard rules of WEB.md.
// - Enter in a field moves to the next field; Enter in the last field submits (the form's rules still run), so a
//   half-filled dialog is never sent by an Enter meant for a date picker, an item box or a select.
// - Escape closes the dialog. The dialog is not force-rendered: a hidden force-rendered antd dialog stays on the
//   Escape stack and swallows Escape for the visible one (several dialogs on one screen, e.g. /users).
// - On open the field marked `autoFocus`, else the first field, takes the focus in the very commit that shows the
//   dialog, and on close the focus goes back to where it was (see OnOpen below).

const FIELD_SELECTOR =
  'input:not([type=hidden]):not([type=file]):not([disabled]):not([readonly]), textarea:not([disabled]), select:not([disabled])';

/** The form's fields in tab order that a person can type into. */
function fieldsOf(form: HTMLElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].filter(
    (el) => el.offsetParent !== null && el.tabIndex >= 0,
  );
}

/** The Enter rule: move to the next field, submit from the last. Exported for forms outside a dialog that want it. */
export function enterMovesToNextField(e: KeyboardEvent<HTMLFormElement>, submit: () => void) {
  if (e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey || e.nativeEvent.isComposing) return;
  const target = e.target as HTMLElement;
  // Buttons, switches and text areas keep their own Enter.
  if (!(target instanceof HTMLInputElement) || ['button', 'submit', 'checkbox', 'radio', 'file'].includes(target.type))
    return;
  // Never let the browser's implicit submission send the form.
  e.preventDefault();
  // An open select used this Enter to choose its option; the focus stays on it. (A date picker takes the typed
  // date on Enter and the focus moves on.)
  if (target.getAttribute('aria-expanded') === 'true') return;
  const fields = fieldsOf(e.currentTarget);
  const i = fields.indexOf(target);
  if (i >= 0 && i < fields.length - 1) fields[i + 1].focus();
  else submit();
}

export type FormDialogProps<V> = {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** The form's name (ids of its fields). */
  name: string;
  onFinish: (values: V) => unknown;
  onCancel: () => void;
  okText?: string;
  confirmLoading?: boolean;
  width?: number;
  initialValues?: FormProps<V>['initialValues'];
  /** Further Modal props (okButtonProps, maskClosable, footer, …). */
  modalProps?: Omit<ModalProps, 'open' | 'title' | 'onOk' | 'onCancel' | 'forceRender' | 'getContainer'>;
  formProps?: Omit<FormProps<V>, 'form' | 'name' | 'onFinish' | 'initialValues'>;
  children: ReactNode;
};

/** Runs `onOpen` in the layout phase of the commit that shows the dialog's content (after its fields mounted). */
function OnOpen(p: { open: boolean; onOpen: () => void; children: ReactNode }) {
  const { open, onOpen } = p;
  useLayoutEffect(() => {
    if (open) onOpen();
  }, [open, onOpen]);
  return p.children;
}

const panelOf = (el: HTMLElement | null) => el?.closest<HTMLElement>('[role="dialog"]') ?? el;

/*
 * The focus on open and on close. antd's Modal locks the focus in the open dialog (@rc-component/util lockFocus):
 * when the lock starts, a focus outside the dialog is moved to the dialog's first focusable element, its Close (×)
 * button. The lock starts a render or two after the dialog appears; a focus given when the opening motion ends
 * (afterOpenChange) comes later still, and in between an Enter meant for the dialog's field pressed Close (the
 * counter's F9, Enter closed the payment instead of paying). So the field takes the focus as soon as it is in the
 * document; the lock then finds the focus inside and keeps it there.
 * - The dialog renders straight into document.body: in its own container (antd's default) it joins the document
 *   only at the end of the commit that mounts it, after its fields' autoFocus and layout effects ran.
 * - antd's return of the focus on close is off: it remembers the element only when the focus is still outside the
 *   dialog, and returns it unconditionally when the closing motion ends, even into another dialog opened meanwhile,
 *   whose lock then pulls the focus back onto that dialog's Close button. The focus goes back here instead, and
 *   only when it is lost (on the page's body) or still in this dialog.
 */
export function FormDialog<V extends object>(p: FormDialogProps<V>) {
  const formRef = useRef<HTMLFormElement>(null);
  const panel = useRef<HTMLElement | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  // Where the focus was when the dialog was asked to open (its content mounts a commit later).
  useLayoutEffect(() => {
    if (!p.open) return;
    const active = document.activeElement;
    returnTo.current =
      active instanceof HTMLElement && active !== document.body && !panelOf(formRef.current)?.contains(active)
        ? active
        : null;
  }, [p.open]);
  const takeFocus = useCallback(() => {
    const el = formRef.current;
    if (!el?.isConnected) return;
    panel.current = panelOf(el);
    if (!el.contains(document.activeElement)) fieldsOf(el)[0]?.focus();
  }, []);
  const { afterClose, focusable, ...modalProps } = p.modalProps ?? {};
  return (
    <Modal
      open={p.open}
      title={p.title}
      okText={p.okText ?? <T k="common.save" />}
      onOk={() => p.form.submit()}
      onCancel={p.onCancel}
      confirmLoading={p.confirmLoading}
      width={p.width}
      destroyOnHidden
      keyboard
      getContainer={() => document.body}
      focusable={{ ...focusable, focusTriggerAfterClose: false }}
      afterClose={() => {
        const back = returnTo.current;
        const active = document.activeElement;
        returnTo.current = null;
        if (back?.isConnected && (!active || active === document.body || panel.current?.contains(active)))
          back.focus({ preventScroll: true });
        panel.current = null;
        afterClose?.();
      }}
      {...modalProps}
    >
      <OnOpen open={p.open} onOpen={takeFocus}>
        <Form<V>
          ref={(f) => {
            formRef.current = (f as unknown as { nativeElement?: HTMLFormElement } | null)?.nativeElement ?? null;
          }}
          form={p.form}
          name={p.name}
          layout="vertical"
          initialValues={p.initialValues}
          onFinish={handle(p.onFinish)}
          onKeyDown={(e) => enterMovesToNextField(e, () => p.form.submit())}
          {...p.formProps}
        >
          {p.children}
        </Form>
      </OnOpen>
    </Modal>
  );
}
