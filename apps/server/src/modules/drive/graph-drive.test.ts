import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphDrive, UPLOAD_CHUNK_UNIT, type GraphDriveConfig, type GraphDriveOptions } from './graph-drive.js';
import { DriveError, MIB } from './port.js';
import { GraphTestServer } from './test-support/graph-test-server.js';

let server: GraphTestServer;
let sleeps: number[];

beforeEach(async () => {
  server = await GraphTestServer.start({ siteDisplayName: 'Franchise Portal' });
  sleeps = [];
});

afterEach(async () => {
  await server.close();
});

function connect(config: Partial<GraphDriveConfig> = {}, options: GraphDriveOptions = {}): GraphDrive {
  return new GraphDrive(
    {
      tenantId: server.tenantId,
      clientId: server.clientId,
      clientSecret: server.clientSecret,
      siteHostname: server.siteHostname,
      sitePath: server.sitePath,
      graphUrl: server.graphUrl,
      authUrl: server.authUrl,
      ...config,
    },
    {
      // Retry-After is honoured by waiting; the test keeps the waits instead of spending them.
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    },
  );
}

async function failure(promise: Promise<unknown>): Promise<DriveError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DriveError);
  return error as DriveError;
}

const pdf = (size: number): Buffer => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, size - 9))]);

