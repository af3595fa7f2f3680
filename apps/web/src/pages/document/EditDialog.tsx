import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { messages, type ItemDocument } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { showFormErrors } from '../../components/form-errors';
import { useLabels } from '../../components/labels';
import { AREA, ENTITY } from './data';
import { FormDialog } from '../../components/FormDialog';

type Values = {
  item_no: string;
  variant_code?: string | null;
  title: string;
  document_type: ItemDocument['document_type'];
};

/** Edit metadata: item, variant, title and type; the file stays as uploaded. */
export function EditDialog({ doc, onClose }: { doc: ItemDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
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
      title={t('document.editTitle')}
      okText={t('common.save')}
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
        label={t('fields.itemNo')}
        rules={[
          { required: true, whitespace: true, message: messages.required },
          { max: 30, message: messages.maxLength(30) },
        ]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        name="variant_code"
        label={t('document.variantCode')}
        rules={[{ max: 30, message: messages.maxLength(30) }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('document.titleField')}
        rules={[
          { required: true, whitespace: true, message: messages.required },
          { max: 250, message: messages.maxLength(250) },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="document_type" label={t('fields.type')} rules={[{ required: true, message: messages.required }]}>
        <Select options={labels.options('itemDocumentType')} aria-label={t('fields.type')} />
      </Form.Item>
    </FormDialog>
  );
}
