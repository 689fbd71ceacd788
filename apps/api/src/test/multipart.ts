export interface FilePart {
  field: string;
  fileName: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it, for `app.inject`. */
export function multipartBody(parts: FilePart[]) {
  const boundary = `----esr${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The same body cut short, as a dropped connection or a proxy timeout leaves it. */
export function truncatedMultipartBody(parts: FilePart[]) {
  const body = multipartBody(parts);
  return { ...body, payload: body.payload.subarray(0, Math.floor(body.payload.length * 0.6)) };
}
