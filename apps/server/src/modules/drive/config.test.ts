import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDrive } from './config.js';
import { MIB } from './port.js';
import { GraphTestServer } from './test-support/graph-test-server.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fp-drive-config-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('createDrive', () => {
  it('uses a local folder under DATA_DIR/drive by default', async () => {
    const drive = createDrive({}, dataDir);
    expect(await drive.tokenInfo()).toMatchObject({ mode: 'local', authorized: true });
    expect((await drive.siteInfo()).base_path).toBe(path.join(dataDir, 'drive'));
    const file = await drive.upload({
      folder: 'Items',
      fileName: 'a.txt',
      contentType: 'text/plain',
      data: Buffer.from('a'),
    });
    expect((await drive.download(file.id)).data.toString()).toBe('a');
  });

  it('takes the item folder and upload limit from the environment', async () => {
    const config = await createDrive(
      { DRIVE_ITEM_FOLDER: 'Documents/Items', DRIVE_MAX_UPLOAD_MB: '5' },
      dataDir,
    ).itemConfig();
    expect(config).toMatchObject({ folder: 'Documents/Items', max_size: 5 * MIB });
  });

  it('names every missing Graph variable at startup', () => {
    expect(() => createDrive({ DRIVE_MODE: 'graph', GRAPH_CLIENT_ID: 'app', GRAPH_SITE_PATH: ' ' }, dataDir)).toThrow(
      'DRIVE_MODE=graph needs these environment variables: GRAPH_TENANT_ID, GRAPH_CLIENT_SECRET, GRAPH_SITE_HOSTNAME, GRAPH_SITE_PATH.',
    );
  });

  it('refuses an unknown mode, a plain-HTTP Graph address and a bad item folder', () => {
    expect(() => createDrive({ DRIVE_MODE: 'dropbox' }, dataDir)).toThrow(
      'DRIVE_MODE must be "local" or "graph", not "dropbox".',
    );
    const graph = {
      DRIVE_MODE: 'graph',
      GRAPH_TENANT_ID: 't',
      GRAPH_CLIENT_ID: 'c',
      GRAPH_CLIENT_SECRET: 's',
      GRAPH_SITE_HOSTNAME: 'contoso.sharepoint.com',
      GRAPH_SITE_PATH: 'sites/franchise',
    };
    expect(() => createDrive({ ...graph, GRAPH_URL: 'http://graph.example.com/v1.0' }, dataDir)).toThrow(
      'graphUrl must use https',
    );
    expect(() => createDrive({ ...graph, DRIVE_ITEM_FOLDER: '../up' }, dataDir)).toThrow(
      'Cloud drive settings are invalid',
    );
    expect(() => createDrive({ ...graph, GRAPH_MAX_RETRIES: 'many' }, dataDir)).toThrow(
      'GRAPH_MAX_RETRIES must be a whole number.',
    );
  });

  it('connects to Graph with the GRAPH_* settings', async () => {
    const server = await GraphTestServer.start();
    try {
      const drive = createDrive(
        {
          DRIVE_MODE: 'graph',
          GRAPH_TENANT_ID: server.tenantId,
          GRAPH_CLIENT_ID: server.clientId,
          GRAPH_CLIENT_SECRET: server.clientSecret,
          GRAPH_SITE_HOSTNAME: server.siteHostname,
          GRAPH_SITE_PATH: `/${server.sitePath}/`,
          GRAPH_URL: server.graphUrl,
          GRAPH_AUTH_URL: server.authUrl,
        },
        dataDir,
      );
      expect(await drive.tokenInfo()).toMatchObject({ mode: 'graph', authorized: true, client_id: server.clientId });
      expect((await drive.siteInfo()).drive_id).toBe(server.drive.id);
      const file = await drive.upload({
        folder: 'Items',
        fileName: 'a.txt',
        contentType: 'text/plain',
        data: Buffer.from('a'),
      });
      expect(server.fileAt('Items/a.txt')?.id).toBe(file.id);
    } finally {
      await server.close();
    }
  });
});
