import { useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** An item's picture from the configured path; a plain icon when none is configured or the file is missing. */
export function ItemPicture({ src, alt, size = 48 }: { src: string | null; alt: string; size?: number }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, borderRadius: 6, flex: 'none' } as const;
  if (!src || failed)
    return (
      <span
        role="img"
        aria-label={t('warehouseEntries.noPicture', { name: alt })}
        style={{
          ...box,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f5f5f5',
        }}
      >
        <PictureOutlined style={{ fontSize: size / 2, color: '#bfbfbf' }} />
      </span>
    );
  return (
    <img src={src} alt={alt} loading="lazy" style={{ ...box, objectFit: 'cover' }} onError={() => setFailed(true)} />
  );
}
