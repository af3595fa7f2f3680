import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DISPLAY, DATE_ISO, businessDate } from '@fp/contract/web';
import { REPORT_DATE_ORDER } from './data';

export type Range = { from_date: string; to_date: string };

/** This month up to today (the business date): every report's default period. */
export function thisMonth(): Range {
  const today = dayjs(businessDate(), DATE_ISO);
  return { from_date: today.startOf('month').format(DATE_ISO), to_date: today.format(DATE_ISO) };
}

/**
 * The From Date / To Date pickers of a report (DD-MM-YYYY). The report keeps the last valid range until both dates
 * are given in order, so the list never asks the server for a range it refuses.
 */
export function useDateRange(initial: Range = thisMonth()) {
  const [from, setFrom] = useState<Dayjs | null>(dayjs(initial.from_date, DATE_ISO));
  const [to, setTo] = useState<Dayjs | null>(dayjs(initial.to_date, DATE_ISO));
  const [range, setRange] = useState<Range>(initial);
  const wrongOrder = !!from && !!to && from.isAfter(to, 'day');
  const change = (f: Dayjs | null, t: Dayjs | null) => {
    setFrom(f);
    setTo(t);
    if (f && t && !f.isAfter(t, 'day')) setRange({ from_date: f.format(DATE_ISO), to_date: t.format(DATE_ISO) });
  };
  return { from, to, range, wrongOrder, change };
}

/** The range form: the two pickers and whatever else the report chooses before its filters (e.g. Group By). */
export function DateRangeForm({
  name,
  state,
  children,
}: {
  name: string;
  state: ReturnType<typeof useDateRange>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { from, to, wrongOrder, change } = state;
  return (
    <Form
      layout="inline"
      name={`${name}-range`}
      style={{ marginBottom: 12, rowGap: 8 }}
      onSubmitCapture={(e) => e.preventDefault()}
    >
      <Form.Item label={t('reports.fromDate')} htmlFor={`${name}-from`}>
        <DatePicker
          id={`${name}-from`}
          format={[DATE_DISPLAY, 'DD/MM/YYYY']}
          allowClear={false}
          value={from}
          onChange={(d) => change(d, to)}
        />
      </Form.Item>
      <Form.Item
        label={t('reports.toDate')}
        htmlFor={`${name}-to`}
        validateStatus={wrongOrder ? 'error' : undefined}
        help={wrongOrder ? REPORT_DATE_ORDER : undefined}
      >
        <DatePicker
          id={`${name}-to`}
          format={[DATE_DISPLAY, 'DD/MM/YYYY']}
          allowClear={false}
          value={to}
          onChange={(d) => change(from, d)}
        />
      </Form.Item>
      {children}
    </Form>
  );
}