describe('Graph drive: sign-in', () => {
  it('authorizes with client credentials and reports the token without revealing it', async () => {
    const drive = connect();
    const before = Date.now();
    const info = await drive.authorize();

    expect(info).toMatchObject({
      mode: 'graph',
      authorized: true,
      tenant_id: server.tenantId,
      client_id: server.clientId,
    });
    const expiresAt = Date.parse(info.expires_at ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3599_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3599_000 + 1000);

    await drive.siteInfo();
    const token = server.requests.find((request) => request.authorization)?.authorization?.replace('Bearer ', '');
    expect(token).toBeTruthy();
    const shown = JSON.stringify(await drive.tokenInfo());
    expect(shown).not.toContain(token);
    expect(shown).not.toContain(server.clientSecret);
  });

  it('reuses the token until shortly before it expires, then signs in again', async () => {
    let now = Date.now();
    const drive = connect({}, { now: () => now });
    await drive.authorize();
    await drive.siteInfo();
    await drive.upload({ folder: 'Items', fileName: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') });
    expect(server.tokenRequests()).toHaveLength(1);

    now += 3599_000 - 60_000;
    await drive.upload({ folder: 'Items', fileName: 'b.txt', contentType: 'text/plain', data: Buffer.from('b') });
    expect(server.tokenRequests()).toHaveLength(2);
    expect(server.requests.some((request) => request.status === 401)).toBe(false);
  });

  it('refuses bad credentials with not_authorized and a readable reason', async () => {
    const drive = connect({ clientSecret: 'wrong-secret' });
    const error = await failure(drive.authorize());
    expect(error.code).toBe('not_authorized');
    expect(error.message).toBe(
      'The cloud drive could not sign in the portal: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app ' +
        `'${server.clientId}'.`,
    );
    expect(error.message).not.toContain('wrong-secret');

    const info = await drive.tokenInfo();
    expect(info).toMatchObject({ mode: 'graph', authorized: false, expires_at: null });
    expect(info.message).toContain('Invalid client secret provided');
  });

  it('refuses an unknown tenant or application', async () => {
    const tenant = await failure(connect({ tenantId: 'not-our-tenant' }).authorize());
    expect(tenant.code).toBe('not_authorized');
    expect(tenant.message).toContain("Tenant 'not-our-tenant' not found");

    const application = await failure(connect({ clientId: 'someone-else' }).siteInfo());
    expect(application.code).toBe('not_authorized');
    expect(application.message).toContain("Application with identifier 'someone-else' was not found");
  });

  it('signs in again once when Graph says the token has expired', async () => {
    const drive = connect();
    await drive.authorize();
    await drive.siteInfo();
    server.expireTokens();

    const file = await drive.upload({
      folder: 'Items',
      fileName: 'after-expiry.txt',
      contentType: 'text/plain',
      data: Buffer.from('ok'),
    });

    expect(server.fileAt('Items/after-expiry.txt')?.data.toString()).toBe('ok');
    expect(file.name).toBe('after-expiry.txt');
    expect(server.tokenRequests()).toHaveLength(2);
  });

  it('gives up with not_authorized when a fresh token is refused too, without looping', async () => {
    const drive = connect();
    await drive.siteInfo();
    server.failNext(5, {
      status: 401,
      code: 'InvalidAuthenticationToken',
      message: 'Access token validation failure.',
    });

    const error = await failure(
      drive.upload({ folder: 'Items', fileName: 'x.txt', contentType: 'text/plain', data: Buffer.from('x') }),
    );

    expect(error.code).toBe('not_authorized');
    expect(error.message).toBe('The cloud drive could not upload "Items/x.txt": Access token validation failure.');
    expect(server.tokenRequests()).toHaveLength(2);
    expect(server.fileAt('Items/x.txt')).toBeUndefined();
  });
});

describe('Graph drive: site', () => {
  it('reads the site and its document library, and refreshes them on sync', async () => {
    const drive = connect();
    const site = await drive.siteInfo();
    expect(site).toMatchObject({
      mode: 'graph',
      site_id: server.site.id,
      name: 'Franchise Portal',
      web_url: `https://${server.siteHostname}/${server.sitePath}`,
      drive_id: server.drive.id,
      base_path: `/sites/${server.site.id}`,
    });
    expect(Number.isNaN(Date.parse(site.synced_at))).toBe(false);

    server.site.displayName = 'Franchise Portal Việt Nam';
    expect((await drive.siteInfo()).name).toBe('Franchise Portal');
    expect((await drive.syncSiteInfo()).name).toBe('Franchise Portal Việt Nam');
    expect((await drive.siteInfo()).name).toBe('Franchise Portal Việt Nam');
  });

  it('reports a site path that does not exist', async () => {
    const error = await failure(connect({ sitePath: 'sites/nowhere' }).siteInfo());
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('The cloud drive could not find the SharePoint site: Requested site could not be found');
  });

  it('publishes the item document settings', async () => {
    const config = await connect({ itemFolder: 'Items/Documents' }, { maxSize: 20 * MIB }).itemConfig();
    expect(config.folder).toBe('Items/Documents');
    expect(config.max_size).toBe(20 * MIB);
    expect(config.allowed_content_types).toContain('application/pdf');
  });
});

describe('Graph drive: files', () => {
  it('puts a small file at site base / drive / folder / file name', async () => {
    const drive = connect();
    const data = pdf(50_000);
    const file = await drive.upload({
      folder: 'Items/IT-0001',
      fileName: 'Hóa đơn 01.pdf',
      contentType: 'application/pdf',
      data,
    });

    const stored = server.fileAt('Items/IT-0001/Hóa đơn 01.pdf');
    expect(stored?.data.equals(data)).toBe(true);
    expect(file).toEqual({
      id: stored?.id,
      path: 'Items/IT-0001/Hóa đơn 01.pdf',
      name: 'Hóa đơn 01.pdf',
      size: data.length,
      content_type: 'application/pdf',
      web_url: `${server.drive.webUrl}/Items/IT-0001/${encodeURIComponent('Hóa đơn 01.pdf')}`,
    });
    const site = await drive.siteInfo();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(
      `/v1.0${site.base_path}/drives/${site.drive_id}/root:/Items/IT-0001/Hóa đơn 01.pdf:/content`,
    );
    expect(put?.contentType).toBe('application/pdf');
  });

  it('keeps, renames around or replaces a file uploaded again under the same name, as asked', async () => {
    const drive = connect();
    const first = await drive.upload({
      folder: 'Items',
      fileName: 'price.csv',
      contentType: 'text/csv',
      data: Buffer.from('a;1'),
    });
    const again = (conflict?: 'fail' | 'rename' | 'replace') =>
      drive.upload({
        folder: 'Items',
        fileName: 'price.csv',
        contentType: 'text/csv',
        data: Buffer.from('a;2'),
        conflict,
      });
    // Not unless asked: the default and `fail` keep the first file.
    for (const conflict of [undefined, 'fail'] as const) {
      const refused = await again(conflict).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toMatchObject({
        code: 'exists',
        httpStatus: 409,
        message:
          'A file named "Items/price.csv" already exists. Upload it again choosing to keep both files or to replace it.',
      });
    }
    expect(server.fileAt('Items/price.csv')?.data.toString()).toBe('a;1');
    expect(await again('rename')).toMatchObject({ path: 'Items/price 1.csv', name: 'price 1.csv' });
    const second = await again('replace');
    expect(second.id).toBe(first.id);
    expect(server.fileAt('Items/price.csv')?.data.toString()).toBe('a;2');
    expect(server.files()).toHaveLength(2);
  });

  it('sends a 9 MiB file through an upload session in 320 KiB-aligned chunks', async () => {
    const drive = connect();
    const data = pdf(9 * MIB);
    const file = await drive.upload({
      folder: 'Items',
      fileName: 'catalogue.pdf',
      contentType: 'application/pdf',
      data,
    });

    expect(server.fileAt('Items/catalogue.pdf')?.data.equals(data)).toBe(true);
    expect(file).toMatchObject({ path: 'Items/catalogue.pdf', name: 'catalogue.pdf', size: data.length });

    const chunks = server.requests.filter((request) => request.contentRange);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.slice(0, -1).every((chunk) => chunk.bodySize % UPLOAD_CHUNK_UNIT === 0)).toBe(true);
    expect(chunks.reduce((sum, chunk) => sum + chunk.bodySize, 0)).toBe(data.length);
    // The upload URL is pre-authenticated; the bearer token must stay with Graph.
    expect(chunks.every((chunk) => chunk.authorization === undefined)).toBe(true);
    expect(server.requests.some((request) => request.path.endsWith(':/createUploadSession'))).toBe(true);
  });

  it('resumes an upload session from where Graph says it stands', async () => {
    const drive = connect();
    const data = randomBytes(5 * MIB);
    server.throttleNext(1, { pathIncludes: '/upload/', status: 503, retryAfterSeconds: 1 });
    server.failNext(1, {
      pathIncludes: '/upload/',
      status: 416,
      code: 'invalidRange',
      message: 'Range already received.',
    });

    await drive.upload({ folder: 'Items', fileName: 'big.bin', contentType: 'application/octet-stream', data });

    expect(server.fileAt('Items/big.bin')?.data.equals(data)).toBe(true);
  });

  it('cancels the upload session when a chunk fails, leaving nothing half-written', async () => {
    const drive = connect();
    server.failNext(1, { pathIncludes: '/upload/', status: 500, code: 'generalException', message: 'Commit failed.' });

    const error = await failure(
      drive.upload({ folder: 'Items', fileName: 'broken.pdf', contentType: 'application/pdf', data: pdf(6 * MIB) }),
    );

    expect(error.code).toBe('provider_error');
    expect(error.message).toBe('The cloud drive could not upload "Items/broken.pdf": Commit failed.');
    expect(server.fileAt('Items/broken.pdf')).toBeUndefined();
    expect(server.openUploadSessions()).toBe(0);
  });

  it('signs in once for uploads that start together', async () => {
    const drive = connect();
    const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt'];
    await Promise.all(
      names.map((fileName) =>
        drive.upload({ folder: 'Items', fileName, contentType: 'text/plain', data: Buffer.from(fileName) }),
      ),
    );
    expect(names.map((name) => server.fileAt(`Items/${name}`)?.data.toString())).toEqual(names);
    expect(server.tokenRequests()).toHaveLength(1);
  });

  it('downloads a file by id, following the redirect to the pre-authenticated address', async () => {
    const drive = connect();
    const data = pdf(120_000);
    const uploaded = await drive.upload({
      folder: 'Items',
      fileName: 'spec sheet.pdf',
      contentType: 'application/pdf',
      data,
    });

    const downloaded = await drive.download(uploaded.id);

    expect(downloaded.data.equals(data)).toBe(true);
    expect(downloaded.name).toBe('spec sheet.pdf');
    expect(downloaded.contentType).toBe('application/pdf');
  });

  it('downloads a file placed on the drive by someone else', async () => {
    const seeded = server.seedFile('Items/from-sharepoint.txt', Buffer.from('xin chào'));
    const downloaded = await connect().download(seeded.id);
    expect(downloaded.data.toString()).toBe('xin chào');
    expect(downloaded.contentType).toBe('text/plain');
  });

  it('deletes a file, after which it is gone', async () => {
    const drive = connect();
    const file = await drive.upload({
      folder: 'Items',
      fileName: 'old.txt',
      contentType: 'text/plain',
      data: Buffer.from('old'),
    });

    await drive.remove(file.id);

    expect(server.fileAt('Items/old.txt')).toBeUndefined();
    const download = await failure(drive.download(file.id));
    expect(download.code).toBe('not_found');
    expect(download.message).toBe('The cloud drive could not download the file: The resource could not be found.');
    expect((await failure(drive.remove(file.id))).code).toBe('not_found');
  });

  it('treats an id that cannot be a Graph item as not found, without asking Graph', async () => {
    const drive = connect();
    for (const id of ['../../sites', 'a/b', '', '..', 'x?y']) {
      expect((await failure(drive.download(id))).code).toBe('not_found');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('refuses unsafe names and oversized files before sending anything', async () => {
    const drive = connect({}, { maxSize: MIB });
    const names = [
      { folder: '../Secrets', fileName: 'a.txt' },
      { folder: '/Items', fileName: 'a.txt' },
      { folder: 'Items', fileName: '..' },
      { folder: 'Items', fileName: 'a\u0007.txt' },
      { folder: 'Items', fileName: 'a:b.txt' },
      { folder: 'Items', fileName: 'x'.repeat(256) },
    ];
    for (const name of names) {
      const error = await failure(drive.upload({ ...name, contentType: 'text/plain', data: Buffer.from('x') }));
      expect(error.code).toBe('bad_name');
    }
    const tooLarge = await failure(
      drive.upload({
        folder: 'Items',
        fileName: 'big.pdf',
        contentType: 'application/pdf',
        data: Buffer.alloc(MIB + 1),
      }),
    );
    expect(tooLarge.code).toBe('too_large');
    expect(tooLarge.message).toBe('The file is larger than the 1 MB limit.');
    expect(server.requests).toHaveLength(0);
  });
});

describe('Graph drive: throttling and errors', () => {
  it('waits as long as Retry-After says and then succeeds', async () => {
    const drive = connect();
    await drive.siteInfo();
    server.throttleNext(2, { retryAfterSeconds: 2 });

    await drive.upload({ folder: 'Items', fileName: 'busy.txt', contentType: 'text/plain', data: Buffer.from('done') });

    expect(server.fileAt('Items/busy.txt')?.data.toString()).toBe('done');
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('gives up with throttled once the retries are spent', async () => {
    const drive = connect({ maxRetries: 2 });
    await drive.siteInfo();
    server.throttleNext(10, { retryAfterSeconds: 3 });

    const error = await failure(
      drive.upload({ folder: 'Items', fileName: 'busy.txt', contentType: 'text/plain', data: Buffer.from('x') }),
    );

    expect(error.code).toBe('throttled');
    expect(error.message).toBe(
      'The cloud drive is busy and could not upload "Items/busy.txt"; please try again in 3 seconds.',
    );
    expect(error.details.retryAfterSeconds).toBe(3);
    expect(sleeps).toEqual([3000, 3000]);
    expect(server.fileAt('Items/busy.txt')).toBeUndefined();
  });

  it('does not hold the caller for a Retry-After beyond its limit', async () => {
    const drive = connect({}, { maxRetryWaitMs: 10_000 });
    await drive.siteInfo();
    server.throttleNext(1, { status: 503, retryAfterSeconds: 120 });

    const error = await failure(drive.remove('01ABC'));

    expect(error.code).toBe('throttled');
    expect(error.message).toContain('try again in 120 seconds');
    expect(sleeps).toEqual([]);
  });

  it('turns Graph error bodies into readable messages', async () => {
    const drive = connect();
    await drive.siteInfo();

    server.failNext(1, { status: 500, code: 'generalException', message: 'An unspecified error has occurred.' });
    const general = await failure(
      drive.upload({ folder: 'Items', fileName: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') }),
    );
    expect(general.code).toBe('provider_error');
    expect(general.message).toBe('The cloud drive could not upload "Items/a.txt": An unspecified error has occurred.');
    expect(general.details).toMatchObject({ providerStatus: 500, providerCode: 'generalException' });

    server.failNext(1, {
      status: 403,
      code: 'accessDenied',
      message: 'The caller does not have permission to perform the action.',
    });
    const denied = await failure(
      drive.upload({ folder: 'Items', fileName: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') }),
    );
    expect(denied.code).toBe('not_authorized');
    expect(denied.message).toBe(
      'The cloud drive could not upload "Items/a.txt": The caller does not have permission to perform the action.',
    );

    server.failNext(1, { status: 507, code: 'quotaLimitReached', message: 'Insufficient Space Available' });
    const full = await failure(
      drive.upload({ folder: 'Items', fileName: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') }),
    );
    expect(full.code).toBe('too_large');
    expect(full.message).toBe('The cloud drive could not upload "Items/a.txt": Insufficient Space Available');
  });

  it('reports an unreachable drive as a provider error', async () => {
    await server.close();
    const drive = connect();
    const error = await failure(drive.siteInfo());
    expect(error.code).toBe('provider_error');
    expect(error.message).toBe('The cloud drive could not be reached to sign in the portal.');
    expect((await drive.tokenInfo()).authorized).toBe(false);
    server = await GraphTestServer.start();
  });
});
