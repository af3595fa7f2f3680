import {
  driveFile,
  driveFileParam,
  driveItemConfig,
  driveSiteInfo,
  driveTokenInfo,
  driveUploadFields,
} from '@fp/contract';
import type { Router } from '../../http/route.js';
import { badRequest } from '../../http/errors.js';
import { onDrive, readUploadForm, sendFile } from './http.js';
import { validateFolder } from './port.js';
import { assertNotADocumentFile } from '../item-documents/service.js';

// api.md "Session and shell": the cloud drive. Files belong to the documents screen, so upload and open use its page.
const page = '/document';
const readers = ['/document', '/tablet/document'] as const;

export function driveRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: '/drive/authorize',
    access: 'admin',
    summary: 'Sign the portal in to the cloud drive again (drops the cached token)',
    response: driveTokenInfo,
    handler: ({ services }) => onDrive(() => services.drive.authorize()),
  });
  r.route({
    method: 'GET',
    url: '/drive/token-info',
    access: 'authenticated',
    summary: 'State of the cloud drive sign-in (authorized: false with a message when the drive refuses or is down)',
    response: driveTokenInfo,
    handler: ({ services }) => onDrive(() => services.drive.tokenInfo()),
  });
  r.route({
    method: 'GET',
    url: '/drive/item-config',
    access: 'authenticated',
    summary: 'Folder, allowed content types and size limit for item documents',
    response: driveItemConfig,
    handler: ({ services }) => onDrive(() => services.drive.itemConfig()),
  });
  r.route({
    method: 'POST',
    url: '/drive/site-info',
    access: 'authenticated',
    summary: 'Site and drive the files go to (read once from the provider, then cached)',
    response: driveSiteInfo,
    handler: ({ services }) => onDrive(() => services.drive.siteInfo()),
  });
  r.route({
    method: 'POST',
    url: '/drive/site-info/sync',
    access: 'admin',
    summary: 'Read the site and drive from the provider again',
    response: driveSiteInfo,
    handler: ({ services }) => onDrive(() => services.drive.syncSiteInfo()),
  });
  r.route({
    method: 'POST',
    url: '/drive/upload',
    access: { page, level: 'edit' },
    summary:
      'Upload a file (multipart/form-data: part "file", optional text part "folder", default the item folder); replaces a file of the same name in that folder; answers the stored file',
    response: driveFile,
    status: 201,
    handler: async ({ req, services }) => {
      const config = await onDrive(() => services.drive.itemConfig());
      const { fields, file } = await readUploadForm(req, config, driveUploadFields);
      const folder = fields.folder ?? config.folder;
      let checkedFolder: string;
      try {
        checkedFolder = validateFolder(folder);
      } catch (error) {
        throw badRequest(error instanceof Error ? error.message : 'The folder is not valid.', 'folder');
      }
      await assertNotADocumentFile(services.db, checkedFolder, file.fileName);
      return onDrive(() =>
        services.drive.upload({
          folder: checkedFolder,
          fileName: file.fileName,
          contentType: file.contentType,
          data: file.data,
        }),
      );
    },
  });
  r.route({
    method: 'GET',
    url: '/drive/files/:id',
    access: { page: readers, level: 'view' },
    summary:
      'Open a stored file (id as the upload answered it, URL-encoded): its bytes, its content type, content-disposition inline',
    params: driveFileParam,
    raw: true,
    handler: async ({ params, reply, services }) => {
      const [config, file] = await onDrive(() =>
        Promise.all([services.drive.itemConfig(), services.drive.download(params.id)]),
      );
      return sendFile(reply, file, config);
    },
  });
}
