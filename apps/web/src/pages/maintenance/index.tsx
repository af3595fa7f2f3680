import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { qk } from '../../api/keys';

/** Shown (blank layout) while the server answers 503 maintenance to non-admin calls. */
export default function MaintenancePage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
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
      title={t('maintenance.title')}
      subTitle={<span data-testid="maintenance-notice">{notice.data || t('maintenance.notice')}</span>}
      extra={<Button onClick={() => void mode.refetch()}>{t('maintenance.checkAgain')}</Button>}
    />
  );
}
