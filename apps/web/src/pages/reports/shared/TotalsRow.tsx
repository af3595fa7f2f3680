import type { ReactNode } from 'react';
import { Table } from 'antd';

/**
 * The totals row under a report's table: a label over the first `labelSpan` columns, then one cell per further
 * column holding its figure (right-aligned) or nothing. Totals come from the report's total call (every filtered
 * row, not only the page's).
 */
export function TotalsRow({
  testId,
  label,
  labelSpan,
  columnCount,
  figures,
}: {
  testId: string;
  label: ReactNode;
  labelSpan: number;
  columnCount: number;
  /** Figures by column index. */
  figures: Record<number, ReactNode>;
}) {
  const cells = [];
  for (let i = labelSpan; i < columnCount; i++)
    cells.push(
      <Table.Summary.Cell key={i} index={i} align="right">
        {figures[i] !== undefined ? <strong>{figures[i]}</strong> : null}
      </Table.Summary.Cell>,
    );
  return (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid={testId}>
        <Table.Summary.Cell index={0} colSpan={labelSpan}>
          <strong>{label}</strong>
        </Table.Summary.Cell>
        {cells}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/** The index of a column by its key (where a totals figure goes). */
export const columnAt = (columns: readonly { key?: unknown }[], key: string) => columns.findIndex((c) => c.key === key);
