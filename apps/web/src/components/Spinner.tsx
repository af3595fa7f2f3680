import { useTranslation } from 'react-i18next';

/**
 * The loading indicator of the shell and home (styles.css .fp-spinner): antd Spin's look in plain elements, so the
 * first load of /login and / does without Spin's code. Screens keep antd's Spin.
 */
export function Spinner({ what, large }: { what: string; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={large ? 'fp-spinner large' : 'fp-spinner'}
      role="status"
      aria-label={t('shell.loading')}
      data-testid={`loading-${what}`}
    />
  );
}
