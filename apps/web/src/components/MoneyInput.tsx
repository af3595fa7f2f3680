import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Input, type InputProps, type InputRef } from 'antd';
import { parseGermanNumber } from '@fp/contract/web';

// Every amount typed by a user goes through MoneyInput: it shows the figure German-style while it is typed
// ("2.000.000", "1.234,5") and hands the form a plain decimal string ("2000000", "1234.5") that the contract's rules
// and the API take as it is. Text that is not a number is kept as typed (the field's rule names it), never dropped.

/** The digits of a plain or German figure grouped by thousands with '.' and the decimals after ','. */
export function showAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const plain = String(value).trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!m) return plain;
  const [, sign, int, frac] = m;
  return sign + int.replace(/\B(?=(\d{3})+(?!\d))/g, '.') + (frac !== undefined ? `,${frac}` : '');
}

/**
 * What was typed, read German-style ('.' groups thousands, ',' starts the decimals): the text to show and the plain
 * value. Anything else is shown and handed on as typed.
 */
export function readAmount(typed: string): { text: string; value: string } {
  const m = /^\s*(-?)([\d.]*)(?:,(\d*))?\s*$/.exec(typed);
  if (!m) return { text: typed, value: typed };
  const [, sign, intPart, frac] = m;
  const digits = intPart.replace(/\./g, '').replace(/^0+(?=\d)/, '');
  const text = sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.') + (frac !== undefined ? `,${frac}` : '');
  if (digits === '' && frac === undefined) return { text, value: sign };
  return { text, value: sign + (digits || '0') + (frac ? `.${frac}` : '') };
}

/**
 * A form's amount as the plain decimal string the API takes, or null when it is empty or not a number: MoneyInput's
 * value ("2000000.5"), or German text ("1.234,5") from elsewhere.
 */
export function plainAmount(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  if (s === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return s;
  return parseGermanNumber(s);
}

const samePlain = (a: string | number | null | undefined, b: string) =>
  String(a ?? '') === b || (a !== null && a !== undefined && a !== '' && b !== '' && Number(a) === Number(b));

export type MoneyInputProps = Omit<InputProps, 'value' | 'onChange' | 'inputMode'> & {
  /** A plain decimal string or number (the form's value). */
  value?: string | number | null;
  onChange?: (value: string) => void;
};

/** An amount field (antd Input) that formats as typed; the caret stays after the digit it was after. */
export function MoneyInput({ value, onChange, ...rest }: MoneyInputProps) {
  const [text, setText] = useState(() => showAmount(value));
  const ref = useRef<InputRef>(null);
  const caretDigits = useRef<number | null>(null);

  // A value set from outside (initial values, reset, setFieldsValue) replaces the text unless it is what is typed.
  useEffect(() => {
    setText((current) => (samePlain(value, readAmount(current).value) ? current : showAmount(value)));
  }, [value]);

  useLayoutEffect(() => {
    const input = ref.current?.input;
    const n = caretDigits.current;
    if (!input || n === null || document.activeElement !== input) return;
    caretDigits.current = null;
    let pos = 0;
    for (let seen = 0; pos < text.length && seen < n; pos++) if (/[\d,-]/.test(text[pos])) seen++;
    input.setSelectionRange(pos, pos);
  }, [text]);

  return (
    <Input
      {...rest}
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const typed = e.target.value;
        const caret = e.target.selectionStart ?? typed.length;
        caretDigits.current = typed.slice(0, caret).replace(/[^\d,-]/g, '').length;
        const read = readAmount(typed);
        setText(read.text);
        onChange?.(read.value);
      }}
    />
  );
}
