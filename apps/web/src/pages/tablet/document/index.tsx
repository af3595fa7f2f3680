import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, Empty, Input, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
} from '@ant-design/icons';
import { isImageContentType, type ItemDocument, type ListRequestInput } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useLabels } from '../../../components/labels';
import { AREA, fileUrl, formatFileSize, openDocument } from '../../document/data';

// /tablet/document: find an item's documents by its number and tap one to open it in a new tab.
const PAGE_SIZE = 24;

function FileIcon({ doc }: { doc: ItemDocument }) {
  const style = { fontSize: 64, color: '#8c8c8c' };
  if (doc.content_type === 'application/pdf') return <FilePdfOutlined style={{ ...style, color: '#cf1322' }} />;
  if (doc.content_type.includes('sheet') || doc.content_type.includes('excel') || doc.content_type === 'text/csv')
    return <FileExcelOutlined style={{ ...style, color: '#389e0d' }} />;
  if (doc.content_type.startsWith('text/') || doc.content_type.includes('word'))
    return <FileTextOutlined style={{ ...style, color: '#0958d9' }} />;
  if (isImageContentType(doc.content_type)) return <FileImageOutlined style={style} />;
  return <FileOutlined style={style} />;
}

function DocumentCard({ doc }: { doc: ItemDocument }) {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
    <Card
      hoverable
      role="button"
      tabIndex={0}
      aria-label={t('document.openOf', { name: doc.title })}
      onClick={() => openDocument(doc)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          openDocument(doc);
        }
      }}
      cover={
        <div
          style={{
            height: 160,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: '#fafafa',
            overflow: 'hidden',
          }}
        >
          {isImageContentType(doc.content_type) ? (
            <img
              src={fileUrl(doc)}
              alt={doc.title}
              loading="lazy"
              style={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain' }}
            />
          ) : (
            <FileIcon doc={doc} />
          )}
        </div>
      }
      styles={{ body: { padding: 12 } }}
    >
      <Typography.Text strong ellipsis style={{ display: 'block', fontSize: 16 }}>
        {doc.title}
      </Typography.Text>
      <Space size={4} wrap style={{ marginTop: 6 }}>
        <Tag>{doc.variant_code ? `${doc.item_no} / ${doc.variant_code}` : doc.item_no}</Tag>
        <Tag color="blue">{labels.label('itemDocumentType', doc.document_type)}</Tag>
        <Typography.Text type="secondary">{formatFileSize(doc.file_size)}</Typography.Text>
      </Space>
    </Card>
  );
}

export default function TabletDocumentsPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const request: ListRequestInput = {
    pagination: { page, size: PAGE_SIZE },
    filters: search ? [{ field: 'item_no', value: search, condition_type: 'like' }] : [],
    sort_order: { field: 'item_no', direction: 'asc' },
  };
  const list = useQuery({
    queryKey: qk.list(AREA, { tablet: true, ...request }),
    queryFn: () => call('itemDocuments.list', { body: request }),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('document.title')}
      </Typography.Title>
      <Input.Search
        size="large"
        aria-label={t('tablet.document.search')}
        placeholder={t('tablet.document.placeholder')}
        enterButton={t('common.search')}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => {
          setSearch(v.trim());
          setPage(1);
        }}
      />
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <Empty
          description={
            list.isError
              ? t('tablet.document.loadFailed')
              : search
                ? t('tablet.document.noneFor', { search })
                : t('tablet.document.none')
          }
        />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 16 }}>
          {items.map((doc) => (
            <DocumentCard key={doc.id} doc={doc} />
          ))}
        </div>
      )}
      {(list.data?.total_count ?? 0) > PAGE_SIZE ? (
        <Pagination
          align="center"
          current={page}
          pageSize={PAGE_SIZE}
          total={list.data?.total_count ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </Space>
  );
}
