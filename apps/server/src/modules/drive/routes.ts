import { driveUploadFields, driveApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { badRequest } from '../../http/errors.js';
import { onDrive, readUploadForm, sendFile } from './http.js';
import { validateFolder } from './port.js';
import { assertNotADocumentFile } from '../item-documents/service.js';

// api.md "Session and shell": the cloud drive. Files belong to the documents screen, so upload and open use its page.

export function driveRoutes(r: Router) {
  r.route(driveApi.authorize, ({ services }) => onDrive(() => services.drive.authorize()));
  r.route(driveApi.tokenInfo, ({ services }) => onDrive(() => services.drive.tokenInfo()));
  r.route(driveApi.itemConfig, ({ services }) => onDrive(() => services.drive.itemConfig()));
  r.route(driveApi.siteInfo, ({ services }) => onDrive(() => services.drive.siteInfo()));
  r.route(driveApi.siteInfoSync, ({ services }) => onDrive(() => services.drive.syncSiteInfo()));
  r.route(driveApi.upload, async ({ req, services }) => {
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
        conflict: fields.conflict ?? 'fail',
      }),
    );
  });
  r.route(driveApi.files, async ({ params, reply, services }) => {
    const [config, file] = await onDrive(() =>
      Promise.all([services.drive.itemConfig(), services.drive.download(params.id)]),
    );
    return sendFile(reply, file, config);
  });
}
