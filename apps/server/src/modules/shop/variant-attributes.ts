// The item master keeps a variant as a code and a description ("Đỏ / M"); the shop needs attribute values
// ({ color: 'Đỏ', size: 'M' }). The description is read as follows (README "Variant attributes"):
// - parts separated by "/" or ",";
// - when every part is "code: value" (or "code=value"), the codes are the shop attribute codes;
// - otherwise the parts fill the attribute codes of SHOP_VARIANT_ATTRIBUTES in order (default color,size).

export const DEFAULT_VARIANT_ATTRIBUTES = ['color', 'size'];

/** SHOP_VARIANT_ATTRIBUTES as a list of attribute codes; the default when unset or empty. */
export function variantAttributeCodes(env: Readonly<Record<string, string | undefined>>): string[] {
  const codes = (env.SHOP_VARIANT_ATTRIBUTES ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return codes.length > 0 ? codes : DEFAULT_VARIANT_ATTRIBUTES;
}

const named = /^([A-Za-z][A-Za-z0-9_]*)\s*[:=]\s*(.+)$/;

/** Attribute values of a variant from its description; an unreadable description gives values the shop refuses with a message. */
export function variantAttributes(description: string, codes: string[]): Record<string, string> {
  const parts = description
    .split(/[/,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const matches = parts.map((part) => named.exec(part));
  if (parts.length > 0 && matches.every((m) => m !== null)) {
    return Object.fromEntries(matches.map((m) => [m![1].toLowerCase(), m![2].trim()]));
  }
  const out: Record<string, string> = {};
  parts.forEach((part, i) => {
    // More parts than codes: the rest stays with the last attribute ("Xanh / Size / L" → size "Size / L").
    const code = codes[Math.min(i, codes.length - 1)];
    out[code] = out[code] && i >= codes.length ? `${out[code]} / ${part}` : part;
  });
  return out;
}
