import { useTranslation } from 'react-i18next';
import { Input, Spin } from 'antd';
import type { SearchProps } from 'antd/es/input';

/**
 * Input.Search with a busy state: a small spinner inside the field while a search runs, and no second search until
 * it is done. The search button itself is never put in its loading state: Ant Design's Search button could stay
 * "loading" after a search that answered within a frame (seen on the tablet on-hand screen), and a button that keeps
 * spinning refuses every later search.
 */
export function SearchBox({ busy, onSearch, ...rest }: Omit<SearchProps, 'loading'> & { busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      {...rest}
      suffix={busy ? <Spin size="small" aria-label={t('list.searching')} /> : rest.suffix}
      onSearch={(value, e, info) => {
        if (!busy) onSearch?.(value, e, info);
      }}
    />
  );
}
