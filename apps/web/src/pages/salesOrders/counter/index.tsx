import { Space } from 'antd';
import { FeesPanel } from './FeesPanel';
import { PaymentsPanel } from './PaymentsPanel';
import { PointsPanel } from './PointsPanel';
import { PrintPanel } from './PrintPanel';
import { PromotionsPanel } from './PromotionsPanel';
import type { CounterPanelProps } from './types';

export type { CounterPanelProps } from './types';

/** The counter's panels beside the totals of a sales document (issue 9): each concern in its own file. */
export function CounterPanels(p: CounterPanelProps) {
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 12 }} size={12}>
      <PromotionsPanel {...p} />
      <PointsPanel {...p} />
      <FeesPanel {...p} />
      <PaymentsPanel {...p} />
      <PrintPanel {...p} />
    </Space>
  );
}
