// The Node side of libs/workflows: activity implementations that live here and where workers
// load the workflows from. Imported by services' workers only; never bundled into workflows.
export { diagnosticsActivities, type DiagnosticsActivities } from './diagnostics/diagnostics.activities';
export { workflowSource } from './worker-source';
