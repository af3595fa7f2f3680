import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { optionLists, type OptionList } from '@fp/contract/web';

// Option values (statuses, kinds, document types) are never shown as they are stored: each list of the contract's
// `optionLists` has its labels in en.json under options.<list>.<value> (contract option-lists.test.ts checks them).

export type LabelOf = (list: OptionList, value: string | null | undefined) => string;

/**
 * `label(list, value)` the text of one value ('' for none); `options(list, values?)` a Select's options (every value
 * of the list, or the given ones); `render(list)` a table column's render.
 */
export function useLabels() {
  const { t } = useTranslation();
  const label = useCallback<LabelOf>(
    (list, value) => (value === null || value === undefined || value === '' ? '' : t(`options.${list}.${value}`)),
    [t],
  );
  return useMemo(
    () => ({
      label,
      options: (list: OptionList, values?: readonly string[]) =>
        (values ?? (optionLists[list] as readonly string[])).map((value) => ({ value, label: label(list, value) })),
      render: (list: OptionList) => (value: string | null | undefined) => label(list, value),
    }),
    [label],
  );
}
