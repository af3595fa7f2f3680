import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@fp/contract/web';
import { call } from '../api/client';
import { useSession } from '../auth/session';
import { currentLanguage, setLanguage } from '../i18n';
import { toast } from './toast';

/**
 * The interface language (login page and My Profile): signed in, the choice is kept for the user on the server
 * (PUT /api/auth/language) and follows them to any browser; before login it is kept on this browser.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { me, refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const active = i18n.language === currentLanguage() ? currentLanguage() : 'en';

  const choose = async (language: Language) => {
    if (language === active) return;
    setBusy(true);
    try {
      if (me) await call('auth.language', { body: { language } });
      await setLanguage(language);
      if (me) await refresh();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact role="group" aria-label={t('language.label')}>
      {languages.map((l) => (
        <Button
          key={l}
          lang={l}
          type={l === active ? 'primary' : 'default'}
          aria-pressed={l === active}
          disabled={busy}
          onClick={() => void choose(l)}
        >
          {t(`language.${l}`)}
        </Button>
      ))}
    </Space.Compact>
  );
}
