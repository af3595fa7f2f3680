import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fp/contract/web';
import { shiftOpen } from '@fp/contract';
import { FormDialog } from '../../components/FormDialog';
import { rulesFrom } from '../../components/zod-rules';
import { COUNTED_METHODS, type CountedMethod } from './data';
import { differenceOf, differenceSign, germanAmountRules } from './money';
import { useLabels } from '../../components/labels';
import { MoneyInput } from '../../components/MoneyInput';

export type CloseValues = Record<CountedMethod, string>;

// Every counted amount has the float's rule (the contract's moneyInput: ≥ 0, 2 decimals); the form asks each one.
const rules = germanAmountRules(rulesFrom(shiftOpen)('opening_float'));

/** The colour of a difference: short is red, over is orange, even is green. */
export const differenceColor = (sign: number | null) =>
  sign === null ? undefined : sign < 0 ? '#cf1322' : sign > 0 ? '#d46b08' : '#389e0d';

/**
 * Close Shift: the amount counted per method (cash, card, transfer), each beside what is expected, and the difference
 * shown live as it is typed. Enter moves to the next method and submits from the last; the screen confirms.
 */
export function CloseShiftDialog(p: {
  open: boolean;
  shiftNo: string;
  expected: Record<CountedMethod, string>;
  form: FormInstance<CloseValues>;
  saving: boolean;
  onFinish: (v: CloseValues) => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const counted = Form.useWatch([], p.form) as Partial<CloseValues> | undefined;
  return (
    <FormDialog<CloseValues>
      open={p.open}
      title={t('shifts.closeTitle', { no: p.shiftNo })}
      okText={t('shifts.close')}
      confirmLoading={p.saving}
      onCancel={p.onCancel}
      form={p.form}
      onFinish={p.onFinish}
      name="close-shift"
      width={560}
    >
      <table className="shift-count" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={{ textAlign: 'left' }}>{t('shifts.method')}</th>
            <th style={{ textAlign: 'right' }}>{t('shifts.expected')}</th>
            <th style={{ textAlign: 'left', paddingLeft: 12 }}>{t('shifts.counted')}</th>
            <th style={{ textAlign: 'right' }}>{t('shifts.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {COUNTED_METHODS.map((m) => {
            const methodLabel = label('paymentMethod', m);
            const typed = counted?.[m];
            const diff = differenceOf(typed, p.expected[m]);
            return (
              <tr key={m}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 500 }}>
                  {methodLabel}
                </th>
                <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid={`expected-${m}`}>
                  {formatNumber(p.expected[m])}
                </td>
                <td style={{ paddingLeft: 12, paddingTop: 8 }}>
                  <Form.Item name={m} rules={rules} style={{ marginBottom: 8 }}>
                    <MoneyInput size="large" aria-label={t('shifts.countedOf', { method: methodLabel })} />
                  </Form.Item>
                </td>
                <td
                  style={{
                    textAlign: 'right',
                    fontVariantNumeric: 'tabular-nums',
                    color: differenceColor(differenceSign(typed, p.expected[m])),
                  }}
                  data-testid={`difference-${m}`}
                >
                  {diff}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </FormDialog>
  );
}
