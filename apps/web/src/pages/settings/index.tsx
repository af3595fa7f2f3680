import { useEffect } from 'react';
import { Button, Card, Form, Input, Skeleton, Switch, Descriptions, App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../components/toast';
import { CounterSettings } from './CounterSettings';

type FormValues = { maintenance_mode: boolean; maintenance_noti: string; shop_url: string };

export default function SettingsPage() {
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const config = useQuery({ queryKey: qk.config, queryFn: () => call('config.get') });
  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);
  const save = useApiMutation({
    fn: (v: FormValues) => call('config.update', { body: v }),
    invalidates: ['config'],
    onSuccess: () => toast.successText('Update Settings Successfully!'),
  });
  const submit = (v: FormValues) => {
    if (v.maintenance_mode && !config.data?.maintenance_mode) {
      modal.confirm({
        title: 'Turn maintenance mode on?',
        content: 'Everyone except Administrators is sent to the maintenance page until you turn it off.',
        okText: 'Turn on',
        onOk: () => save.mutateAsync(v),
      });
    } else save.mutate(v);
  };
  if (config.isLoading) return <Skeleton active />;
  return (
    <>
      <Card title="Settings" style={{ maxWidth: 720 }}>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="maintenance_mode" label="Maintenance mode" valuePropName="checked">
            <Switch aria-label="Maintenance mode" />
          </Form.Item>
          <Form.Item
            name="maintenance_noti"
            label="Maintenance notice"
            rules={[{ max: 500, message: messages.maxLength(500) }]}
          >
            <Input.TextArea rows={3} placeholder="Shown to users while maintenance mode is on" />
          </Form.Item>
          <Form.Item
            name="shop_url"
            label="Online shop URL"
            rules={[
              { type: 'url', message: 'Please enter a valid URL' },
              { max: 255, message: messages.maxLength(255) },
            ]}
          >
            <Input placeholder="https://shop.example.vn" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
        {config.data ? (
          <Descriptions title="Connectors" size="small" column={1} style={{ marginTop: 24 }}>
            <Descriptions.Item label="ERP">{config.data.erp_mode}</Descriptions.Item>
            <Descriptions.Item label="Online shop">{config.data.shop_mode}</Descriptions.Item>
            <Descriptions.Item label="Cloud drive">{config.data.drive_mode}</Descriptions.Item>
            <Descriptions.Item label="Default vendor">
              {config.data.default_vendor_no} · {config.data.default_vendor_name}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      {config.data ? <CounterSettings config={config.data} /> : null}
    </>
  );
}
