import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined, ExportOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { ItemDocument } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDate } from '../../components/format';
import { useLabels } from '../../components/labels';
import { AREA, ENTITY, PAGE, formatFileSize, openDocument } from './data';
import { EditDialog } from './EditDialog';
import { UploadDialog } from './UploadDialog';
import { handle } from '../../components/handle';

// /document: item documents (images, spec sheets, price sheets) kept on the cloud drive (calls.md 7.8).
export default function DocumentsPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const canEdit = useCan(PAGE, 'edit');
  const { modal } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<ItemDocument | null>(null);

  const remove = useApiMutation({
    fn: (id: number) => call('itemDocuments.remove', { body: { ids: [id] } }),
    invalidates: [AREA],
    success: { action: 'Remove', entity: ENTITY },
  });

  const columns: ColumnsType<ItemDocument> = [
    {
      title: t('fields.itemNo'),
      dataIndex: 'item_no',
      key: 'item_no',
      sorter: true,
      render: (v: string, row) => (row.variant_code ? `${v} / ${row.variant_code}` : v),
    },
    { title: t('document.titleField'), dataIndex: 'title', key: 'title', sorter: true },
    {
      title: t('fields.type'),
      dataIndex: 'document_type',
      key: 'document_type',
      sorter: true,
      render: labels.render('itemDocumentType'),
    },
    {
      title: t('document.file'),
      dataIndex: 'file_name',
      key: 'file_name',
      sorter: true,
      render: (v: string, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => openDocument(row)}
          aria-label={t('document.openOf', { name: v })}
        >
          {v}
        </Button>
      ),
    },
    {
      title: t('document.size'),
      dataIndex: 'file_size',
      key: 'file_size',
      sorter: true,
      align: 'right',
      render: (v: number) => formatFileSize(v),
    },
    { title: t('document.uploadedBy'), dataIndex: 'uploaded_by', key: 'uploaded_by', sorter: true },
    { title: t('document.uploaded'), dataIndex: 'created_at', key: 'created_at', sorter: true, render: renderDate },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, row: ItemDocument) => (
        <Space>
          <Button
            size="small"
            icon={<ExportOutlined />}
            onClick={() => openDocument(row)}
            aria-label={t('document.openOf', { name: row.title })}
          >
            {t('document.open')}
          </Button>
          {canEdit ? (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(row)}
                aria-label={t('common.editOf', { name: row.title })}
              >
                {t('common.edit')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.removeOf', { name: row.title })}
                onClick={handle(() =>
                  modal.confirm({
                    title: t('document.removeConfirm', { title: row.title }),
                    content: t('document.removeContent', { file: row.file_name }),
                    okText: t('common.remove'),
                    okButtonProps: { danger: true },
                    onOk: () => remove.mutateAsync(row.id),
                  }),
                )}
              >
                {t('common.remove')}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<ItemDocument>
        title={t('document.title')}
        area={AREA}
        op="itemDocuments.list"
        rowKey="id"
        exportName="item-documents"
        columns={columns}
        defaultSort={{ field: 'created_at', direction: 'desc' }}
        filters={[
          { name: 'item_no', label: t('fields.itemNo') },
          { name: 'title', label: t('document.titleField') },
          {
            name: 'document_type',
            label: t('fields.type'),
            type: 'select',
            options: labels.options('itemDocumentType'),
          },
          { name: 'file_name', label: t('document.file') },
          { name: 'uploaded_by', label: t('document.uploadedBy') },
          { name: 'created_at', label: t('document.uploaded'), type: 'dateRange' },
        ]}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('document.upload')}
            </Button>
          ) : null
        }
      />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
      <EditDialog doc={editing} onClose={() => setEditing(null)} />
    </>
  );
}
