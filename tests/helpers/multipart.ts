/**
 * A multipart/form-data body as a browser's form sends it, built by the platform's own FormData
 * and Request, for app.inject: the payload and its content-type header (with the boundary).
 */
export async function formWithFile(
  bytes: Buffer | string,
  fileName = 'upload.txt',
  field = 'file',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.set(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
