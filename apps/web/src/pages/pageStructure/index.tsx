import { App, Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageByUrl, type PageStructureListItem } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { STRUCTURE_AREA, STRUCTURE_PAGE, structureDetailPath } from './data';
import { handle } from '../../components/handle';

/** /pageStructure: every page with the buttons, fields and filters the permission editor offers. */
export default function PageStructuresPage() {
  const { t } = useTranslation();
  const canEdit = useCan(STRUCTURE_PAGE, 'edit');
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const remove = useApiMutation({
    fn: (id: number) => call('pageStructures.delete', { params: { id } }),
    invalidates: [STRUCTURE_AREA],
    success: { action: 'Delete', entity: 'Page Structure' },
  });

  const confirmDelete = (row: PageStructureListItem) =>
    modal.confirm({
      title: t('pageStructure.deleteConfirm', { url: row.page_url }),
      content: t('pageStructure.deleteContent'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  const count = (v: unknown) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{String(v)}</span>;
  const columns: ColumnsType<PageStructureListItem> = [
    {
      title: t('pageStructure.pageUrl'),
      dataIndex: 'page_url',
      key: 'page_url',
      sorter: true,
      render: (url: string) => <Link to={structureDetailPath(url)}>{url}</Link>,
    },
    { title: t('pageStructure.pageName'), dataIndex: 'page_name', key: 'page_name', sorter: true },
    {
      title: t('pageStructure.buttons'),
      dataIndex: 'buttons_count',
      key: 'buttons_count',
      align: 'right',
      render: count,
    },
    { title: t('pageStructure.fields'), dataIndex: 'fields_count', key: 'fields_count', align: 'right', render: count },
    {
      title: t('pageStructure.filters'),
      dataIndex: 'filters_count',
      key: 'filters_count',
      align: 'right',
      render: count,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: PageStructureListItem) =>
              pageByUrl.has(row.page_url) ? null : (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.deleteOf', { name: row.page_url })}
                  onClick={handle(() => confirmDelete(row))}
                >
                  {t('common.delete')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<PageStructureListItem>
      title={t('pageStructure.title')}
      area={STRUCTURE_AREA}
      op="pageStructures.list"
      rowKey="id"
      exportName="page-structures"
      columns={columns}
      defaultSort={{ field: 'page_url', direction: 'asc' }}
      filters={[
        { name: 'page_url', label: t('pageStructure.pageUrl') },
        { name: 'page_name', label: t('pageStructure.pageName') },
      ]}
      toolbar={
        canEdit ? (
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={handle(() => navigate(structureDetailPath('/new')))}
            >
              {t('list.addNew')}
            </Button>
          </Space>
        ) : null
      }
    />
  );
}
