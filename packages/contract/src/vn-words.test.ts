import { describe, expect, it } from 'vitest';
import { amountInVietnameseWords, numberToVietnameseWords as w } from './vn-words.js';

describe('Vietnamese amount in words', () => {
  it('reads units and tens with mười, mươi, mốt, tư and lăm', () => {
    expect(w(0)).toBe('không');
    expect(w(5)).toBe('năm');
    expect(w(10)).toBe('mười');
    expect(w(11)).toBe('mười một');
    expect(w(14)).toBe('mười bốn');
    expect(w(15)).toBe('mười lăm');
    expect(w(20)).toBe('hai mươi');
    expect(w(21)).toBe('hai mươi mốt');
    expect(w(24)).toBe('hai mươi tư');
    expect(w(25)).toBe('hai mươi lăm');
    expect(w(99)).toBe('chín mươi chín');
  });

  it('reads hundreds with lẻ for a zero tens', () => {
    expect(w(100)).toBe('một trăm');
    expect(w(105)).toBe('một trăm lẻ năm');
    expect(w(110)).toBe('một trăm mười');
    expect(w(115)).toBe('một trăm mười lăm');
    expect(w(341)).toBe('ba trăm bốn mươi mốt');
  });

  it('reads thousands, millions and billions, with không trăm inside and zero groups skipped', () => {
    expect(w(1000)).toBe('một nghìn');
    expect(w(1005)).toBe('một nghìn không trăm lẻ năm');
    expect(w(1050)).toBe('một nghìn không trăm năm mươi');
    expect(w(15_000)).toBe('mười lăm nghìn');
    expect(w(250_000)).toBe('hai trăm năm mươi nghìn');
    expect(w(1_250_000)).toBe('một triệu hai trăm năm mươi nghìn');
    expect(w(1_000_005)).toBe('một triệu không trăm lẻ năm');
    expect(w(2_024_000)).toBe('hai triệu không trăm hai mươi tư nghìn');
    expect(w(1_000_000_000)).toBe('một tỷ');
    expect(w(12_345_678_901n)).toBe(
      'mười hai tỷ ba trăm bốn mươi lăm triệu sáu trăm bảy mươi tám nghìn chín trăm lẻ một',
    );
    expect(w('999999999999')).toBe(
      'chín trăm chín mươi chín tỷ chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín',
    );
    expect(w(1_000_000_000_000n)).toBe('một nghìn tỷ');
  });

  it('prints an amount capitalised with đồng, rounded to the đồng', () => {
    expect(amountInVietnameseWords('1250000.00')).toBe('Một triệu hai trăm năm mươi nghìn đồng');
    expect(amountInVietnameseWords('0.00')).toBe('Không đồng');
    expect(amountInVietnameseWords('21000.49')).toBe('Hai mươi mốt nghìn đồng');
    expect(amountInVietnameseWords('21000.50')).toBe('Hai mươi mốt nghìn không trăm lẻ một đồng');
    expect(amountInVietnameseWords('-50000.00')).toBe('Âm năm mươi nghìn đồng');
    expect(() => amountInVietnameseWords('abc')).toThrow('not an amount');
  });
});
