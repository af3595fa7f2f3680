import { Space, Tag } from 'antd';
import { formatDateTime } from '@fp/contract/web';
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

/** A document's ERP facts: its sync state, the ERP's number, when it was synced and the last error. */
export function ErpSyncFacts({
  erp,
}: {
  erp: { state: string | null; external_no?: string | null; synced_at: string | null; last_error: string | null };
}) {
  return (
    <Space size={4} wrap>
      <ErpSyncTag state={erp.state} />
      {erp.external_no ? <span>{erp.external_no}</span> : null}
      {erp.synced_at ? <span>{formatDateTime(erp.synced_at)}</span> : null}
      {erp.last_error ? <span style={{ color: '#cf1322' }}>{erp.last_error}</span> : null}
    </Space>
  );
}
