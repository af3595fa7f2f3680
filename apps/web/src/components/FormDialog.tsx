import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { handle } from './handle';
import { T } from '../i18n/T';

// Every dialog with a form is a FormDialog: one place for the keyboard rules of WEB.md.
// - Enter in a field moves to the next field; Enter in the last field submits (the form's rules still run), so a
//   half-filled dialog is never sent by an Enter meant for a date picker, an item box or a select.
// - Escape closes the dialog. The dialog is not force-rendered: a hidden force-rendered antd dialog stays on the
//   Escape stack and swallows Escape for the visible one (several dialogs on one screen, e.g. /users).
// - On open the first field takes the focus.

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
  modalProps?: Omit<ModalProps, 'open' | 'title' | 'onOk' | 'onCancel' | 'forceRender'>;
  formProps?: Omit<FormProps<V>, 'form' | 'name' | 'onFinish' | 'initialValues'>;
  children: ReactNode;
};

export function FormDialog<V extends object>(p: FormDialogProps<V>) {
  const formRef = useRef<HTMLFormElement>(null);
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
      afterOpenChange={(open) => {
        const el = formRef.current;
        if (open && el && !el.contains(document.activeElement)) fieldsOf(el)[0]?.focus();
      }}
      {...p.modalProps}
    >
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
    </Modal>
  );
}
