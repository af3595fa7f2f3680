import { Form, Input, Select } from 'antd';
import { messages, type ItemDocument } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { showFormErrors } from '../../components/form-errors';
import { AREA, ENTITY } from './data';
import { typeOptions } from './UploadDialog';
import { FormDialog } from '../../components/FormDialog';

type Values = {
  item_no: string;
  variant_code?: string | null;
  title: string;
  document_type: ItemDocument['document_type'];
};

/** Edit metadata: item, variant, title and type; the file stays as uploaded. */
export function EditDialog({ doc, onClose }: { doc: ItemDocument | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();

  const save = useApiMutation({
    fn: (v: Values) =>
      call('itemDocuments.update', {
        body: {
          ...v,
          variant_code: v.variant_code || null,
          id: doc!.id,
          version: doc!.version,
        },
      }),
    invalidates: [AREA],
    success: { action: 'Update', entity: ENTITY },
    toastError: false,
    onSuccess: () => onClose(),
  });
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e, ['item_no', 'variant_code', 'title', 'document_type']);
    }
  };

  return (
    <FormDialog
      open={doc !== null}
      title="Edit Document"
      okText="Save"
      confirmLoading={save.isPending}
      onCancel={onClose}
      form={form}
      name="edit-document"
      onFinish={submit}
      initialValues={
        doc
          ? {
              item_no: doc.item_no,
              variant_code: doc.variant_code ?? '',
              title: doc.title,
              document_type: doc.document_type,
            }
          : undefined
      }
    >
      <Form.Item
        name="item_no"
        label="Item No"
        rules={[
          { required: true, whitespace: true, message: messages.required },
          { max: 30, message: messages.maxLength(30) },
        ]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="variant_code" label="Variant Code" rules={[{ max: 30, message: messages.maxLength(30) }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="title"
        label="Title"
        rules={[
          { required: true, whitespace: true, message: messages.required },
          { max: 250, message: messages.maxLength(250) },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="document_type" label="Type" rules={[{ required: true, message: messages.required }]}>
        <Select options={typeOptions} aria-label="Type" />
      </Form.Item>
    </FormDialog>
  );
}
