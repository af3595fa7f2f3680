import { Tag } from 'antd';
import { useLabels } from '../labels';

const color: Record<string, string> = { synced: 'green', failed: 'orange', dead: 'red' };

/** A document's ERP sync state in words (options.erpSyncState), coloured: synced green, failing orange/red. */
export function ErpSyncTag({ state }: { state: string | null | undefined }) {
  const { label } = useLabels();
  const s = state || 'not_sent';
  return (
    <Tag color={color[s] ?? 'default'} data-testid="erp-sync-state">
      {label('erpSyncState', s)}
    </Tag>
  );
}
