// Adds up vitest's JSON reports into the one line CI reads: "N passed, N failed, N skipped".
// A suite whose report is missing (its checks failed before the tests ran) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: no report (the suite stopped before its tests ran)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(
    `${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
  );
  // Vitest fails a run on an unhandled error even when every test passed; count it so the totals
  // line never reads "0 failed" on a red run.
  if (report.success === false && report.numFailedTests === 0) {
    console.log(`${file}: the run failed outside any test (unhandled error)`);
    failed += 1;
  }
  if (report.numTotalTests === 0) {
    console.log(`${file}: ran no test`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
