export { csvExportMachine, type CsvExportOutput } from './csvExportMachine';
export { exportFailedMessage, type ExportQuery, type ExportedFile } from './exporting';
