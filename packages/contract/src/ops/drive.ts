import { defineOps } from '../ops/meta.js';

/** drive: the zod-free half of the operation table (schemas in ../api/drive.ts). */
export const driveOps = defineOps('drive', {
  authorize: {
    method: 'POST',
    path: '/drive/authorize',
    access: 'admin',
    summary: 'Sign the portal in to the cloud drive again (drops the cached token)',
  },
  tokenInfo: {
    method: 'GET',
    path: '/drive/token-info',
    access: 'authenticated',
    summary: 'State of the cloud drive sign-in (authorized: false with a message when the drive refuses or is down)',
  },
  itemConfig: {
    method: 'GET',
    path: '/drive/item-config',
    access: 'authenticated',
    summary: 'Folder, allowed content types and size limit for item documents',
  },
  siteInfo: {
    method: 'POST',
    path: '/drive/site-info',
    access: 'authenticated',
    summary: 'Site and drive the files go to (read once from the provider, then cached)',
  },
  siteInfoSync: {
    method: 'POST',
    path: '/drive/site-info/sync',
    access: 'admin',
    summary: 'Read the site and drive from the provider again',
  },
  upload: {
    method: 'POST',
    path: '/drive/upload',
    multipart: true,
    access: { page: '/document', level: 'edit' },
    summary:
      'Upload a file (multipart/form-data: part "file", optional text parts "folder", default the item folder, and "conflict"); a file of the same name in that folder is never overwritten unless asked: conflict=fail (default) answers 409 naming "file", conflict=rename keeps both and stores the new one as "name 1.ext", conflict=replace replaces it; answers the stored file',
    status: 201,
  },
  files: {
    method: 'GET',
    path: '/drive/files/:id',
    access: { page: ['/document', '/tablet/document'], level: 'view' },
    summary:
      'Open a stored file (id as the upload answered it, URL-encoded): its bytes, its content type, content-disposition inline',
    kind: 'raw',
  },
});
