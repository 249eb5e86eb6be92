// Writes the run's closing line, `N passed, M failed`, for scripts/test to print last
// (after it has stopped the infrastructure). A suite that failed to run counts as failed.
const { writeFileSync } = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${results.numPendingTests ? `, ${results.numPendingTests} skipped` : ''}`;
    const file = process.env.PLATICA_TEST_SUMMARY_FILE;
    if (file) writeFileSync(file, `${line}\n`);
    else process.stdout.write(`${line}\n`);
  }
}

module.exports = SummaryReporter;
