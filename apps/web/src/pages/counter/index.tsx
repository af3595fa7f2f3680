import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Alert, Button, Col, Input, Modal, Row, Select, Space, Spin, Tag, Typography, type InputRef } from 'antd';
import { DeleteOutlined, GiftOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, type CounterSaleCreate, type CounterSaleResult } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast';
import { useCurrentShift } from '../shifts/CurrentShift';
import { useOpenShift } from '../shifts/OpenShiftDialog';
import { useLineLimits, type LineLimits } from '../salesOrders/lines';
import { VietQrPanel } from '../payment/VietQrPanel';
import { CustomerDialog, DiscountDialog, PayDialog, TextDialog } from './dialogs';
import { itemByCode, onHandAt, searchItems } from './items';
import { Receipt } from './Receipt';
import { BuyerDialog } from './BuyerDialog';
import { counter, lineAmount, saleSubtotal, useCounterState, type CounterPayment, type CounterSale } from './store';
import { useCounterLocations } from './offline/locations';
import { OfflineBar } from './offline/OfflineBar';
import { OfflineReceipt } from './offline/OfflineReceipt';
import { OfflineSaleError, useOfflineCounter, type CounterItem } from './offline/useOfflineCounter';
import './counter.css';

type Dialog = 'customer' | 'discount' | 'coupon' | 'points' | 'pay' | 'buyer' | null;

const RETRY_MS = 3000;
/** The keyboard legend: the keys as printed on the keyboard, each with its counter.keys.* text. */
type LegendKey = 'F2' | 'F4' | 'F6' | 'F7' | 'F8' | 'F9' | 'Delete' | '+/-' | 'Esc';
const LEGEND_KEYS: readonly LegendKey[] = ['F2', 'F4', 'F6', 'F7', 'F8', 'F9', 'Delete', '+/-', 'Esc'];
/** A failed call that never reached the server (no network, no server). */
const unreached = (e: unknown) => e instanceof ApiCallError && e.status === 0;
const SEARCH_DELAY_MS = 250;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The body of POST /api/counter-sales for a sale and its payments. */
function saleBody(sale: CounterSale, location: string, payments: CounterPayment[]): CounterSaleCreate {
  const c = sale.customer!;
  return {
    client_id: sale.client_id,
    location_code: location,
    ...(c.customer_no
      ? { sell_to_code: c.customer_no }
      : { temporary_customer: { name: c.name, phone_no: c.phone_no } }),
    lines: sale.lines.map((l) => ({
      item_no: l.item_no,
      quantity: String(l.quantity),
      ...(l.discount ? { line_discount_percent: l.discount } : {}),
    })),
    ...(sale.coupon_code ? { coupon_code: sale.coupon_code } : {}),
    ...(sale.redeem_points ? { redeem_points: Number(sale.redeem_points) } : {}),
    ...(sale.birthday && c.customer_no ? { loyalty_birthday_used: true } : {}),
    ...(sale.buyer ?? {}),
    payments,
  };
}

/**
 * /counter (issue 18): the store's fast sale. One field takes item numbers, barcodes (a scanner's keystrokes) and
 * names; F4 customer, F6 discount, F7 coupon, F8 points, F9 pay; the sale is sent as one POST /api/counter-sales
 * with the client_id made when it started (again after a network error), and its receipt shows beside the next.
 */
