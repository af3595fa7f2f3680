import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { PRINTER_PRINTED, printedEntity, type PrintDocumentType } from '@fp/contract';
import { call } from '../../../api/client';
import { toast, successText } from '../../../components/toast';
import i18n from '../../../i18n';
import type { CounterPanelProps } from './types';

type Printable = Exclude<PrintDocumentType, 'test'>;

/**
 * Prints a document by number on the user's printer (POST /api/print) with the result toast naming the document
 * ("Print Sales Invoice Successfully!", "Print Payment Receipt Successfully!"), or an error toast when the printer is off (`not connected`: nothing printed, nothing undone) or
 * the call fails. Answers whether it printed. The payments panel prints a receipt with it: printDocument('receipt', no).
 */
export async function printDocument(type: Printable, no: string): Promise<boolean> {
  try {
    const result = await call('devices.print', { body: { document_type: type, document_no: no } });
    if (result === PRINTER_PRINTED) {
      toast.successText(successText('Print', printedEntity[type]));
      return true;
    }
    toast.error(new Error(i18n.t('print.notConnected')));
  } catch (e) {
    toast.error(e);
  }
  return false;
}

/** Print the document on the user's printer (issue 9, printing): offered once it exists and after posting. */
export function PrintPanel({ order }: CounterPanelProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  if (order.document_type === 'credit_memo') return null;
  const lastShipment = order.shipments[order.shipments.length - 1];
  const lastInvoice = order.invoices[order.invoices.length - 1];
  const choices: { key: string; type: Printable; no: string; label: string }[] = [
    order.document_type === 'quote'
      ? { key: 'quote', type: 'quote', no: order.pos_so_no, label: t('print.quote') }
      : { key: 'order', type: 'order', no: order.pos_so_no, label: t('print.order') },
    ...(lastShipment
      ? [{ key: 'shipment', type: 'shipment' as const, no: lastShipment.pos_ss_no, label: t('print.shipment') }]
      : []),
    ...(lastInvoice
      ? [{ key: 'invoice', type: 'invoice' as const, no: lastInvoice.pos_si_no, label: t('print.invoice') }]
      : []),
  ];
  const run = async (c: (typeof choices)[number]) => {
    setBusy(c.key);
    try {
      await printDocument(c.type, c.no);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card size="small" title={t('print.panel.title')} data-testid="print-panel">
      <Space wrap>
        {choices.map((c) => (
          <Button
            key={c.key}
            icon={<PrinterOutlined />}
            loading={busy === c.key}
            aria-label={`${c.label} ${c.no}`}
            onClick={() => void run(c)}
          >
            {c.label}
          </Button>
        ))}
      </Space>
    </Card>
  );
}
