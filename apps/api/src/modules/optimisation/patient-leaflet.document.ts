/**
 * The patient's page, made on a document thread (platform/documents, decision 0041): the server
 * reads the factors, the thread lays the page out.
 */
import type { Readable } from 'node:stream';
import { patientLeafletPdf, type PatientLeafletInput } from './patient-leaflet.js';

export function render(input: PatientLeafletInput): Readable {
  return patientLeafletPdf(input);
}