export default function CounterPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const user = me?.user.username ?? '';
  const s = useCounterState(user);
  const sale = s.sale;
  const locations = useCounterLocations(user);
  const onlineLimits = useLineLimits();
  const field = useRef<InputRef>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [payAfterCustomer, setPayAfterCustomer] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [qr, setQr] = useState<number | null>(null);

  // The location: the one chosen on this browser, else the user's device's (GET /api/auth/me), else the franchise's first.
  const location = s.location && locations.options.some((o) => o.value === s.location) ? s.location : null;
  const deviceLocation = me?.location_code ?? null;
  useEffect(() => {
    if (location || !locations.options.length) return;
    const device = locations.options.find((o) => o.value === deviceLocation);
    counter.setLocation((device ?? locations.options[0]).value);
  }, [location, locations.options, deviceLocation]);
  const option = locations.options.find((o) => o.value === location);
  const franchise = option?.franchise ?? me?.franchise_code ?? null;
  // Issue 19: with no network or no server the counter sells on from the device (offline/*).
  const off = useOfflineCounter(user, location, franchise);
  const offline = !off.reached;
  const limits: LineLimits =
    offline && off.limits
      ? {
          overridePrice: off.limits.may_override_price,
          discountAboveLimit: off.limits.may_discount_above_limit,
          maxDiscountPercent: off.limits.max_line_discount_percent,
        }
      : onlineLimits;
  const shift = useCurrentShift(location ?? undefined);
  const openShift = useOpenShift(location ?? undefined);
  // The franchise's rule "cash at the counter needs an open shift": the counter asks to open one before paying.
  const needsShift = !!option?.cashNeedsOpenShift && shift.isSuccess && !shift.data;

  // What the sale will charge, priced by the server as the sale itself prices it (promotions, coupon, points, fees),
  // asked when the payment opens: the dialog prefills exactly that amount.
  const priceBody = dialog === 'pay' && !offline && location && sale.customer ? saleBody(sale, location, []) : null;
  // Offline, the device prices the sale with the contract's pricing rules and the offline data.
  const offlinePrice = dialog === 'pay' && offline ? off.price(sale) : null;
  const price = useQuery({
    queryKey: qk.op('counterSales.price', priceBody),
    queryFn: () => call('counterSales.price', { body: priceBody! }),
    enabled: !!priceBody,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    // A sale the server cannot price (a coupon that no longer applies, points over the balance): say why, back to the sale.
    if (!price.isError) return;
    toast.error(price.error);
    setDialog(null);
  }, [price.isError, price.error]);

  // The customer's birthday promotion (in the birthday month, once a year): asked of the server online, decided on the
  // device by the same rule offline (the contract's birthdayVerdict); the cashier takes it beside the customer.
  const customerNo = sale.customer?.customer_no ?? '';
  const birthdayOnline = useQuery({
    queryKey: qk.other('customers', 'birthday-promotion', customerNo),
    queryFn: () => call('customers.birthdayPromotion', { params: { customer_no: customerNo }, query: {} }),
    enabled: !offline && !!customerNo,
  });
  const birthdayEligible = offline ? off.birthdayEligible(customerNo) : !!birthdayOnline.data?.eligible;

  const focusField = useCallback(() => field.current?.focus(), []);
  // Each new sale (and the first) starts with the focus in the item field, so the next scan starts it.
  useEffect(focusField, [focusField, sale.client_id, locations.isLoading]);

  // The name search under the field (a debounced list; Enter never waits for it).
  useEffect(() => {
    const v = text.trim();
    const timer = setTimeout(() => setQuery(v.length >= 2 ? v : ''), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: qk.other('counterSales', 'search', { query, franchise, location, offline }),
    queryFn: async () => {
      if (offline) return off.searchItems(query);
      const items = await searchItems(query, franchise).catch((e: unknown) => {
        if (unreached(e)) return null;
        throw e;
      });
      if (!items) return off.searchItems(query);
      const stock = location
        ? await onHandAt(
            location,
            items.map((i) => i.item_no),
          ).catch(() => ({}) as Record<string, string>)
        : {};
      return items.map((item) => ({ item, available: stock[item.item_no] ?? null }));
    },
    enabled: !!query && !!location,
  });
  const results = query && query === text.trim() ? (search.data ?? []) : [];

  const addRow = useCallback(
    (item: CounterItem, available: string | null) => {
      setNotice(null);
      counter.addItem({
        item_no: item.item_no,
        description: item.description,
        unit_of_measure: item.base_unit_of_measure,
        unit_price: item.effective_price,
        available,
      });
      if (available === null && location)
        onHandAt(location, [item.item_no])
          .then((m) => counter.setAvailable(item.item_no, m[item.item_no] ?? '0'))
          .catch(() => undefined);
    },
    [location],
  );

  /** Enter in the field: the typed code exactly (queued, so scans add up in the order they came). */
  const enqueue = (code: string) => {
    queue.current = queue.current
      .then(async () => {
        // Offline (or when the call cannot reach the server) the offline data answers, with its on-hand figure.
        const local = () => off.findItem(code);
        const online = offline
          ? undefined
          : await itemByCode(code, franchise).catch((e: unknown) => {
              if (unreached(e)) return undefined;
              throw e;
            });
        const found = online === undefined ? local() : online ? { item: online as CounterItem, available: null } : null;
        if (found) addRow(found.item, found.available);
        else setNotice(t('counter.notFound', { code }));
      })
      .catch((e: unknown) => toast.error(e));
  };

  const onFieldKey = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const picked = results[active];
      const code = text.trim();
      setText('');
      setActive(-1);
      if (picked) addRow(picked.item, picked.available);
      else if (code) enqueue(code);
      return;
    }
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && results.length) {
      e.preventDefault();
      const d = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(-1, Math.min(results.length - 1, i + d)));
    }
  };

  // Sending: one POST with the sale's client_id; a network error sends the same again until the server answers.
  const after = useCallback(
    (r: CounterSaleResult) => {
      counter.completed(r);
      off.setReceipt(null);
      setDialog(null);
      const transfer = r.receipts.find((x) => x.payment_type === 'transfer');
      if (transfer) setQr(transfer.receipt_id);
      focusField();
    },
    [focusField, off],
  );
  // Offline (or when the sale's call cannot reach the server): numbered from the device's range, kept in the outbox
  // with the same client_id and sent when the server answers; the receipt comes from the device.
  const finishOffline = useCallback(
    async (current: CounterSale, loc: string, payments: CounterPayment[]) => {
      try {
        await off.finish(current, loc, payments, saleBody(current, loc, payments));
        counter.completed(null);
        setDialog(null);
        focusField();
      } catch (e) {
        counter.stopSending();
        if (e instanceof OfflineSaleError) toast.error(new Error(t(e.message)));
        else toast.error(e);
      }
    },
    [off, t, focusField],
  );
  const send = useCallback(
    async (current: CounterSale, loc: string, payments: CounterPayment[]) => {
      counter.startSending(payments);
      if (offline) return finishOffline(current, loc, payments);
      try {
        after(await call('counterSales.create', { body: saleBody(current, loc, payments) }));
      } catch (e) {
        if (unreached(e) && payments.every((p) => p.payment_type === 'cash'))
          return finishOffline(current, loc, payments);
        counter.stopSending();
        toast.error(e);
      }
    },
    [after, offline, finishOffline],
  );
  // A sale that was being sent when the page went away: ask what became of it, then send it again if unknown.
  // (Only a sale that was being sent when the page loaded: a send of this page answers for itself.)
  const resumed = useRef(false);
  const sendingAtLoad = useRef(!!sale.sending);
  useEffect(() => {
    if (resumed.current || !sendingAtLoad.current || !sale.sending || !location) return;
    resumed.current = true;
    const pending = sale;
    const payments = sale.sending;
    void (async () => {
      for (;;) {
        try {
          after(await call('counterSales.get', { params: { client_id: pending.client_id } }));
          return;
        } catch (e) {
          if (e instanceof ApiCallError && e.status === 404) return send(pending, location, payments);
          if (unreached(e)) {
            // a cash sale is finished on the device (sent again with its client_id, so never twice)
            if (payments.every((p) => p.payment_type === 'cash')) return finishOffline(pending, location, payments);
            await sleep(RETRY_MS);
            continue;
          }
          counter.stopSending();
          toast.error(e);
          return;
        }
      }
    })();
  }, [sale, location, after, send, finishOffline]);

  const openPay = useCallback(async () => {
    await queue.current;
    const now = counter.get().sale;
    if (!now.lines.length) {
      setNotice(t('counter.nothingToPay'));
      return;
    }
    if (offline && !off.price(now)) {
      setNotice(t('offline.noDataToSell'));
      return;
    }
    if (!now.customer) {
      setPayAfterCustomer(true);
      setDialog('customer');
      return;
    }
    // The rule "cash needs an open shift": asked of the server again (a shift opened elsewhere counts).
    // Offline the sale goes on (the server accepts it and flags no_open_shift).
    if (!offline && option?.cashNeedsOpenShift && !(shift.data ?? (await shift.refetch()).data)) {
      openShift.start();
      return;
    }
    setDialog('pay');
  }, [t, option, shift, openShift, offline, off]);

  const current = sale.lines[sale.current];
  const busy = !!sale.sending;

  // The keys of the counter (the legend shows them). Dialogs keep their own keys (Enter, Escape).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialog || busy) return;
      const target = e.target as HTMLElement | null;
      const inField = target === field.current?.input;
      const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
      const free = !typing || (inField && !field.current?.input?.value);
      const fkeys: Record<string, () => void> = {
        F2: focusField,
        F4: () => setDialog('customer'),
        F6: () => current && setDialog('discount'),
        F7: () => setDialog('coupon'),
        F8: () => setDialog('points'),
        F9: () => void openPay(),
      };
      if (fkeys[e.key]) {
        e.preventDefault();
        fkeys[e.key]();
        return;
      }
      // A scan or a typed code while the focus is elsewhere on the page still lands in the item field.
      const printable = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (printable && !typing && !(current && (e.key === '+' || e.key === '-'))) {
        focusField();
        return;
      }
      if (!free || !current) return;
      if (e.key === 'Delete') counter.removeCurrent();
      else if (e.key === '+') counter.changeQuantity(1);
      else if (e.key === '-') counter.changeQuantity(-1);
      else if (e.key === 'ArrowDown') counter.select(counter.get().sale.current + 1);
      else if (e.key === 'ArrowUp') counter.select(counter.get().sale.current - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, busy, current, focusField, openPay]);

  const closeDialog = () => {
    setDialog(null);
    setPayAfterCustomer(false);
    setTimeout(focusField, 0);
  };
  const subtotal = saleSubtotal(sale);
  const legend = useMemo(
    () =>
      LEGEND_KEYS.map((k) => (
        <span key={k}>
          <kbd>{k}</kbd> {t(`counter.keys.${k === '+/-' ? 'plusMinus' : k}`)}
        </span>
      )),
    [t],
  );

  if (locations.isLoading) return <Spin aria-label={t('counter.loading')} />;
  if (!locations.options.length) return <Alert type="warning" showIcon message={t('counter.noLocation')} />;

  return (
    <div className="counter">
      <Space wrap className="counter-head" size="middle">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('counter.title')}
        </Typography.Title>
        <Select
          aria-label={t('counter.location')}
          value={location ?? undefined}
          options={locations.options.map((o) => ({ value: o.value, label: o.label }))}
          onChange={(v: string) => counter.setLocation(v)}
          disabled={sale.lines.length > 0 || busy}
          style={{ minWidth: 220 }}
        />
        {shift.data ? (
          <Tag color="green">{t('counter.shiftOpen', { no: shift.data.shift_no })}</Tag>
        ) : shift.isSuccess ? (
          <Tag color="orange">{t('counter.noShift')}</Tag>
        ) : null}
        <Link to="/shifts">{t('counter.shift')}</Link>
      </Space>
      {needsShift && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={t('counter.needsShift', { location })}
          action={
            <Button type="primary" className="counter-target" onClick={openShift.start}>
              {t('shifts.open')}
            </Button>
          }
        />
      )}
      {openShift.dialog}
      <div className="counter-legend" aria-label={t('counter.keys.title')}>
        {legend}
      </div>
      <OfflineBar reached={off.reached} data={off.data} outbox={off.outbox} numbersLeft={off.numbersLeft} />
      <Row gutter={16}>
        <Col xs={24} lg={s.last || off.receipt ? 15 : 24}>
          <div className="counter-entry">
            <Input
              ref={field}
              size="large"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(-1);
              }}
              onKeyDown={onFieldKey}
              placeholder={t('counter.itemPlaceholder')}
              aria-label={t('counter.item')}
              disabled={busy}
              autoFocus
              autoComplete="off"
              suffix={search.isFetching ? <Spin size="small" /> : null}
            />
            {results.length > 0 && (
              <ul className="counter-results" role="listbox" aria-label={t('counter.results')}>
                {results.map((r, i) => (
                  <li
                    key={r.item.item_no}
                    role="option"
                    aria-selected={i === active}
                    className={i === active ? 'active' : undefined}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      addRow(r.item, r.available);
                      setText('');
                      focusField();
                    }}
                  >
                    <span>
                      {r.item.description} <Typography.Text type="secondary">{r.item.item_no}</Typography.Text>
                    </span>
                    <span>{formatNumber(r.item.effective_price)}</span>
                    <span>{t('counter.available', { qty: formatNumber(r.available ?? '0') })}</span>
                  </li>
                ))}
              </ul>
            )}
            {query && query === text.trim() && search.isSuccess && !results.length && (
              <Typography.Text type="secondary">{t('counter.noMatch')}</Typography.Text>
            )}
          </div>
          {notice && <Alert type="warning" showIcon message={notice} style={{ margin: '8px 0' }} />}
          <Space wrap className="counter-customer">
            <Typography.Text>{t('counter.customer.label')}</Typography.Text>
            <Typography.Text strong data-testid="counter-customer">
              {sale.customer
                ? `${sale.customer.name} · ${sale.customer.phone_no}${sale.customer.customer_no ? '' : ` (${t('counter.customer.new')})`}`
                : t('counter.customer.none')}
            </Typography.Text>
            {sale.coupon_code && <Tag>{t('counter.couponTag', { code: sale.coupon_code })}</Tag>}
            {sale.redeem_points && <Tag>{t('counter.pointsTag', { points: sale.redeem_points })}</Tag>}
            {customerNo && (sale.birthday || birthdayEligible) && (
              <Button
                size="small"
                icon={<GiftOutlined />}
                type={sale.birthday ? 'primary' : 'default'}
                data-testid="counter-birthday"
                aria-pressed={!!sale.birthday}
                onClick={() => {
                  counter.setBirthday(!sale.birthday);
                  focusField();
                }}
              >
                {sale.birthday ? t('counter.birthday.taken') : t('counter.birthday.take')}
              </Button>
            )}
            {sale.buyer && (
              <Tag color="purple" data-testid="counter-buyer">
                {t('einvoice.buyer.tag', { code: sale.buyer.buyer_tax_code, name: sale.buyer.buyer_company_name })}
              </Tag>
            )}
          </Space>
          <table className="counter-lines" aria-label={t('counter.lines')}>
            <thead>
              <tr>
                <th>{t('counter.col.item')}</th>
                <th>{t('counter.col.quantity')}</th>
                <th className="num">{t('counter.col.price')}</th>
                <th className="num">{t('counter.col.discount')}</th>
                <th className="num">{t('counter.col.amount')}</th>
                <th aria-label={t('counter.col.actions')} />
              </tr>
            </thead>
            <tbody>
              {sale.lines.map((l, i) => {
                const short = l.available !== null && l.quantity > Number(l.available);
                return (
                  <tr
                    key={l.item_no}
                    aria-selected={i === sale.current}
                    className={i === sale.current ? 'current' : undefined}
                    onClick={() => counter.select(i)}
                  >
                    <td>
                      {l.description}
                      <div className="counter-sub">
                        {l.item_no}
                        {short && (
                          <Tag color="red" style={{ marginLeft: 8 }}>
                            {t('counter.beyondStock', { qty: formatNumber(l.available) })}
                          </Tag>
                        )}
                      </div>
                    </td>
                    <td>
                      <Space size={4}>
                        <Button
                          className="counter-target"
                          icon={<MinusOutlined />}
                          aria-label={t('counter.less')}
                          disabled={busy}
                          onClick={(e) => {
                            e.stopPropagation();
                            counter.select(i);
                            counter.changeQuantity(-1);
                          }}
                        />
                        <span className="counter-qty" data-testid="counter-qty">
                          {formatNumber(l.quantity)}
                        </span>
                        <Button
                          className="counter-target"
                          icon={<PlusOutlined />}
                          aria-label={t('counter.more')}
                          disabled={busy}
                          onClick={(e) => {
                            e.stopPropagation();
                            counter.select(i);
                            counter.changeQuantity(1);
                          }}
                        />
                      </Space>
                    </td>
                    <td className="num">{formatNumber(l.unit_price)}</td>
                    <td className="num">{l.discount ? `${formatNumber(l.discount)}%` : ''}</td>
                    <td className="num">{formatNumber(lineAmount(l))}</td>
                    <td>
                      <Button
                        className="counter-target"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('counter.remove')}
                        disabled={busy}
                        onClick={(e) => {
                          e.stopPropagation();
                          counter.select(i);
                          counter.removeCurrent();
                        }}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {!sale.lines.length && (
            <Typography.Paragraph type="secondary" className="counter-empty">
              {t('counter.empty')}
            </Typography.Paragraph>
          )}
          <div className="counter-total">
            <Typography.Text type="secondary">{t('counter.subtotalNote')}</Typography.Text>
            <Typography.Title level={2} style={{ margin: 0 }} data-testid="counter-subtotal">
              {formatNumber(subtotal)}
            </Typography.Title>
          </div>
          <Space wrap className="counter-actions">
            <Button className="counter-target" onClick={() => setDialog('customer')} disabled={busy}>
              F4 {t('counter.keys.F4')}
            </Button>
            <Button className="counter-target" onClick={() => setDialog('discount')} disabled={busy || !current}>
              F6 {t('counter.keys.F6')}
            </Button>
            <Button className="counter-target" onClick={() => setDialog('coupon')} disabled={busy}>
              F7 {t('counter.keys.F7')}
            </Button>
            <Button className="counter-target" onClick={() => setDialog('points')} disabled={busy}>
              F8 {t('counter.keys.F8')}
            </Button>
            <Button className="counter-target" onClick={() => setDialog('buyer')} disabled={busy}>
              {t('einvoice.buyer.title')}
            </Button>
            <Button
              className="counter-target"
              onClick={() => {
                counter.discard();
                focusField();
              }}
              disabled={busy || !sale.lines.length}
            >
              {t('counter.newSale')}
            </Button>
            <Button
              className="counter-target"
              type="primary"
              size="large"
              loading={busy}
              onClick={() => void openPay()}
              disabled={!sale.lines.length}
            >
              F9 {t('counter.keys.F9')}
            </Button>
          </Space>
        </Col>
        {off.receipt ? (
          <Col xs={24} lg={9}>
            <OfflineReceipt receipt={off.receipt} onClose={() => off.setReceipt(null)} />
          </Col>
        ) : (
          s.last && (
            <Col xs={24} lg={9}>
              <Receipt result={s.last} onClose={() => counter.closeReceipt()} />
            </Col>
          )
        )}
      </Row>

      <CustomerDialog
        open={dialog === 'customer'}
        franchise={franchise}
        offline={offline}
        findOffline={off.findCustomer}
        onClose={closeDialog}
        onPick={(c, keep) => {
          counter.setCustomer(c, keep);
          if (payAfterCustomer) {
            setPayAfterCustomer(false);
            setDialog('pay');
          } else closeDialog();
        }}
      />
      {current && (
        <DiscountDialog
          open={dialog === 'discount'}
          item={current.description}
          value={current.discount}
          limits={limits}
          onClose={closeDialog}
          onSave={(v) => {
            counter.setDiscount(v);
            closeDialog();
          }}
        />
      )}
      <TextDialog
        open={dialog === 'coupon'}
        title={t('counter.coupon.title')}
        label={t('counter.coupon.code')}
        value={sale.coupon_code}
        onClose={closeDialog}
        onSave={(v) => {
          counter.setCoupon(v.toUpperCase());
          closeDialog();
        }}
      />
      <TextDialog
        open={dialog === 'points'}
        title={t('counter.points.title')}
        label={t('counter.points.points')}
        value={sale.redeem_points}
        numeric
        onClose={closeDialog}
        onSave={(v) => {
          counter.setPoints(v);
          closeDialog();
        }}
      />
      <BuyerDialog
        open={dialog === 'buyer'}
        value={sale.buyer ?? null}
        onClose={closeDialog}
        onSave={(b) => {
          counter.setBuyer(b);
          closeDialog();
        }}
      />
      <PayDialog
        open={dialog === 'pay'}
        due={
          offline
            ? offlinePrice
              ? Number(offlinePrice.grand_total)
              : null
            : price.data
              ? Number(price.data.order.grand_total)
              : null
        }
        offline={offline}
        sending={busy}
        onClose={closeDialog}
        onPay={(payments) => location && void send(sale, location, payments)}
      />
      <Modal
        open={qr !== null}
        title={t('counter.qr.title')}
        footer={
          <Button
            type="primary"
            size="large"
            onClick={() => {
              setQr(null);
              setTimeout(focusField, 0);
            }}
          >
            {t('counter.qr.done')}
          </Button>
        }
        onCancel={() => {
          setQr(null);
          setTimeout(focusField, 0);
        }}
        width="100%"
        className="counter-qr"
        rootClassName="counter-dialog"
        destroyOnHidden
        // the counter puts the focus back in the item field itself; antd's own return would come when the closing
        // motion ends, and take the focus out of a payment opened meanwhile (see FormDialog)
        focusable={{ focusTriggerAfterClose: false }}
      >
        {qr !== null && <VietQrPanel receiptId={qr} size={360} />}
      </Modal>
    </div>
  );
}
