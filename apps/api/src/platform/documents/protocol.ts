/** Messages between the server and a document thread (document-pool.ts, document-thread.ts). */

/** What starts a document: the module that renders it, its input, and the job's own port. */
export interface RenderRequest {
  type: 'render';
  /** The compiled module (`*.document.js`) whose `render` export makes this kind of document. */
  script: string;
  input: unknown;
  /** Whether the document reads its rows page by page from the server (`RenderPages`). */
  paged: boolean;
}

/** From the thread, on the job's port. */
export type DocumentReply =
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'next-page' }
  | { type: 'done' }
  /** Only the error's class name travels: a message could quote a patient's details. */
  | { type: 'failed'; name: string };

/** From the server, on the job's port. */
export type DocumentCommand =
  /** The last chunk is written and the download has room for the next. */
  { type: 'ack' } | { type: 'page'; rows: unknown[] } | { type: 'end-of-pages' };
