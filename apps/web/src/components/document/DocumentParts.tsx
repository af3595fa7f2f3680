import type { ReactNode } from 'react';
import { Button, Result, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client';
import { ActionBar, type ActionBarProps } from './ActionBar';
import type { DocumentState } from './useDocument';

/**
 * What a document screen shows before its document: a spinner while it loads, "not found" (404) or "could not load"
 * with the way back; null once it is there (or for a new document).
 */
export function documentGate(
  d: Pick<DocumentState, 'no' | 'query' | 'doc'>,
  texts: { notFound: string; loadFailed: string; back: ReactNode },
): ReactNode {
  if (!d.no) return null;
  if (d.query.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  if (d.doc) return null;
  const missing = d.query.error instanceof ApiCallError && d.query.error.status === 404;
  return (
    <Result status={missing ? '404' : 'error'} title={missing ? texts.notFound : texts.loadFailed} extra={texts.back} />
  );
}

/** The document's status as a coloured tag (data-testid document-status), with a note when it is not editable. */
export function DocumentStatus({
  status,
  color,
  text,
  note,
}: {
  status: string;
  color: Record<string, string>;
  text: string;
  note?: ReactNode;
}) {
  return (
    <Space>
      <Tag color={color[status]} data-testid="document-status">
        {text}
      </Tag>
      {note ? <Tag>{note}</Tag> : null}
    </Space>
  );
}

/**
 * The action bar of a document (the machine's buttons, then Save while it is editable, then the screen's own), or
 * Create for a new document.
 */
export function DocumentActions({
  state,
  bar,
  children,
}: {
  state: Pick<DocumentState, 'doc' | 'actionBar' | 'editable' | 'canEdit' | 'saving' | 'save'>;
  /** What the screen adds to the bar (a guard, a prompt, tablet). */
  bar?: Partial<ActionBarProps>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (state.doc && state.actionBar)
    return (
      <ActionBar {...state.actionBar} {...bar}>
        {state.editable ? (
          <Button loading={state.saving} onClick={() => void state.save()}>
            {t('common.save')}
          </Button>
        ) : null}
        {children}
      </ActionBar>
    );
  if (state.doc) return null;
  return state.canEdit ? (
    <Button type="primary" loading={state.saving} onClick={() => void state.save()}>
      {t('common.create')}
    </Button>
  ) : null;
}
