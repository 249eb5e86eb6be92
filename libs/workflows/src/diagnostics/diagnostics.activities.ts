/** Activities behind echoWorkflow; each worker registers them with its own service name. */
export interface DiagnosticsActivities {
  describeWorker(): Promise<string>;
}

export function diagnosticsActivities(service: string): DiagnosticsActivities {
  return {
    describeWorker: async () => `${service}:${process.pid}`,
  };
}
