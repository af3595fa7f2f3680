import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Form, Input, Select, Space, Table, Typography, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DATE_DISPLAY, DATE_ISO, DEFAULT_PAGE_SIZE, formatNumber } from '@fp/contract/web';
import type { ConditionType, FilterItem, ListRequestInput, ListResponse } from '@fp/contract';
import type { AreaName, ListOperationName } from '@fp/contract/ops/index';
import { call, exportList } from '../api/client';
import { qk } from '../api/keys';
import { toast } from './toast';
import { handle } from './handle';

export type FilterField = {
  name: string;
  label: string;
  /** text: like; select: eq (multiple: in); boolean: eq; dateRange: gteq + lteq; exact: eq. */
  type?: 'text' | 'exact' | 'select' | 'boolean' | 'dateRange';
  options?: { label: string; value: string | number }[];
  multiple?: boolean;
  condition?: ConditionType;
};

export type ListPageProps<T> = {
  title?: ReactNode;
  /** Query-key area: mutations invalidate it. */
  area: AreaName;
  /** The list operation of the contract (its filter call and its export). */
  op: ListOperationName;
  columns: ColumnsType<T>;
  filters?: FilterField[];
  /** A field, or a function of the row for rows keyed by several fields (stock positions). */
  rowKey: (keyof T & string) | ((row: T) => string);
  exportName?: string;
  /** Buttons left of Export Excel / Refresh Data. */
  toolbar?: ReactNode;
  /** Filters always sent (e.g. the franchise of a screen). */
  fixedFilters?: FilterItem[];
  /** Told each request the list sends (a screen's totals row asks the same filters). */
  onRequest?: (request: ListRequestInput) => void;
  /** Further fields of the list call's body (e.g. a report's from_date/to_date), sent to the filter and the export. */
  body?: Record<string, unknown>;
  defaultSort?: { field: string; direction: 'asc' | 'desc' };
  pageSize?: number;
  selectable?: boolean;
  selectedKeys?: Key[];
  onSelect?: (keys: Key[], rows: T[]) => void;
  /** Rows the user may select (others' checkbox is disabled, e.g. what the server would refuse). */
  canSelect?: (row: T) => boolean;
  /** Shows no toast when the list fails (calls.md 8: some areas are silent). */
  silentErrors?: boolean;
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'pagination'>;
};

function toFilterItems(fields: FilterField[], values: Record<string, unknown>): FilterItem[] {
  const items: FilterItem[] = [];
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (f.type === 'dateRange') {
      const [from, to] = v as [Dayjs | null, Dayjs | null];
      if (from) items.push({ field: f.name, value: from.format(DATE_ISO), condition_type: 'gteq' });
      if (to) items.push({ field: f.name, value: to.format(DATE_ISO), condition_type: 'lteq' });
    } else if (Array.isArray(v)) {
      items.push({ field: f.name, value: v.join('|'), condition_type: 'in' });
    } else {
      const condition: ConditionType = f.condition ?? (f.type === 'text' || f.type === undefined ? 'like' : 'eq');
      items.push({
        field: f.name,
        value: typeof v === 'string' ? v.trim() : (v as string | number | boolean),
        condition_type: condition,
      });
    }
  }
  return items;
}

