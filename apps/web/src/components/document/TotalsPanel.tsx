import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fp/contract/web';

/** A total: `id` names it for tests and keys (the English words, as the journeys read `total-<id>`), `label` shows. */
export type TotalRow = { id: string; label: string; value: string | number | null | undefined; strong?: boolean };

/** The document's totals, German style (1.234.567,5), computed by the server and never typed. */
export function TotalsPanel({ rows, title: own }: { rows: TotalRow[]; title?: string }) {
  const { t } = useTranslation();
  const title = own ?? t('document.totals');
  return (
    <section aria-label={title} className="document-totals">
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>{title}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid={`total-${r.id}`}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: r.strong ? 600 : 400, padding: '4px 8px 4px 0' }}>
                {r.label}
              </th>
              <td
                style={{
                  textAlign: 'right',
                  fontVariantNumeric: 'tabular-nums',
                  fontWeight: r.strong ? 600 : 400,
                  padding: '4px 0',
                }}
              >
                {formatNumber(r.value ?? '0')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
