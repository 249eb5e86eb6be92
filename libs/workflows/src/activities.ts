// Activity implementations, imported by services' workers (never by workflow code).
export { diagnosticsActivities, type DiagnosticsActivities } from './diagnostics/diagnostics.activities';
