import type { ReactNode } from 'react';
import { Col, Row, Space, Typography } from 'antd';

export { ActionBar, type ActionBarProps, type ActionExtra } from './ActionBar';
export { LineGrid, type LineColumn, type LineGridProps, type NewLine } from './LineGrid';
export { TotalsPanel, type TotalRow } from './TotalsPanel';
export { CancelReasonDialog } from './CancelReasonDialog';
export { useCanAny } from './access';
export { failToast } from './toasts';

/**
 * The layout of a document screen (sales orders and quotes, purchase orders, consignment issues, transfer orders):
 * title and status, the action bar, the header form beside the totals, the lines, and what was posted from it.
 */
export function DocumentEditor(p: {
  title: ReactNode;
  back?: ReactNode;
  status?: ReactNode;
  actions?: ReactNode;
  header: ReactNode;
  totals?: ReactNode;
  lines?: ReactNode;
  related?: ReactNode;
}) {
  return (
    <div className="document-editor">
      {p.back ? <div style={{ marginBottom: 8 }}>{p.back}</div> : null}
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {p.title}
        </Typography.Title>
        {p.status}
      </Space>
      {p.actions ? <div style={{ marginBottom: 16 }}>{p.actions}</div> : null}
      {/* Lines under the header and beside the totals, so both are on screen together at 1440 × 900; the columns
          may shrink below their content (min-width 0): a wide table scrolls inside its column, never the page. */}
      <Row gutter={[24, 16]} wrap>
        <Col xs={24} xl={p.totals ? 17 : 24} style={{ minWidth: 0 }}>
          {p.header}
          {p.lines ? <div style={{ marginTop: 16 }}>{p.lines}</div> : null}
        </Col>
        {p.totals ? (
          <Col xs={24} xl={7} style={{ minWidth: 0 }}>
            <div className="document-totals">{p.totals}</div>
          </Col>
        ) : null}
      </Row>
      {p.related ? <div style={{ marginTop: 24 }}>{p.related}</div> : null}
    </div>
  );
}
