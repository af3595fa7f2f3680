import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_ERROR,
  SESSION_KEYS,
  formatNumber,
  type ApiError,
  type DriveItemConfig,
  type ItemDocument,
} from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import i18n from '../../i18n';

export const PAGE = '/document';
export const AREA = 'itemDocuments';
export const ENTITY = 'Document';

/** Where a stored file opens (the server streams it inline with its own type). */
export const fileUrl = (doc: Pick<ItemDocument, 'file_id'>) => `/api/drive/files/${encodeURIComponent(doc.file_id)}`;

export const openDocument = (doc: Pick<ItemDocument, 'file_id'>) => window.open(fileUrl(doc), '_blank', 'noopener');

/** Sizes German-style with at most 2 decimals: 1.536 bytes -> "1,5 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber((bytes / (1024 * 1024)).toFixed(2))} MB`;
  if (bytes >= 1024) return `${formatNumber((bytes / 1024).toFixed(2))} KB`;
  return i18n.t('document.bytes', { size: formatNumber(bytes) });
}

function storedItemConfig(): DriveItemConfig | undefined {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.onedrive);
    const stored = raw ? (JSON.parse(raw) as { item_config?: DriveItemConfig | null }) : null;
    return stored?.item_config ?? undefined;
  } catch {
    return undefined;
  }
}

/** The drive's folder, types and size limit: from the session (loaded at login), else asked once; silent on failure. */
export function useItemConfig() {
  return useQuery({
    queryKey: qk.other('drive', 'item-config'),
    queryFn: () => call('drive.itemConfig'),
    initialData: storedItemConfig,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** Why a file cannot be uploaded, checked in the browser before sending; the server checks again. */
export function fileProblem(file: File, config: DriveItemConfig | undefined): string | null {
  if (file.size === 0) return i18n.t('document.fileEmpty');
  if (!config) return null;
  if (file.size > config.max_size) return i18n.t('document.fileTooLarge', { size: formatFileSize(config.max_size) });
  if (file.type && !config.allowed_content_types.includes(file.type))
    return i18n.t('document.fileTypeRefused', { type: file.type });
  return null;
}

/**
 * POSTs a multipart form with upload progress (fetch cannot report it); answers the envelope's data or throws
 * ApiCallError like the API client.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiCallError(0, [{ code: 'network_error', msg: DEFAULT_ERROR }]));
    xhr.onload = () => {
      type Envelope = { result?: boolean; data?: T; errors?: ApiError[] };
      const env = ((): Envelope | null => {
        try {
          return JSON.parse(xhr.responseText) as Envelope;
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 400 || !env || env.result === false) {
        reject(
          new ApiCallError(
            xhr.status,
            env?.errors?.length ? env.errors : [{ code: 'system_error', msg: DEFAULT_ERROR }],
          ),
        );
        return;
      }
      resolve(env.data as T);
    };
    xhr.send(form);
  });
}
