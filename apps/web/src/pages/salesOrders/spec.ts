import { Form, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DATE_ISO, type SalesLine, type SalesOrder } from '@fp/contract';
import { call } from '../../api/client';
import { useSession } from '../../auth/session';
import type { DocumentSpec } from '../../components/document/useDocument';
import { SALES_ENTITY, machineOf, salesTypesFor, type DocKind } from './data';
import { shipToFields, useShipTos, type HeaderValues } from './SalesHeader';
import { buyerBody } from './BuyerFields';

type Ref = { pos_so_no: string; version: number };
export type SalesSpec = DocumentSpec<'salesOrders.get', Ref, SalesLine, HeaderValues>;

const headerOf = (d: SalesOrder): HeaderValues => ({
  sell_to_phone_no: d.sell_to_phone_no,
  sell_to_code: d.sell_to_code,
  sell_to_name: d.sell_to_name,
  location_code: d.location_code,
  sales_type: d.sales_type || undefined,
  ship_to_code: d.ship_to_code || undefined,
  requested_delivery_date: d.requested_delivery_date ? dayjs(d.requested_delivery_date) : null,
  general_comments: d.general_comments,
  delivery_comments: d.delivery_comments,
  buyer_tax_code: d.buyer_tax_code,
  buyer_company_name: d.buyer_company_name,
  buyer_address: d.buyer_address,
});

/**
 * A sales document (order or quote) for useDocument, the desktop and the tablet screens alike: its read, its header
 * (customer, location, sales type, ship-to, delivery date, notes, company buyer), its line calls and its machine.
 */
export function useSalesSpec(o: {
  form: FormInstance<HeaderValues>;
  kind: DocKind;
  pages: readonly string[];
  franchise: string | null;
  readOnly: boolean;
  /** Where a document opens on this screen (desktop or tablet route). */
  url: (d: SalesOrder) => string;
  tablet?: boolean;
  /** After an action answered the document (the tablet forgets a scanned-to order that is no longer open). */
  acted?: (d: SalesOrder) => void;
  /** The line removal asks first (the tablet's trash button removes at once). */
  confirmRemove?: boolean;
}): SalesSpec {
  const { me } = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shipTos = useShipTos(Form.useWatch('sell_to_code', o.form) || undefined);

  const bodyOf = (v: HeaderValues) => {
    const shipTo = shipTos.data?.ship_to_addresses.find((a) => a.code === v.ship_to_code);
    return {
      location_code: v.location_code,
      sales_type: v.sales_type as never,
      sell_to_code: v.sell_to_code ?? '',
      sell_to_name: v.sell_to_name ?? '',
      sell_to_phone_no: v.sell_to_phone_no ?? '',
      ...(shipTo ? shipToFields(shipTo) : { ship_to_code: '' }),
      requested_delivery_date: v.requested_delivery_date ? v.requested_delivery_date.format(DATE_ISO) : null,
      general_comments: v.general_comments ?? '',
      delivery_comments: v.delivery_comments ?? '',
      ...buyerBody(v),
    };
  };

  return {
    get: 'salesOrders.get',
    input: (no) => ({ params: { pos_so_no: no } }),
    ref: (d) => ({ pos_so_no: d.pos_so_no, version: d.version }),
    noOf: (d) => d.pos_so_no,
    entity: SALES_ENTITY,
    machine: machineOf(o.kind),
    pages: o.pages,
    readOnly: o.readOnly,
    header: {
      form: o.form,
      of: headerOf,
      blank: () => ({ sales_type: salesTypesFor(me?.franchise_code)[0] }),
      create: (v) =>
        call('salesOrders.create', {
          body: {
            document_type: o.kind,
            ...(me?.franchise_code ? {} : o.franchise ? { franchise_code: o.franchise } : {}),
            ...bodyOf(v),
          },
        }),
      update: (ref, v) => call('salesOrders.update', { body: { ...ref, ...bodyOf(v) } }),
      created: (d) => void navigate(o.url(d), { replace: true }),
    },
    lines: {
      add: (ref, l) => call('salesOrders.lineAdd', { body: { ...ref, lines: [l] } }),
      update: (ref, line, field, value) =>
        call('salesOrders.lineUpdate', { body: { ...ref, line_no: line.line_no, [field]: value } }),
      remove: (ref, line) => call('salesOrders.lineRemove', { body: { ...ref, line_nos: [line.line_no] } }),
      confirmRemove:
        o.confirmRemove === false
          ? undefined
          : (line) => t('sales.lines.remove', { item: line.item_no, description: line.description }),
    },
    // The sync answers the order and the ERP's message.
    answer: (r) =>
      typeof r === 'object' && r !== null && 'order' in r && 'message' in r
        ? { doc: r.order, message: typeof r.message === 'string' ? r.message : undefined }
        : { doc: r },
    afterAction: (tr, d, before) => {
      if (!d) return;
      if (tr.action === 'convert') navigate(o.url(d));
      else if (d.pos_so_no === before.pos_so_no) {
        o.acted?.(d);
        if (o.url(d) !== o.url(before)) navigate(o.url(d), { replace: true });
      }
    },
  };
}
