import { driveFile, driveFileParam, driveItemConfig, driveSiteInfo, driveTokenInfo } from '../drive.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { driveOps } from '../ops/drive.js';

/** drive: the schemas of each operation, keyed like driveOps. */
export const driveSchemas = {
  authorize: { response: driveTokenInfo },
  tokenInfo: { response: driveTokenInfo },
  itemConfig: { response: driveItemConfig },
  siteInfo: { response: driveSiteInfo },
  siteInfoSync: { response: driveSiteInfo },
  upload: { response: driveFile },
  files: { params: driveFileParam },
} satisfies SchemasOf<typeof driveOps>;

/** drive: meta and schemas of each operation, as the server registers them. */
export const driveApi = joinOps(driveOps, driveSchemas);
