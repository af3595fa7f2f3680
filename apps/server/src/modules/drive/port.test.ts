import { describe, expect, it } from 'vitest';
import { DriveError, normalizeContentType, validateFileName, validateFolder, validateRelativePath } from './port.js';

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof DriveError ? error.code : 'other';
  }
}

describe('drive names', () => {
  it('accepts ordinary names, Vietnamese ones in one canonical form', () => {
    expect(validateFileName('Hóa đơn 01.pdf')).toBe('Hóa đơn 01.pdf');
    expect(validateFileName('Hóa đơn.pdf'.normalize('NFD'))).toBe('Hóa đơn.pdf'.normalize('NFC'));
    expect(validateFileName('x'.repeat(255))).toHaveLength(255);
    expect(validateFolder('Items/2024/')).toBe('Items/2024');
    expect(validateFolder('')).toBe('');
    expect(validateRelativePath('Items/a.pdf')).toEqual({ folder: 'Items', fileName: 'a.pdf', path: 'Items/a.pdf' });
  });

  it('refuses traversal, absolute paths, control characters and overlong names', () => {
    const refused = [
      () => validateFileName(''),
      () => validateFileName('..'),
      () => validateFileName('a/b.pdf'),
      () => validateFileName('a\\b.pdf'),
      () => validateFileName('line\nbreak.pdf'),
      () => validateFileName('nul\u0000.pdf'),
      () => validateFileName('x'.repeat(256)),
      () => validateFileName('C:evil.pdf'),
      () => validateFileName('CON.txt'),
      () => validateFileName(' leading.pdf'),
      () => validateFileName('trailing.'),
      () => validateFolder('../up'),
      () => validateFolder('Items/../../up'),
      () => validateFolder('/etc'),
      () => validateFolder('\\\\server\\share'),
      () => validateFolder('a//b'),
      () => validateRelativePath('/etc/passwd'),
      () => validateRelativePath('Items/'),
    ];
    for (const action of refused) expect(codeOf(action)).toBe('bad_name');
  });

  it('keeps only a well-formed bare content type', () => {
    expect(normalizeContentType('Application/PDF; charset=binary')).toBe('application/pdf');
    expect(normalizeContentType('text/plain\r\nX-Injected: 1')).toBe('application/octet-stream');
    expect(normalizeContentType(undefined)).toBe('application/octet-stream');
  });
});
