import { Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useCan } from '../../../auth/session';

/**
 * Which shift the order's location has open (issue 11): payments processed now belong to it. Without one, a small
 * warning (with a link to /shifts for who may open it): the payment is still taken, in no shift.
 */
export function ShiftTag({ location }: { location: string }) {
  const { t } = useTranslation();
  const canOpen = useCan('/shifts', 'view');
  const input = { query: { location_code: location } };
  const q = useQuery({
    queryKey: qk.op('shifts.current', input),
    queryFn: () => call('shifts.current', input),
    enabled: !!location,
    staleTime: 30_000,
    meta: { silent: true },
  });
  if (!location || q.isLoading || q.isError) return null;
  if (q.data)
    return (
      <Tag color="green" data-testid="shift-tag" style={{ marginInlineEnd: 0 }}>
        {t('shifts.counterTag', { no: q.data.shift_no })}
      </Tag>
    );
  const none = (
    <Tag color="warning" data-testid="shift-tag" style={{ marginInlineEnd: 0 }}>
      {t('shifts.counterNone', { location })}
    </Tag>
  );
  return <Tooltip title={t('shifts.counterNoneHelp')}>{canOpen ? <Link to="/shifts">{none}</Link> : none}</Tooltip>;
}
