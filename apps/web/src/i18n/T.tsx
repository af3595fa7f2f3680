import { useTranslation } from 'react-i18next';

/**
 * A translated text as an element, for texts declared outside a component (column titles, option labels in a
 * module-level table): `title: <T k="fields.itemNo" />` follows a language switch, which a string resolved at import
 * time would not. Inside a component, use `const { t } = useTranslation()` and `t('…')`.
 */
export function T({ k, values }: { k: string; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  return <>{t(k, values)}</>;
}