/** A server-paged, server-filtered list with Export Excel and Refresh Data (api.md list calls). */
export function ListPage<T extends object>(p: ListPageProps<T>) {
  const [form] = Form.useForm();
  const { t: tr } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(p.pageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(p.defaultSort);
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [exporting, setExporting] = useState(false);

  const request: ListRequestInput = useMemo(
    () => ({
      pagination: { page, size },
      filters: [...(p.fixedFilters ?? []), ...filters],
      ...(sort ? { sort_order: sort } : {}),
      ...p.body,
    }),
    [page, size, filters, sort, p.fixedFilters, p.body],
  );
  const onRequest = p.onRequest;
  useEffect(() => onRequest?.(request), [onRequest, request]);
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: qk.list(p.area, { op: p.op, ...request }),
    queryFn: async () => (await call(p.op, { body: request })) as ListResponse<T>,
    placeholderData: keepPreviousData,
    meta: { silent: p.silentErrors },
  });

  // Row actions stay reachable on any width: the Actions column is pinned to the right edge of every list.
  const columns = useMemo(
    () => p.columns.map((c) => (c.key === 'actions' && !c.fixed ? { ...c, fixed: 'right' as const } : c)),
    [p.columns],
  );

  const onTableChange: TableProps<T>['onChange'] = (pagination, _f, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
    const field = (s.columnKey ?? (Array.isArray(s.field) ? s.field.join('.') : s.field)) as string | undefined;
    setSort(s.order && field ? { field, direction: s.order === 'descend' ? 'desc' : 'asc' } : p.defaultSort);
    if (pagination.pageSize && pagination.pageSize !== size) {
      setSize(pagination.pageSize);
      setPage(1);
    } else setPage(pagination.current ?? 1);
  };

  const search = (values: Record<string, unknown>) => {
    setFilters(toFilterItems(p.filters ?? [], values));
    setPage(1);
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportList(
        p.op,
        { ...p.body, filters: request.filters, sort_order: request.sort_order },
        p.exportName ?? p.area,
      );
    } catch (e) {
      toast.error(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="list-page">
      {p.title ? (
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {p.title}
        </Typography.Title>
      ) : null}
      {p.filters?.length ? (
        <Form
          form={form}
          name={`${p.area}-filters`}
          layout="inline"
          onFinish={search}
          className="list-filters"
          style={{ marginBottom: 12, rowGap: 8 }}
        >
          {p.filters.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              {f.type === 'select' || f.type === 'boolean' ? (
                <Select
                  allowClear
                  style={{ minWidth: 160 }}
                  mode={f.multiple ? 'multiple' : undefined}
                  options={
                    f.type === 'boolean'
                      ? [
                          { label: tr('common.yes'), value: 'true' },
                          { label: tr('common.no'), value: 'false' },
                        ]
                      : f.options
                  }
                  placeholder={f.label}
                  aria-label={f.label}
                />
              ) : f.type === 'dateRange' ? (
                <DatePicker.RangePicker format={[DATE_DISPLAY, 'DD/MM/YYYY']} allowEmpty={[true, true]} />
              ) : (
                <Input allowClear placeholder={f.label} aria-label={f.label} style={{ width: 180 }} />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {tr('list.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                {tr('list.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : null}
      <Space style={{ marginBottom: 12, flexWrap: 'wrap' }}>
        {p.toolbar}
        <Button icon={<DownloadOutlined />} onClick={handle(doExport)} loading={exporting}>
          {tr('list.export')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          // The whole screen's area: a report's totals row and chart refresh with its table.
          onClick={() => void qc.invalidateQueries({ queryKey: qk.area(p.area) })}
          loading={query.isFetching && !query.isLoading}
        >
          {tr('list.refresh')}
        </Button>
      </Space>
      <Table<T>
        size="middle"
        rowKey={p.rowKey}
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.isError ? tr('list.loadFailed') : tr('list.empty') }}
        rowSelection={
          p.selectable
            ? {
                selectedRowKeys: p.selectedKeys,
                onChange: (keys, rows) => p.onSelect?.(keys, rows),
                preserveSelectedRowKeys: true,
                getCheckboxProps: p.canSelect ? (row) => ({ disabled: !p.canSelect?.(row) }) : undefined,
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: size,
          total: query.data?.total_count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200, 500],
          // A list that stopped counting (LIST_TOTAL_CAP, a million-row report) says its total is a lower bound.
          showTotal: (total) =>
            query.data?.total_capped
              ? tr('list.totalCapped', { count: total, total: formatNumber(total) })
              : tr('list.total', { count: total }),
        }}
        {...p.tableProps}
      />
    </div>
  );
}
