import { formatNumber } from '@fp/contract/web';

export type TotalRow = { label: string; value: string | number | null | undefined; strong?: boolean };

/** The document's totals, German style (1.234.567,5), computed by the server and never typed. */
export function TotalsPanel({ rows, title = 'Totals' }: { rows: TotalRow[]; title?: string }) {
  return (
    <section aria-label={title} className="document-totals">
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>{title}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} data-testid={`total-${r.label}`}>
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
