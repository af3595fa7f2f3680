import { describe, expect, it } from 'vitest';
import type { DriveFile } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { pdf, postForm } from '../item-documents/test-support/multipart.js';

// POST /api/drive/upload on the local drive (the default): a name already taken is never overwritten silently.
const ctx = useTestApp();
const openUrl = (id: string) => `/api/drive/files/${encodeURIComponent(id)}`;

describe('drive upload over an existing name on the local drive', () => {
  it('answers 409 naming file by default, keeps both with rename, replaces only with replace', async () => {
    const admin = await ctx.t.admin();
    const send = (text: string, conflict?: string) =>
      postForm<DriveFile>(
        admin,
        '/api/drive/upload',
        { folder: 'Bảng giá', ...(conflict ? { conflict } : {}) },
        { file: { name: 'Giá tháng 11.pdf', type: 'application/pdf', data: pdf(text) } },
      );
    const first = await send('first');
    expect(first.statusCode).toBe(201);
    for (const conflict of [undefined, 'fail']) {
      const refused = await send('second', conflict);
      expect(refused.statusCode).toBe(409);
      expect(refused.envelope.errors[0]).toEqual({
        code: 'drive_exists',
        field: 'file',
        msg: 'A file named "Bảng giá/Giá tháng 11.pdf" already exists. Upload it again choosing to keep both files or to replace it.',
      });
    }
    expect((await admin.get(openUrl(first.data.id))).rawPayload.equals(pdf('first'))).toBe(true);

    const kept = await send('kept', 'rename');
    expect(kept.statusCode).toBe(201);
    expect(kept.data).toMatchObject({ name: 'Giá tháng 11 1.pdf', path: 'Bảng giá/Giá tháng 11 1.pdf' });
    expect((await admin.get(openUrl(kept.data.id))).rawPayload.equals(pdf('kept'))).toBe(true);

    const replaced = await send('replaced', 'replace');
    expect(replaced.statusCode).toBe(201);
    expect(replaced.data.id).toBe(first.data.id);
    expect((await admin.get(openUrl(first.data.id))).rawPayload.equals(pdf('replaced'))).toBe(true);
    expect((await admin.get(openUrl(kept.data.id))).rawPayload.equals(pdf('kept'))).toBe(true);
  });
});
