import { useMemo } from 'react';
import { Alert, Button, Radio, Select, Space, Table, Typography, type SelectProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  GUARDED,
  isGuarded,
  permissionTypes,
  type PageGrant,
  type PageStructure,
  type PermissionType,
} from '@fp/contract';

/** What each cashier limit (guarded button, buttons.ts) allows, as the editor explains it. */
const GUARDED_HELP: Record<string, string> = Object.fromEntries(
  (Object.entries(GUARDED) as [keyof typeof GUARDED, string][]).map(([k, label]) => [label, `limits.guarded.${k}`]),
);

/** One page of a permission as the editor shows it: its level and the buttons allowed (none picked = all). */
export type PageRow = { page_url: string; permission_type: PermissionType; buttons: string[] };

export const toRows = (pages: PageGrant[], permissions: string[]): PageRow[] =>
  pages.map((p) => ({
    ...p,
    buttons: permissions.filter((b) => b.startsWith(`${p.page_url}#`)).map((b) => b.slice(p.page_url.length + 1)),
  }));

export const fromRows = (rows: PageRow[]) => ({
  pages: rows.map(({ page_url, permission_type }) => ({ page_url, permission_type })),
  permissions: rows.flatMap((r) => r.buttons.map((b) => `${r.page_url}#${b}`)),
});

type Props = {
  value?: PageRow[];
  onChange?: (rows: PageRow[]) => void;
  structures: Pick<PageStructure, 'page_url' | 'page_name' | 'buttons'>[];
  loading?: boolean;
  defaultLevel: PermissionType;
  disabled?: boolean;
  /** Which pages the caller may add (anyone but an Administrator: only pages they hold). */
  offerable?: (pageUrl: string) => boolean;
};

/** The pages of a permission, picked from the page structures, each with edit/view and its allowed buttons. */
export function PagesEditor({
  value = [],
  onChange,
  structures,
  loading,
  defaultLevel,
  disabled,
  offerable = () => true,
}: Props) {
  const { t } = useTranslation();
  const byUrl = useMemo(() => new Map(structures.map((s) => [s.page_url, s])), [structures]);
  const hasGuarded = value.some((r) => (byUrl.get(r.page_url)?.buttons ?? []).some((b) => isGuarded(r.page_url, b)));
  /** The buttons of a page: the ordinary ones, then its cashier limits (never allowed unless ticked). */
  const buttonOptions = (url: string, buttons: string[]): SelectProps['options'] => {
    const plain = buttons.filter((b) => !isGuarded(url, b)).map((b) => ({ value: b, label: b }));
    const guarded = buttons
      .filter((b) => isGuarded(url, b))
      .map((b) => ({
        value: b,
        label: (
          <span title={GUARDED_HELP[b] ? t(GUARDED_HELP[b]) : undefined}>
            {b} <Typography.Text type="secondary">· {t(GUARDED_HELP[b] ?? b)}</Typography.Text>
          </span>
        ),
      }));
    return guarded.length
      ? [
          { label: t('pagePermission.buttons'), options: plain },
          { label: t('limits.guarded.title'), options: guarded },
        ]
      : plain;
  };
  const set = (rows: PageRow[]) => onChange?.(rows);
  const update = (url: string, patch: Partial<PageRow>) =>
    set(value.map((r) => (r.page_url === url ? { ...r, ...patch } : r)));
  const taken = new Set(value.map((r) => r.page_url));
  const options = structures
    .filter((s) => !taken.has(s.page_url) && offerable(s.page_url))
    .map((s) => ({ value: s.page_url, label: `${s.page_name} (${s.page_url})` }));

  const columns: ColumnsType<PageRow> = [
    {
      title: t('pagePermission.page'),
      key: 'page',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{byUrl.get(r.page_url)?.page_name ?? r.page_url}</Typography.Text>
          <Typography.Text type="secondary">{r.page_url}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('pagePermission.permissionType'),
      key: 'permission_type',
      render: (_, r) => (
        <Radio.Group
          aria-label={t('pagePermission.permissionTypeOf', { page: r.page_url })}
          value={r.permission_type}
          disabled={disabled}
          onChange={(e) => update(r.page_url, { permission_type: e.target.value as PermissionType })}
          options={permissionTypes.map((t) => ({ value: t, label: t }))}
          optionType="button"
        />
      ),
    },
    {
      title: t('pagePermission.allowedButtons'),
      key: 'buttons',
      render: (_, r) => {
        const buttons = byUrl.get(r.page_url)?.buttons ?? [];
        return buttons.length ? (
          <Select
            mode="multiple"
            allowClear
            aria-label={t('pagePermission.allowedButtonsOf', { page: r.page_url })}
            style={{ minWidth: 260 }}
            placeholder={t('pagePermission.allButtons')}
            value={r.buttons}
            disabled={disabled}
            onChange={(b: string[]) => update(r.page_url, { buttons: b })}
            options={buttonOptions(r.page_url, buttons)}
            optionLabelProp="value"
          />
        ) : (
          <Typography.Text type="secondary">{t('pagePermission.noButtons')}</Typography.Text>
        );
      },
    },
    {
      title: '',
      key: 'remove',
      width: 56,
      render: (_, r) =>
        disabled ? null : (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('common.removeOf', { name: r.page_url })}
            onClick={() => set(value.filter((x) => x.page_url !== r.page_url))}
          />
        ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {disabled ? null : (
        <Select
          showSearch
          aria-label={t('pagePermission.addPage')}
          placeholder={t('pagePermission.addPagePlaceholder')}
          style={{ width: 420, maxWidth: '100%' }}
          loading={loading}
          value={null}
          options={options}
          optionFilterProp="label"
          onChange={(url: string) => set([...value, { page_url: url, permission_type: defaultLevel, buttons: [] }])}
        />
      )}
      {hasGuarded ? (
        <Alert type="info" showIcon message={t('limits.guarded.title')} description={t('limits.guarded.help')} />
      ) : null}
      <Table<PageRow>
        size="small"
        rowKey="page_url"
        columns={columns}
        dataSource={value}
        pagination={false}
        locale={{ emptyText: t('pagePermission.noPages') }}
      />
    </Space>
  );
}
