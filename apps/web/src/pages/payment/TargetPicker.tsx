import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented, Space } from 'antd';
import { SearchBox } from '../../components/SearchBox';
import { check, customerLookupErrors } from '@fp/contract/web';
import type { Customer } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { toast } from '../../components/toast';

export type Target = { kind: 'order'; posSoNo: string } | { kind: 'customer'; customer: Customer };

/**
 * Whom the payment is for: an order by its number, or a customer by mobile phone or customer number (a payment on
 * account). Enter searches.
 */
export function TargetPicker(p: { onPicked: (t: Target | null) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'order' | 'customer'>('order');
  const [busy, setBusy] = useState(false);

  const findCustomer = async (text: string) => {
    const byPhone = check.phone(text);
    try {
      const customer = byPhone
        ? await call('customers.byPhone', { params: { phone_no: text } })
        : await call('customers.get', { params: { customer_no: text.toUpperCase() } });
      p.onPicked({ kind: 'customer', customer });
    } catch (e) {
      if (e instanceof ApiCallError && e.status === 404)
        toast.error(new Error(byPhone ? customerLookupErrors.byPhone : customerLookupErrors.byId));
      else toast.error(e);
      p.onPicked(null);
    }
  };
  const search = async (value: string) => {
    const text = value.trim();
    if (!text) return;
    setBusy(true);
    try {
      if (kind === 'order') p.onPicked({ kind: 'order', posSoNo: text.toUpperCase() });
      else await findCustomer(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space wrap>
      <Segmented<'order' | 'customer'>
        aria-label={t('money.pay.for')}
        value={kind}
        onChange={(v) => {
          setKind(v);
          p.onPicked(null);
        }}
        options={[
          { value: 'order', label: t('money.pay.forOrder') },
          { value: 'customer', label: t('money.pay.forCustomer') },
        ]}
      />
      <SearchBox
        key={kind}
        autoFocus
        style={{ width: 360 }}
        aria-label={kind === 'order' ? t('money.pay.orderNo') : t('money.pay.customerSearch')}
        placeholder={kind === 'order' ? t('money.pay.orderNo') : t('money.pay.customerSearch')}
        enterButton={t('money.pay.find')}
        busy={busy}
        allowClear
        onSearch={(v) => void search(v)} // search() shows its own error toast
      />
    </Space>
  );
}
