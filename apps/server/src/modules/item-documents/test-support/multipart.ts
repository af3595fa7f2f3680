import type { Client, Res } from '../../../../test/helpers.js';

export type FilePart = { name: string; type: string; data: Buffer | string };

/** A multipart/form-data body as a browser sends it: text parts and at most the given files. */
export async function multipartBody(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    form.append(key, new Blob([new Uint8Array(bytes)], { type: file.type }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** POSTs a multipart form through the client (its token and the app's inject). */
export async function postForm<T = unknown>(
  client: Client,
  url: string,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
): Promise<Res<T>> {
  const { payload, headers } = await multipartBody(fields, files);
  return client.post<T>(url, payload, headers);
}

export const pdf = (text = 'spec sheet'): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
