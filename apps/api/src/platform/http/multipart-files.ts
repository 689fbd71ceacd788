import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';
import { textProblem } from './hostile-text.js';

export interface ReceivedFile {
  fileName: string;
  bytes: Buffer;
  /** Set when the upload stopped at the size limit. */
  truncated: boolean;
}

export const malformedUploadMessage =
  'The upload could not be read: the form data was incomplete or malformed. Choose the files and upload them again.';

/**
 * Reads the named file fields of a multipart upload. Every parse error (a body cut short, a broken
 * boundary, too many parts) becomes the same 400, never a 500: an upload that stops half way is an
 * everyday event on a hospital network, not a server fault.
 */
export async function readUploadedFiles<TField extends string>(
  request: FastifyRequest,
  fields: readonly TField[],
): Promise<Partial<Record<TField, ReceivedFile>>> {
  const files: Partial<Record<TField, ReceivedFile>> = {};
  if (!request.isMultipart()) return files;
  // The hostile-text hook never sees a multipart body: a file name PostgreSQL cannot store, or
  // holding a control character or a line break (it is shown on one line in the upload history),
  // is refused here, naming its field, once the whole upload has been read.
  const badNames: Record<string, string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await sharedBytes(part.file);
      if ((fields as readonly string[]).includes(part.fieldname)) {
        const problem = textProblem(part.filename, { multiline: false });
        if (problem) badNames[part.fieldname] = [`File name: ${problem}`];
        files[part.fieldname as TField] = {
          fileName: part.filename,
          bytes,
          truncated: part.file.truncated,
        };
      }
    }
  } catch (error) {
    request.log.info({ code: (error as { code?: string }).code }, 'malformed multipart upload');
    throw badRequest(malformedUploadMessage);
  }
  if (Object.keys(badNames).length > 0) throw badRequest('The request is not valid', badNames);
  return files;
}

/**
 * A part's bytes gathered once into shared memory: an import's reading threads read them where
 * they are while the request hashes and stores them (decision 0032), instead of each getting a copy
 * of up to 50 MB made on the server's own heap.
 */
async function sharedBytes(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    length += chunk.length;
  }
  const bytes = Buffer.from(new SharedArrayBuffer(length));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
