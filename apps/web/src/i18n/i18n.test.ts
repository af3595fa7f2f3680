import { describe, expect, it } from 'vitest';
import { messages, printedEntity, successText as catalogueText, type ToastEntity } from '@fp/contract/web';
import en from './en.json';
import vi from './vi.json';
import i18n, { setLanguage } from './index';
import { specText } from './messages';
import { successText } from '../components/toast';

type Tree = { [k: string]: string | Tree };
/** Every key of a resource file with its value, nested keys joined by dots. */
const flatten = (t: Tree, prefix = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flatten(v, `${prefix}${k}.`)));
const enKeys = new Map(flatten(en as Tree));
const viKeys = new Map(flatten(vi as Tree));
const variables = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);

describe('vi.json against en.json', () => {
  it('has exactly the keys of en.json', () => {
    expect([...viKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys.keys()].filter((k) => !viKeys.has(k))).toEqual([]);
  });

  it('keeps every plural as a pair (_one with _other) in both files', () => {
    for (const keys of [enKeys, viKeys]) {
      const unpaired = [...keys.keys()].filter(
        (k) =>
          (k.endsWith('_one') && !keys.has(k.replace(/_one$/, '_other'))) ||
          (k.endsWith('_other') && !keys.has(k.replace(/_other$/, '_one'))),
      );
      expect(unpaired).toEqual([]);
    }
  });

  it('has no empty value in either file', () => {
    expect([...enKeys].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    expect([...viKeys].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('keeps every {{variable}} of the English text in the Vietnamese one', () => {
    const lost = [...enKeys].flatMap(([k, v]) =>
      variables(v)
        .filter((name) => !variables(viKeys.get(k) ?? '').includes(name))
        .map((name) => `${k}: {{${name}}}`),
    );
    expect(lost).toEqual([]);
  });
});

describe("the spec's fixed texts", () => {
  it("are the spec's exact English in en.json", async () => {
    await setLanguage('en');
    expect(i18n.t('messages.required')).toBe(messages.required);
    for (const k of ['phone', 'email', 'password', 'number', 'isNumber', 'ip'] as const)
      expect(i18n.t(`messages.${k}`)).toBe(messages[k]);
    expect(i18n.t('messages.maxLength', { n: 255 })).toBe(messages.maxLength(255));
    expect(i18n.t('messages.range', { min: 1, max: 9 })).toBe(messages.range(1, 9));
    expect(i18n.t('messages.decimals', { n: 2 })).toBe(messages.decimals(2));
  });

  it('toast catalogue: English is the contract text for every listed term; Vietnamese translates both terms', async () => {
    await setLanguage('en');
    const actions = Object.keys(en.toast.action);
    const entities = [...Object.keys(en.toast.entity), ...Object.values(printedEntity)] as ToastEntity[];
    for (const a of actions) for (const e of entities) expect(successText(a, e)).toBe(catalogueText(a, e));
    // A term the catalogue does not list shows as it is.
    expect(successText('Frobnicate', 'Widget')).toBe('Frobnicate Widget Successfully!');

    await setLanguage('vi');
    expect(successText('Add', 'Payment')).toBe('Thêm thanh toán thành công!');
    expect(successText('Update', 'Sales Order')).toBe('Cập nhật đơn bán hàng thành công!');
    await setLanguage('en');
  });

  it("form rules show the spec's messages in the interface language", async () => {
    await setLanguage('vi');
    expect(specText(messages.required)).toBe(vi.messages.required);
    expect(specText(messages.maxLength(30))).toBe('Tối đa 30 ký tự!');
    expect(specText(messages.range(1, 100))).toBe('Vui lòng nhập từ 1 đến 100');
    // A schema's own message (not one of the spec's fixed texts) stays as it is.
    expect(specText('code must be unique')).toBe('code must be unique');
    await setLanguage('en');
    expect(specText(messages.maxLength(30))).toBe(messages.maxLength(30));
  });
});
