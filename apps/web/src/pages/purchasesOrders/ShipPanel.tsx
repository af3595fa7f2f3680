import { useEffect, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DISPLAY, DATE_ISO, businessDate, messages, type PurchaseOrder } from '@fp/contract';
import { transitionOf } from '@fp/contract/machines';
import type { PurchaseOrderLine } from '@fp/contract';
import { call } from '../../api/client';
import { failToast } from '../../components/document/DocumentEditor';
import { renderNumber } from '../../components/format';
import { handle } from '../../components/handle';
import { toast, successText } from '../../components/toast';
import { PURCHASE_ENTITY, capIssue, purchaseOrderMachine, qtyMinus, sentQty, shipCapMessage } from './data';
import { editQty } from './ShipmentLines';
import { useTranslation } from 'react-i18next';

type Extra = { shipment_date: Dayjs | null; shipping_agent_code: string; external_document_no: string };

const outstanding = (l: PurchaseOrderLine) => qtyMinus(l.purchase_qty, l.qty_shipped);

/**
 * Head office's side of a purchase order (standalone ERP): per line a qty to ship (at most ordered − shipped), the
 * shipment date, the shipping agent and the external document no; confirmed with the machine's text, posted by
 * purchaseOrders.ship (a head office shipment and its invoice to the franchise).
 */
export function ShipPanel({ order, onShipped }: { order: PurchaseOrder; onShipped: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const ship = transitionOf(purchaseOrderMachine, 'ship')!;
  const [qty, setQty] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Extra>();
  const lines = order.lines.filter((l) => Number(outstanding(l)) > 0);

  useEffect(() => {
    setQty(Object.fromEntries(order.lines.map((l) => [l.line_no, editQty(outstanding(l))])));
  }, [order.lines]);

  const issueOf = (l: PurchaseOrderLine) => {
    const cap = outstanding(l);
    return capIssue(qty[l.line_no] ?? '', cap, (q) => shipCapMessage(l, q, cap));
  };

  const post = async () => {
    const v = form.getFieldsValue();
    setBusy(true);
    try {
      await call('purchaseOrders.ship', {
        body: {
          pos_po_no: order.pos_po_no,
          version: order.version,
          lines: lines.map((l) => ({ line_no: l.line_no, quantity: sentQty(qty[l.line_no] ?? '') })),
          shipment_date: v.shipment_date ? v.shipment_date.format(DATE_ISO) : null,
          shipping_agent_code: v.shipping_agent_code ?? '',
          external_document_no: v.external_document_no ?? '',
        },
      });
      toast.successText(successText(ship.label, PURCHASE_ENTITY));
      onShipped();
    } catch (e) {
      failToast(ship, PURCHASE_ENTITY, e);
    } finally {
      setBusy(false);
    }
  };

  const ask = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (lines.some(issueOf)) return;
    if (!lines.some((l) => Number(sentQty(qty[l.line_no] ?? '')) > 0)) {
      toast.warning(t('purchasing.ship.nothing'));
      return;
    }
    modal.confirm({
      title: ship.label,
      content: ship.confirm,
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: post,
    });
  };

  const columns: ColumnsType<PurchaseOrderLine> = [
    { title: t('fields.lineNo'), dataIndex: 'line_no', key: 'line_no' },
    { title: t('fields.no'), dataIndex: 'item_no', key: 'item_no' },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    {
      title: t('purchasing.lines.purchaseQty'),
      dataIndex: 'purchase_qty',
      key: 'purchase_qty',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('document.qtyShipped'),
      dataIndex: 'qty_shipped',
      key: 'qty_shipped',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('document.qtyToShip'),
      key: 'qty_to_ship',
      render: (_: unknown, l) => {
        const issue = issueOf(l);
        return (
          <div>
            <Input
              size="small"
              aria-label={t('purchasing.ship.qtyOf', { no: l.line_no, item: l.item_no })}
              value={qty[l.line_no] ?? ''}
              status={issue ? 'error' : undefined}
              style={{ width: 100, textAlign: 'right' }}
              onChange={(e) => setQty((q) => ({ ...q, [l.line_no]: e.target.value }))}
            />
            {issue ? (
              <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
                {issue}
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <Card size="small" title={t('consignment.transferOrder.ship')} aria-label={t('consignment.transferOrder.ship')}>
      <Typography.Paragraph type="secondary">{t('purchasing.ship.intro')}</Typography.Paragraph>
      <Form<Extra>
        form={form}
        name="purchase-ship"
        layout="vertical"
        initialValues={{ shipment_date: dayjs(businessDate()), shipping_agent_code: '', external_document_no: '' }}
      >
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="shipment_date" label={t('consignment.transferOrder.shipmentDate')}>
              <DatePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} style={{ width: '100%' }} placeholder={DATE_DISPLAY} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="shipping_agent_code"
              label={t('purchasing.ship.shippingAgentCode')}
              rules={[{ max: 30, message: messages.maxLength(30) }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="external_document_no"
              label={t('consignment.transferOrder.externalDocumentNo')}
              rules={[{ max: 40, message: messages.maxLength(40) }]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Table<PurchaseOrderLine>
        size="small"
        rowKey="line_no"
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('purchasing.ship.allShipped') }}
      />
      <div style={{ marginTop: 12 }}>
        <Button type="primary" loading={busy} disabled={!lines.length} onClick={handle(ask)}>
          {ship.label}
        </Button>
      </div>
    </Card>
  );
}
