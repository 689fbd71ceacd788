/** What the reports module offers the rest of the API; nothing else of it is imported from outside. */
export { londonWallClock, showDate, spacedNhsNumber } from './report-format.js';
export { startReport, type ReportRequest } from './reports.js';
export { csvReport } from './report-csv.js';
export { type ReportColumn, type ReportContent } from './report-format.js';
