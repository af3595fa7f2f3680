import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined, ExportOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { itemDocumentTypeLabels, type ItemDocument } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDate } from '../../components/format';
import { AREA, ENTITY, PAGE, formatFileSize, openDocument } from './data';
import { EditDialog } from './EditDialog';
import { typeOptions, UploadDialog } from './UploadDialog';
import { handle } from '../../components/handle';

// /document: item documents (images, spec sheets, price sheets) kept on the cloud drive (calls.md 7.8).
export default function DocumentsPage() {
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
      title: 'Item No',
      dataIndex: 'item_no',
      key: 'item_no',
      sorter: true,
      render: (v: string, row) => (row.variant_code ? `${v} / ${row.variant_code}` : v),
    },
    { title: 'Title', dataIndex: 'title', key: 'title', sorter: true },
    {
      title: 'Type',
      dataIndex: 'document_type',
      key: 'document_type',
      sorter: true,
      render: (v: ItemDocument['document_type']) => itemDocumentTypeLabels[v] ?? v,
    },
    {
      title: 'File',
      dataIndex: 'file_name',
      key: 'file_name',
      sorter: true,
      render: (v: string, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => openDocument(row)}
          aria-label={`Open ${v}`}
        >
          {v}
        </Button>
      ),
    },
    {
      title: 'Size',
      dataIndex: 'file_size',
      key: 'file_size',
      sorter: true,
      align: 'right',
      render: (v: number) => formatFileSize(v),
    },
    { title: 'Uploaded By', dataIndex: 'uploaded_by', key: 'uploaded_by', sorter: true },
    { title: 'Uploaded', dataIndex: 'created_at', key: 'created_at', sorter: true, render: renderDate },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row: ItemDocument) => (
        <Space>
          <Button
            size="small"
            icon={<ExportOutlined />}
            onClick={() => openDocument(row)}
            aria-label={`Open ${row.title}`}
          >
            Open
          </Button>
          {canEdit ? (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(row)}
                aria-label={`Edit ${row.title}`}
              >
                Edit
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${row.title}`}
                onClick={handle(() =>
                  modal.confirm({
                    title: `Remove document "${row.title}"?`,
                    content: `The file ${row.file_name} is deleted from the cloud drive too.`,
                    okText: 'Remove',
                    okButtonProps: { danger: true },
                    onOk: () => remove.mutateAsync(row.id),
                  }),
                )}
              >
                Remove
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
        title="Documents"
        area={AREA}
        op="itemDocuments.list"
        rowKey="id"
        exportName="item-documents"
        columns={columns}
        defaultSort={{ field: 'created_at', direction: 'desc' }}
        filters={[
          { name: 'item_no', label: 'Item No' },
          { name: 'title', label: 'Title' },
          { name: 'document_type', label: 'Type', type: 'select', options: typeOptions },
          { name: 'file_name', label: 'File' },
          { name: 'uploaded_by', label: 'Uploaded By' },
          { name: 'created_at', label: 'Uploaded', type: 'dateRange' },
        ]}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              Upload
            </Button>
          ) : null
        }
      />
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
      <EditDialog doc={editing} onClose={() => setEditing(null)} />
    </>
  );
}
