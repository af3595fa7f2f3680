import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import {
  DEVICE_PAGE_SIZE,
  PRINTER_PRINTED,
  deviceCreate,
  deviceTypes,
  successText,
  type DeviceListItem,
  type DeviceType,
} from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';
import { showFormErrors } from '../../components/form-errors';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';
import { rulesFrom } from '../../components/zod-rules';

const PAGE = '/devices';
const AREA = 'devices';
const typeOptions = deviceTypes.map((t) => ({ label: t, value: t }));
const rules = rulesFrom(deviceCreate);

type FormValues = {
  device_code: string;
  device_name: string;
  device_type: DeviceType;
  location_code?: string;
  device_data: { ip: string; port: string };
};

const toBody = (v: FormValues) => ({
  device_code: v.device_code,
  device_name: v.device_name,
  device_type: v.device_type,
  location_code: v.location_code?.trim() ? v.location_code.trim() : null,
  device_data: { ip: v.device_data.ip, port: v.device_data.port },
});

export default function DevicesPage() {
  const canEdit = useCan(PAGE, 'edit');
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { t } = useTranslation();
  const [editing, setEditing] = useState<DeviceListItem | 'new' | null>(null);
  const [printing, setPrinting] = useState<number | null>(null);
  const deviceType = Form.useWatch('device_type', form);

  const save = useApiMutation({
    fn: (v: FormValues) =>
      editing && editing !== 'new'
        ? call('devices.update', { params: { id: editing.id }, body: { ...toBody(v), version: editing.version } })
        : call('devices.create', { body: toBody(v) }),
    invalidates: [AREA],
    success: { action: editing && editing !== 'new' ? 'Update' : 'Create', entity: 'Device' },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    fn: (id: number) => call('devices.delete', { params: { id } }),
    invalidates: [AREA],
    success: { action: 'Delete', entity: 'Device' },
  });

  // calls.md 8: a printer that can't be reached answers the value "not connected", shown as an error toast.
  const testPrint = async (row: DeviceListItem) => {
    setPrinting(row.id);
    try {
      const result = await call('devices.testPrint', { params: { id: row.id } });
      if (result === PRINTER_PRINTED) toast.successText(successText('Test Print', 'Printer'));
      // The answer keeps the value `not connected`; the screen says which printer.
      else toast.error(new Error(t('devices.notConnected', { name: row.device_name, code: row.device_code })));
    } catch (e) {
      toast.error(e);
    } finally {
      setPrinting(null);
    }
  };

  const open = (row: DeviceListItem | 'new') => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { device_type: 'PRINTER', device_data: { ip: '', port: '9100' } }
        : {
            device_code: row.device_code,
            device_name: row.device_name,
            device_type: row.device_type,
            location_code: row.location_code ?? '',
            device_data: { ip: row.device_data.ip, port: String(row.device_data.port) },
          },
    );
  };

  const submit = async (v: FormValues) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e);
    }
  };

  const columns: ColumnsType<DeviceListItem> = [
    { title: t('devices.deviceCode'), dataIndex: 'device_code', key: 'device_code', sorter: true },
    { title: t('devices.deviceName'), dataIndex: 'device_name', key: 'device_name', sorter: true },
    { title: t('fields.type'), dataIndex: 'device_type', key: 'device_type', sorter: true },
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: 'IP', dataIndex: 'ip', key: 'ip', sorter: true },
    { title: t('devices.port'), dataIndex: 'port', key: 'port', sorter: true, align: 'right' },
    { title: t('fields.updated'), dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, row: DeviceListItem) => (
        <Space>
          <Button
            size="small"
            icon={<PrinterOutlined />}
            loading={printing === row.id}
            onClick={() => void testPrint(row)}
            aria-label={t('devices.testPrintOf', { code: row.device_code })}
          >
            {t('devices.testPrint')}
          </Button>
          {canEdit ? (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => open(row)}
                aria-label={t('common.editOf', { name: row.device_code })}
              >
                {t('common.edit')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.deleteOf', { name: row.device_code })}
                onClick={handle(() =>
                  modal.confirm({
                    title: t('devices.deleteConfirm', { code: row.device_code }),
                    content: t('devices.deleteContent'),
                    okText: t('common.delete'),
                    okButtonProps: { danger: true },
                    onOk: () => remove.mutateAsync(row.id),
                  }),
                )}
              >
                {t('common.delete')}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<DeviceListItem>
        title={t('devices.title')}
        area={AREA}
        op="devices.list"
        rowKey="id"
        exportName="devices"
        columns={columns}
        pageSize={DEVICE_PAGE_SIZE}
        filters={[
          { name: 'device_code', label: t('devices.deviceCode') },
          { name: 'device_name', label: t('devices.deviceName') },
          { name: 'device_type', label: t('fields.type'), type: 'select', options: typeOptions },
          { name: 'location_code', label: t('fields.location') },
          { name: 'ip', label: 'IP' },
        ]}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('list.addNew')}
            </Button>
          ) : null
        }
      />
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? t('devices.newTitle') : t('devices.editTitle')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        form={form}
        name="device"
        onFinish={submit}
      >
        <Form.Item name="device_code" label={t('devices.deviceCode')} rules={rules('device_code')}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="device_name" label={t('devices.deviceName')} rules={rules('device_name')}>
          <Input />
        </Form.Item>
        <Form.Item name="device_type" label={t('fields.type')} rules={rules('device_type')}>
          <Select options={typeOptions} aria-label={t('fields.type')} />
        </Form.Item>
        <Form.Item
          name="location_code"
          label={t('fields.location')}
          extra={deviceType === 'ADMIN_PRINTER' ? t('devices.locationHeadOffice') : t('devices.locationHint')}
          rules={rules('location_code', { required: deviceType !== 'ADMIN_PRINTER' })}
        >
          <Input />
        </Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name={['device_data', 'ip']}
            label="IP"
            style={{ flex: 3 }}
            extra={t('devices.ipHint')}
            rules={rules(['device_data', 'ip'])}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name={['device_data', 'port']}
            label={t('devices.port')}
            style={{ flex: 1 }}
            rules={rules(['device_data', 'port'])}
          >
            <Input inputMode="numeric" />
          </Form.Item>
        </div>
      </FormDialog>
    </>
  );
}
