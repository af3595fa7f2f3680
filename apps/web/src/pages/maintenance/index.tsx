import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { qk } from '../../api/keys';

/** Shown (blank layout) while the server answers 503 maintenance to non-admin calls. */
export default function MaintenancePage() {
  const navigate = useNavigate();
  const mode = useQuery({
    queryKey: qk.op('config.maintenanceMode'),
    queryFn: () => call('config.maintenanceMode'),
    refetchInterval: 30_000,
  });
  const notice = useQuery({ queryKey: qk.op('config.maintenanceNoti'), queryFn: () => call('config.maintenanceNoti') });
  useEffect(() => {
    if (mode.data === false) navigate('/', { replace: true });
  }, [mode.data, navigate]);
  return (
    <Result
      status="warning"
      title="Under maintenance"
      subTitle={
        <span data-testid="maintenance-notice">
          {notice.data || 'Franchise Portal is under maintenance. Please try again later.'}
        </span>
      }
      extra={<Button onClick={() => void mode.refetch()}>Check again</Button>}
    />
  );
}
