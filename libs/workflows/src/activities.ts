// The Node side of libs/workflows: activity implementations and where workers load the
// workflows from. Imported by services' workers, never by workflow code.
export { diagnosticsActivities, type DiagnosticsActivities } from './diagnostics/diagnostics.activities';
export { workflowSource } from './worker-source';
