import { App, Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { counterSaleFlags, formatNumber, type FlaggedCounterSale } from '@fp/contract';
import { call } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useCan } from '../../../auth/session';
import { ListPage } from '../../../components/ListPage';
import { renderDateTime } from '../../../components/format';
import { toast } from '../../../components/toast';
import { flagColor } from '../offline/FlagTags';

const AREA = 'counterSales';
const PAGE = '/counter/flagged';

/**
 * /counter/flagged (issue 19): the store manager's list of counter sales made offline that the server posted and
 * flagged when they came back (stock short, price or promotion changed, no open shift); the flags read as words, and
 * the manager marks each one reviewed after checking it (the order itself is posted and never changes).
 */
export default function FlaggedCounterSalesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canReview = useCan(PAGE, 'edit');
  const review = useApiMutation({
    fn: (pos_so_no: string) => call('counterSales.flaggedReview', { body: { pos_so_no } }),
    invalidates: [AREA],
    onSuccess: () => toast.successText(t('offline.flagged.reviewed')),
  });
  const askReview = (r: FlaggedCounterSale) =>
    modal.confirm({
      title: t('offline.flagged.reviewTitle', { no: r.pos_so_no }),
      content: t('offline.flagged.reviewText'),
      okText: t('offline.flagged.review'),
      cancelText: t('offline.flagged.cancel'),
      onOk: () => review.mutateAsync(r.pos_so_no),
    });
  const columns: ColumnsType<FlaggedCounterSale> = [
    {
      title: t('offline.flagged.col.order'),
      dataIndex: 'pos_so_no',
      key: 'pos_so_no',
      sorter: true,
      render: (no: string) => <Link to={`/salesOrders/detail?no=${encodeURIComponent(no)}`}>{no}</Link>,
    },
    {
      title: t('offline.flagged.col.soldAt'),
      dataIndex: 'sold_at',
      key: 'sold_at',
      sorter: true,
      render: renderDateTime,
    },
    {
      title: t('offline.flagged.col.postedAt'),
      dataIndex: 'posted_at',
      key: 'posted_at',
      sorter: true,
      render: renderDateTime,
    },
    { title: t('offline.flagged.col.location'), dataIndex: 'location_code', key: 'location_code' },
    { title: t('offline.flagged.col.deviceNo'), dataIndex: 'device_doc_no', key: 'device_doc_no' },
    {
      title: t('offline.flagged.col.flags'),
      dataIndex: 'flags',
      key: 'flags',
      render: (flags: FlaggedCounterSale['flags']) =>
        flags.map((f) => (
          <Tag key={f} color={flagColor[f]}>
            {t(`offline.flag.${f}`)}
          </Tag>
        )),
    },
    {
      title: t('offline.flagged.col.customer'),
      key: 'customer',
      render: (_: unknown, r: FlaggedCounterSale) => `${r.customer_name} (${r.customer_no})`,
    },
    {
      title: t('offline.flagged.col.total'),
      dataIndex: 'grand_total',
      key: 'grand_total',
      align: 'right',
      render: (v: string) => formatNumber(v),
    },
    { title: t('offline.flagged.col.cashier'), dataIndex: 'cashier', key: 'cashier' },
    {
      title: t('offline.flagged.col.reviewed'),
      key: 'reviewed',
      render: (_: unknown, r: FlaggedCounterSale) =>
        r.reviewed ? (
          <Typography.Text type="success">
            {t('offline.flagged.reviewedBy', { who: r.reviewed_by })} {renderDateTime(r.reviewed_at)}
          </Typography.Text>
        ) : canReview ? (
          <Button size="small" onClick={() => void askReview(r)}>
            {t('offline.flagged.review')}
          </Button>
        ) : (
          <Tag>{t('offline.flagged.notReviewed')}</Tag>
        ),
    },
  ];
  return (
    <>
      <Typography.Title level={3}>{t('offline.flagged.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('offline.flagged.intro')}</Typography.Paragraph>
      <ListPage<FlaggedCounterSale>
        area={AREA}
        op="counterSales.flaggedList"
        rowKey="pos_so_no"
        exportName="flagged-counter-sales"
        columns={columns}
        defaultSort={{ field: 'sold_at', direction: 'desc' }}
        filters={[
          { name: 'pos_so_no', label: t('offline.flagged.col.order') },
          {
            name: 'flags',
            label: t('offline.flagged.col.flags'),
            type: 'select',
            // a sale may carry several flags: the one chosen is found in its list
            condition: 'like',
            options: counterSaleFlags.map((f) => ({ label: t(`offline.flag.${f}`), value: f })),
          },
          { name: 'reviewed', label: t('offline.flagged.col.reviewed'), type: 'boolean' },
          { name: 'sold_at', label: t('offline.flagged.col.soldAt'), type: 'dateRange' },
        ]}
      />
    </>
  );
}
