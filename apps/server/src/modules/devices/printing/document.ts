export type Align = 'left' | 'center' | 'right';
export type TextSize = 'normal' | 'large';

/** One paragraph; wraps at word boundaries when wider than the paper. */
export type TextLine = {
  kind?: 'text';
  text: string;
  align?: Align;
  bold?: boolean;
  size?: TextSize;
};

/** One cell of a columns row; `width` is a relative weight, so [{width:3},{width:1}] splits 3:1. */
export type ColumnCell = {
  text: string;
  width: number;
  align?: Align;
  bold?: boolean;
};

/** A table row (item line, totals line); each cell wraps inside its own column. */
export type ColumnsLine = {
  kind: 'columns';
  cells: ColumnCell[];
  size?: TextSize;
};

/** A horizontal separator across the paper. */
export type RuleLine = {
  kind: 'rule';
  style?: 'solid' | 'dashed';
};

/** Blank space, measured in normal text lines. */
export type FeedLine = {
  kind: 'feed';
  lines: number;
};

/**
 * A QR code of `data` (issue 11: the VietQR of a transfer payment), drawn with the `qrcode` library's modules onto the
 * receipt's raster, centred; `module` is the size of one module in dots (default: as large as fits 60% of the paper).
 */
export type QrLine = {
  kind: 'qr';
  data: string;
  module?: number;
};

export type PrintLine = TextLine | ColumnsLine | RuleLine | FeedLine | QrLine;

export type PrintDocument = { lines: PrintLine[] };

// Small builders keep receipt templates readable; plain object literals work just as well.

export function text(value: string, style: Omit<TextLine, 'kind' | 'text'> = {}): TextLine {
  return { ...style, text: value };
}

export function columns(cells: ColumnCell[], size?: TextSize): ColumnsLine {
  return size ? { kind: 'columns', cells, size } : { kind: 'columns', cells };
}

export function rule(style: 'solid' | 'dashed' = 'solid'): RuleLine {
  return { kind: 'rule', style };
}

export function feed(lines = 1): FeedLine {
  return { kind: 'feed', lines };
}

export function qr(data: string, module?: number): QrLine {
  return module ? { kind: 'qr', data, module } : { kind: 'qr', data };
}
