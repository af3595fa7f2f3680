// The amount in Vietnamese words under a total, on the printed receipt and on the counter's screen
// ("Bằng chữ: Một triệu hai trăm năm mươi nghìn đồng").
// Written here (no dependency): the npm packages for it are small one-person projects, and the rules fit in a page.
// Rules: groups of three digits with nghìn, triệu, tỷ (and nghìn tỷ, triệu tỷ, tỷ tỷ beyond); inside a group
// "không trăm" when a higher group was read, "lẻ" for a zero tens before a unit (105 → một trăm lẻ năm), "mười" for
// the tens 1, "mươi" otherwise; units after mươi: 1 → mốt, 4 → tư, 5 → lăm (also after mười: mười lăm). Zero
// groups are skipped (1.000.005 → một triệu không trăm lẻ năm).

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'];
const SCALES = ['', 'nghìn', 'triệu'];

/** Reads a group of three digits (0 … 999); `full` reads the leading zeros (a higher group was read). */
function readGroup(n: number, full: boolean): string[] {
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const u = n % 10;
  const out: string[] = [];
  if (full || h > 0) out.push(DIGITS[h], 'trăm');
  if (t === 0) {
    if (u > 0 && out.length > 0) out.push('lẻ');
  } else if (t === 1) out.push('mười');
  else out.push(DIGITS[t], 'mươi');
  if (u === 0) return out;
  if (u === 1 && t > 1) out.push('mốt');
  else if (u === 4 && t > 1) out.push('tư');
  else if (u === 5 && t > 0) out.push('lăm');
  else out.push(DIGITS[u]);
  return out;
}

/** The scale word of the i-th group from the right: '', nghìn, triệu, tỷ, nghìn tỷ, triệu tỷ, tỷ tỷ, … */
function scaleOf(i: number): string[] {
  const words = SCALES[i % 3] ? [SCALES[i % 3]] : [];
  for (let k = 0; k < Math.floor(i / 3); k++) words.push('tỷ');
  return words;
}

/** A non-negative whole number in Vietnamese words, lower case: 21 → "hai mươi mốt". */
export function numberToVietnameseWords(value: bigint | number | string): string {
  const digits = BigInt(value).toString();
  if (digits.startsWith('-')) return `âm ${numberToVietnameseWords(digits.slice(1))}`;
  if (/^0+$/.test(digits)) return DIGITS[0];
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.push(Number(digits.slice(Math.max(0, end - 3), end)));
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    if (groups[i] === 0) continue;
    words.push(...readGroup(groups[i], words.length > 0), ...scaleOf(i));
  }
  return words.join(' ');
}

/**
 * A VND amount ("1250000.00") as printed: capitalised, "đồng" at the end, rounded to the đồng (VND has no
 * subunit in use): "Một triệu hai trăm năm mươi nghìn đồng".
 */
export function amountInVietnameseWords(amount: string | number): string {
  const text = String(amount).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  let whole = BigInt(m[2]);
  if (m[3] && Number(m[3][0]) >= 5) whole += 1n;
  const words = numberToVietnameseWords(m[1] && whole > 0n ? -whole : whole);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} đồng`;
}
