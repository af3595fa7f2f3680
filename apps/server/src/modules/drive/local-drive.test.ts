import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDrive } from './local-drive.js';
import { DriveError, MIB } from './port.js';

let workDir: string;
let root: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'fp-drive-'));
  root = path.join(workDir, 'data', 'drive');
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>): Promise<DriveError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DriveError);
  return error as DriveError;
}

describe('local drive', () => {
  it('stores, reads back and deletes a file under the root folder', async () => {
    const drive = new LocalDrive(root);
    const data = Buffer.from('%PDF-1.7 phiếu nhập kho');

    const file = await drive.upload({
      folder: 'Items/IT-0001',
      fileName: 'Phiếu nhập.pdf',
      contentType: 'application/pdf',
      data,
    });

    expect(file).toMatchObject({
      id: 'Items/IT-0001/Phiếu nhập.pdf',
      path: 'Items/IT-0001/Phiếu nhập.pdf',
      name: 'Phiếu nhập.pdf',
      size: data.length,
      content_type: 'application/pdf',
    });
    expect(await readFile(path.join(root, 'Items', 'IT-0001', 'Phiếu nhập.pdf'))).toEqual(data);

    const downloaded = await drive.download(file.id);
    expect(downloaded).toEqual({ data, contentType: 'application/pdf', name: 'Phiếu nhập.pdf' });

    await drive.remove(file.id);
    expect(existsSync(path.join(root, 'Items', 'IT-0001', 'Phiếu nhập.pdf'))).toBe(false);
    expect((await failure(drive.download(file.id))).code).toBe('not_found');
    expect((await failure(drive.remove(file.id))).code).toBe('not_found');
  });

  it('never overwrites a file of the same name unless asked to replace it, and leaves no temporary files', async () => {
    const drive = new LocalDrive(root);
    const put = (data: string, conflict?: 'fail' | 'rename' | 'replace') =>
      drive.upload({
        folder: 'Items',
        fileName: 'price.csv',
        contentType: 'text/csv',
        data: Buffer.from(data),
        conflict,
      });
    await put('a;1');
    const refused = await failure(put('a;2'));
    expect(refused).toMatchObject({ code: 'exists', httpStatus: 409 });
    expect(refused.message).toBe(
      'A file named "Items/price.csv" already exists. Upload it again choosing to keep both files or to replace it.',
    );
    expect((await failure(put('a;2', 'fail'))).code).toBe('exists');
    expect((await drive.download('Items/price.csv')).data.toString()).toBe('a;1');
    expect(await put('a;3', 'rename')).toMatchObject({ id: 'Items/price 1.csv', name: 'price 1.csv' });
    expect((await put('a;4', 'rename')).name).toBe('price 2.csv');
    await put('a;5', 'replace');
    expect((await drive.download('Items/price.csv')).data.toString()).toBe('a;5');
    expect((await drive.download('Items/price 1.csv')).data.toString()).toBe('a;3');
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(path.join(root, 'Items'))).sort()).toEqual(['price 1.csv', 'price 2.csv', 'price.csv']);
  });

  it('refuses paths that lead outside the root folder', async () => {
    const drive = new LocalDrive(root);
    await writeFile(path.join(workDir, 'secret.txt'), 'do not read');

    const uploads = [
      { folder: '..', fileName: 'escape.txt' },
      { folder: 'Items/../..', fileName: 'escape.txt' },
      { folder: '/tmp', fileName: 'escape.txt' },
      { folder: 'Items', fileName: '../escape.txt' },
      { folder: 'Items', fileName: '..\\escape.txt' },
      { folder: 'C:\\Windows', fileName: 'escape.txt' },
    ];
    for (const upload of uploads) {
      const error = await failure(drive.upload({ ...upload, contentType: 'text/plain', data: Buffer.from('x') }));
      expect(error.code).toBe('bad_name');
    }
    expect(existsSync(path.join(workDir, 'escape.txt'))).toBe(false);
    expect(existsSync(path.join(workDir, 'data', 'escape.txt'))).toBe(false);

    for (const id of [
      '../../secret.txt',
      'Items/../../../secret.txt',
      path.join(workDir, 'secret.txt'),
      '',
      'Items//a.txt',
    ]) {
      expect((await failure(drive.download(id))).code).toBe('bad_name');
      expect((await failure(drive.remove(id))).code).toBe('bad_name');
    }
    expect(await readFile(path.join(workDir, 'secret.txt'), 'utf8')).toBe('do not read');
  });

  it('does not follow a symbolic link out of the root folder', async () => {
    const drive = new LocalDrive(root);
    const outside = path.join(workDir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'do not read');
    await mkdir(root, { recursive: true });
    await symlink(outside, path.join(root, 'linked'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));

    expect((await failure(drive.download('linked/secret.txt'))).code).toBe('bad_name');
    expect((await failure(drive.download('secret-link.txt'))).code).toBe('not_found');
    const upload = await failure(
      drive.upload({ folder: 'linked', fileName: 'planted.txt', contentType: 'text/plain', data: Buffer.from('x') }),
    );
    expect(upload.code).toBe('bad_name');
    expect(existsSync(path.join(outside, 'planted.txt'))).toBe(false);
  });

  it('refuses files over the size limit', async () => {
    const drive = new LocalDrive(root, { maxSize: MIB });
    const error = await failure(
      drive.upload({
        folder: 'Items',
        fileName: 'big.bin',
        contentType: 'application/octet-stream',
        data: Buffer.alloc(MIB + 1),
      }),
    );
    expect(error.code).toBe('too_large');
    expect(error.httpStatus).toBe(413);
  });

  it('is always authorized and describes its folder as the site', async () => {
    const drive = new LocalDrive(root, { itemFolder: 'Items' });
    expect(await drive.authorize()).toEqual({ mode: 'local', authorized: true, expires_at: null });
    expect(await drive.tokenInfo()).toEqual({ mode: 'local', authorized: true, expires_at: null });
    const site = await drive.siteInfo();
    expect(site).toMatchObject({ mode: 'local', site_id: 'local', drive_id: 'local', base_path: root });
    expect(site.web_url).toBe(`file://${root}`);
    expect(existsSync(root)).toBe(true);
    expect((await drive.itemConfig()).folder).toBe('Items');
  });
});
