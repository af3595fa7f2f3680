import { describe, expect, it } from 'vitest';
import { shopPageUrl } from '@fp/contract';
import { variantAttributeCodes, variantAttributes } from './variant-attributes.js';

describe('variant attributes from the description', () => {
  const codes = ['color', 'size'];
  it('fills the configured codes in order', () => {
    expect(variantAttributes('Đỏ / M', codes)).toEqual({ color: 'Đỏ', size: 'M' });
    expect(variantAttributes('Đen,XL', codes)).toEqual({ color: 'Đen', size: 'XL' });
    expect(variantAttributes('Trắng', codes)).toEqual({ color: 'Trắng' });
    expect(variantAttributes('Xanh / Size / L', codes)).toEqual({ color: 'Xanh', size: 'Size / L' });
  });
  it('takes named codes when every part names one', () => {
    expect(variantAttributes('size: 42, color=Nâu', codes)).toEqual({ size: '42', color: 'Nâu' });
    expect(variantAttributes('Material: Cotton', codes)).toEqual({ material: 'Cotton' });
  });
  it('gives nothing for an empty description, which the shop refuses with a message', () => {
    expect(variantAttributes('  ', codes)).toEqual({});
  });
  it('reads SHOP_VARIANT_ATTRIBUTES, color,size by default', () => {
    expect(variantAttributeCodes({})).toEqual(['color', 'size']);
    expect(variantAttributeCodes({ SHOP_VARIANT_ATTRIBUTES: ' size , ' })).toEqual(['size']);
  });
});

describe('shop page of an item (/tablet/website)', () => {
  it('is the shop search for the item number', () => {
    expect(shopPageUrl('https://shop.example.vn/', 'AT 100/1')).toBe(
      'https://shop.example.vn/catalogsearch/result/?q=AT%20100%2F1',
    );
    expect(shopPageUrl('', 'AT100')).toBeNull();
    expect(shopPageUrl('shop.example.vn', 'AT100')).toBeNull();
  });
});
