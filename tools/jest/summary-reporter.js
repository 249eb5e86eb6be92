// Writes the run's closing line, `N passed, M failed`, for scripts/test to print last
// (after it has stopped the infrastructure). A suite that failed to run counts as failed.
// Before it, the slowest test files: where CI's time goes, and how much of each file's time is
// spent outside its tests (loading, beforeAll/afterAll: mostly starting and stopping a stack).
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const SLOWEST_SHOWN = 15;

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const timed = results.testResults
      .map((file) => {
        const seconds = (file.perfStats.end - file.perfStats.start) / 1000;
        const inTests = file.testResults.reduce((sum, test) => sum + (test.duration ?? 0), 0) / 1000;
        return { file: path.relative(this.rootDir, file.testFilePath), seconds, setUp: Math.max(0, seconds - inTests) };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (timed.length > 1) {
      const total = timed.reduce((sum, { seconds }) => sum + seconds, 0);
      const setUp = timed.reduce((sum, file) => sum + file.setUp, 0);
      process.stdout.write(
        `\nslowest test files (of ${timed.length}, ${Math.round(total)} s in all, ${Math.round(setUp)} s of it outside tests: set-up and teardown):\n`,
      );
      process.stdout.write(`${'total'.padStart(10)}  ${'set-up'.padStart(8)}\n`);
      for (const { file, seconds, setUp } of timed.slice(0, SLOWEST_SHOWN))
        process.stdout.write(`${seconds.toFixed(1).padStart(8)} s  ${setUp.toFixed(1).padStart(6)} s  ${file}\n`);
    }
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${results.numPendingTests ? `, ${results.numPendingTests} skipped` : ''}`;
    const file = process.env.PLATICA_TEST_SUMMARY_FILE;
    if (file) writeFileSync(file, `${line}\n`);
    else process.stdout.write(`${line}\n`);
  }
}

module.exports = SummaryReporter;
