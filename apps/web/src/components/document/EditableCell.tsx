import { useEffect, useState } from 'react';
import { Input, Tooltip } from 'antd';

export type CellEdit = {
  /** The field the change is sent as (line update body). */
  field: string;
  /** The message for a value the server would refuse (the contract's rule), or null. */
  check?: (text: string) => string | null;
  /** The typed text as sent (German "1,5" → "1.5"). */
  toValue?: (text: string) => string;
  /** The stored value as shown in the field. */
  display?: (value: unknown) => string;
  width?: number;
};

/** A cell edited in place: Enter or leaving the field sends a changed value, Escape puts the old one back. */
export function EditableCell({
  value,
  edit,
  label,
  onSave,
  disabled,
}: {
  value: unknown;
  edit: CellEdit;
  label: string;
  onSave: (value: string) => Promise<unknown>;
  disabled?: boolean;
}) {
  const shown = edit.display ? edit.display(value) : String(value ?? '');
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(shown), [shown]);

  const commit = async () => {
    if (text.trim() === shown.trim()) return;
    const issue = edit.check?.(text) ?? null;
    setError(issue);
    if (issue) return;
    setSaving(true);
    try {
      await onSave(edit.toValue ? edit.toValue(text) : text.trim());
    } catch {
      setText(shown);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Tooltip open={Boolean(error)} title={error}>
      <Input
        size="small"
        aria-label={label}
        value={text}
        disabled={disabled || saving}
        status={error ? 'error' : undefined}
        style={{ width: edit.width ?? 110, textAlign: edit.display ? 'right' : undefined }}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setText(shown);
            setError(null);
          }
        }}
        onPressEnter={() => void commit()}
        onBlur={() => void commit()}
      />
    </Tooltip>
  );
}
