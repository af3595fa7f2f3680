import { useEffect } from 'react';
import { Button, Card, Form, Input, Skeleton, Switch, Descriptions, App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../components/toast';
import { msg } from '../../i18n/messages';
import { CounterSettings } from './CounterSettings';

type FormValues = { maintenance_mode: boolean; maintenance_noti: string; shop_url: string };

export default function SettingsPage() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const config = useQuery({ queryKey: qk.config, queryFn: () => call('config.get') });
  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);
  const save = useApiMutation({
    fn: (v: FormValues) => call('config.update', { body: v }),
    invalidates: ['config'],
    onSuccess: () => toast.successText(t('settings.updated')),
  });
  const submit = (v: FormValues) => {
    if (v.maintenance_mode && !config.data?.maintenance_mode) {
      modal.confirm({
        title: t('settings.maintenanceOnTitle'),
        content: t('settings.maintenanceOnContent'),
        okText: t('settings.turnOn'),
        onOk: () => save.mutateAsync(v),
      });
    } else save.mutate(v);
  };
  if (config.isLoading) return <Skeleton active />;
  return (
    <>
      <Card title={t('settings.title')} style={{ maxWidth: 720 }}>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="maintenance_mode" label={t('settings.maintenanceMode')} valuePropName="checked">
            <Switch aria-label={t('settings.maintenanceMode')} />
          </Form.Item>
          <Form.Item
            name="maintenance_noti"
            label={t('settings.maintenanceNotice')}
            rules={[{ max: 500, message: msg.maxLength(500) }]}
          >
            <Input.TextArea rows={3} placeholder={t('settings.maintenanceNoticeHint')} />
          </Form.Item>
          <Form.Item
            name="shop_url"
            label={t('settings.shopUrl')}
            rules={[
              { type: 'url', message: t('settings.url') },
              { max: 255, message: msg.maxLength(255) },
            ]}
          >
            <Input placeholder="https://shop.example.vn" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form>
        {config.data ? (
          <Descriptions title={t('settings.connectors')} size="small" column={1} style={{ marginTop: 24 }}>
            <Descriptions.Item label="ERP">{config.data.erp_mode}</Descriptions.Item>
            <Descriptions.Item label={t('settings.shop')}>{config.data.shop_mode}</Descriptions.Item>
            <Descriptions.Item label={t('settings.drive')}>{config.data.drive_mode}</Descriptions.Item>
            <Descriptions.Item label={t('settings.defaultVendor')}>
              {config.data.default_vendor_no} · {config.data.default_vendor_name}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      {config.data ? <CounterSettings config={config.data} /> : null}
    </>
  );
}
