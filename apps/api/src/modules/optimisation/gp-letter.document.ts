/**
 * The letter to the GP, made on a document thread (platform/documents, decision 0041): the server
 * reads the factors, the thread lays the letter out.
 */
import type { Readable } from 'node:stream';
import { gpLetterPdf, type GpLetterInput } from './gp-letter.js';

export function render(input: GpLetterInput): Readable {
  return gpLetterPdf(input);
}
