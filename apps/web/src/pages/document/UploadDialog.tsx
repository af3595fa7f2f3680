import { useState } from 'react';
import { Form, Input, Progress, Select, Upload, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { messages, type ItemDocument } from '@fp/contract';
import { ApiCallError } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../components/toast';
import { useLabels } from '../../components/labels';
import { AREA, ENTITY, fileProblem, formatFileSize, uploadWithProgress, useItemConfig } from './data';
import { FormDialog } from '../../components/FormDialog';

type Values = { item_no: string; variant_code?: string; title?: string; document_type?: string };

/** Upload: drag a file in (or pick one), describe it, send it with a progress bar. */
export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const config = useItemConfig().data;

  const upload = useApiMutation({
    fn: (v: Values) => {
      const body = new FormData();
      body.append('item_no', v.item_no);
      if (v.variant_code) body.append('variant_code', v.variant_code);
      if (v.title) body.append('title', v.title);
      if (v.document_type) body.append('document_type', v.document_type);
      body.append('file', file as File, (file as File).name);
      return uploadWithProgress<ItemDocument>('/api/item-documents', body, setPercent);
    },
    invalidates: [AREA],
    success: { action: 'Upload', entity: ENTITY },
    toastError: false,
    onSuccess: () => close(),
  });

  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setPercent(null);
    onClose();
  };

  const submit = async (v: Values) => {
    if (!file) {
      setFileError(messages.required);
      return;
    }
    const problem = fileProblem(file, config);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      await upload.mutateAsync(v);
    } catch (e) {
      setPercent(null);
      const fields = e instanceof ApiCallError ? e.fieldErrors() : {};
      if (fields.file) setFileError(fields.file);
      const formFields = Object.entries(fields).filter(([name]) => name !== 'file');
      if (formFields.length)
        form.setFields(formFields.map(([name, err]) => ({ name: name as keyof Values, errors: [err] })));
      if (!Object.keys(fields).length) toast.error(e);
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('document.uploadTitle')}
      okText={t('document.upload')}
      confirmLoading={upload.isPending}
      onCancel={close}
      form={form}
      name="upload-document"
      onFinish={submit}
      modalProps={{
        okButtonProps: { disabled: percent !== null && upload.isPending },
        maskClosable: !upload.isPending,
      }}
    >
      <Form.Item
        label={t('document.file')}
        required
        validateStatus={fileError ? 'error' : undefined}
        help={fileError ?? undefined}
      >
        <Upload.Dragger
          multiple={false}
          maxCount={1}
          accept={config?.allowed_content_types.join(',')}
          fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
          beforeUpload={(f) => {
            setFile(f);
            setFileError(fileProblem(f, config));
            if (!form.getFieldValue('title')) form.setFieldValue('title', f.name);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setFileError(null);
          }}
          aria-label={t('document.file')}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('document.drop')}</p>
          {config ? (
            <p className="ant-upload-hint">{t('document.dropHint', { size: formatFileSize(config.max_size) })}</p>
          ) : null}
        </Upload.Dragger>
      </Form.Item>
      {file ? (
        <Typography.Text type="secondary">{`${file.name} · ${formatFileSize(file.size)}`}</Typography.Text>
      ) : null}
      {percent !== null ? (
        <Progress
          percent={percent}
          status={upload.isPending ? 'active' : undefined}
          aria-label={t('document.progress')}
        />
      ) : null}
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
      <Form.Item name="title" label={t('document.titleField')} rules={[{ max: 250, message: messages.maxLength(250) }]}>
        <Input />
      </Form.Item>
      <Form.Item name="document_type" label={t('fields.type')}>
        <Select
          allowClear
          options={labels.options('itemDocumentType')}
          placeholder={t('document.typeFromFile')}
          aria-label={t('fields.type')}
        />
      </Form.Item>
    </FormDialog>
  );
}
