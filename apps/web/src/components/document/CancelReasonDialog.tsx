import { Form, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messages } from '@fp/contract/web';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { FormDialog } from '../FormDialog';

type Values = { cancel_reason_code: string };

/** The cancel action's question with a cancel reason of the machine's `reasonPage` (product.md 4). */
export function CancelReasonDialog({
  open,
  page,
  question,
  onCancel,
  onConfirm,
  loading,
}: {
  open: boolean;
  /** The page whose cancel reasons apply (cancel_reasons.page). */
  page: string;
  question: string;
  onCancel: () => void;
  onConfirm: (code: string) => unknown;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reasons = useQuery({
    queryKey: qk.op('cancelReasons.list', { page }),
    queryFn: () =>
      call('cancelReasons.list', {
        body: {
          pagination: { page: 1, size: 200 },
          filters: [{ field: 'page', value: page, condition_type: 'eq' }],
        },
      }),
    enabled: open,
    staleTime: 60_000,
  });
  return (
    <FormDialog<Values>
      open={open}
      title={t('document.cancelReason')}
      form={form}
      name="cancel-reason"
      okText={t('common.yes')}
      confirmLoading={loading}
      modalProps={{ cancelText: t('common.no') }}
      onCancel={onCancel}
      onFinish={(v) => onConfirm(v.cancel_reason_code)}
    >
      <Typography.Paragraph>{question}</Typography.Paragraph>
      <Form.Item
        name="cancel_reason_code"
        label={t('document.cancelReason')}
        rules={[{ required: true, message: messages.required }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={reasons.isLoading}
          options={(reasons.data?.items ?? []).map((r) => ({
            value: r.reason_code,
            label: `${r.reason_code} — ${r.description}`,
          }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
