// Reads the output of `pnpm test:all` and Playwright's JSON report and prints the counts per runner, then one
// closing line "N passed, N failed" alone. Usage: node .ci/summarise.mjs LOG PLAYWRIGHT_JSON EXIT_STATUS [SCALE_OUT_LOG]
// (the output of `pnpm test:scale-out`, counted from its closing line).
import { existsSync, readFileSync } from 'node:fs';

const [logFile, playwrightJson, statusArg, scaleOutLog] = process.argv.slice(2);
const status = Number(statusArg ?? 0);
// eslint-disable-next-line no-control-regex
const text = existsSync(logFile) ? readFileSync(logFile, 'utf8').replace(/\x1b\[[0-9;]*m/g, '') : '';

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

// Jest: "Tests:       1 failed, 2 skipped, 20 passed, 23 total"
let jest = { passed: 0, failed: 0, skipped: 0, runs: 0 };
for (const match of text.matchAll(/Tests:\s+([^\n]*\d+ total)/g)) {
  const count = (word) => Number(match[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  jest = {
    passed: jest.passed + count('passed'),
    failed: jest.failed + count('failed'),
    skipped: jest.skipped + count('skipped') + count('todo'),
    runs: jest.runs + 1,
  };
}
if (jest.runs > 0)
  lines.push(
    `jest (${jest.runs} packages): ${jest.passed} passed, ${jest.failed} failed, ${jest.skipped} skipped`,
  );

// node:test, TAP ("# pass 12") or spec ("ℹ pass 12") reporter.
let nodeTest = { passed: 0, failed: 0, skipped: 0, runs: 0 };
const nodeCount = (word) =>
  [...text.matchAll(new RegExp(`^.*?(?:#|ℹ) ${word} (\\d+)\\s*$`, 'gm'))].map((m) => Number(m[1]));
const nodePass = nodeCount('pass');
if (nodePass.length > 0) {
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  nodeTest = {
    passed: sum(nodePass),
    failed: sum(nodeCount('fail')) + sum(nodeCount('cancelled')),
    skipped: sum(nodeCount('skipped')) + sum(nodeCount('todo')),
    runs: nodePass.length,
  };
  lines.push(`node:test: ${nodeTest.passed} passed, ${nodeTest.failed} failed, ${nodeTest.skipped} skipped`);
}

// Playwright JSON reporter: a test that passed on retry (flaky) counts as passed.
let e2eRan = false;
if (playwrightJson && existsSync(playwrightJson)) {
  const { stats } = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  if (stats) {
    e2eRan = true;
    const e2e = { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    lines.push(
      `playwright: ${e2e.passed} passed (${stats.flaky} flaky), ${e2e.failed} failed, ${e2e.skipped} skipped`,
    );
    for (const key of Object.keys(totals)) totals[key] += e2e[key];
  }
}
for (const source of [jest, nodeTest]) for (const key of Object.keys(totals)) totals[key] += source[key];

// The scale-out test's closing line: "Scale-out: 13 passed, 0 failed in 47 s".
if (scaleOutLog) {
  const scaleOutText = existsSync(scaleOutLog) ? readFileSync(scaleOutLog, 'utf8') : '';
  const match = /^Scale-out: (\d+) passed, (\d+) failed/m.exec(scaleOutText);
  if (match) {
    lines.push(`scale-out: ${match[1]} passed, ${match[2]} failed`);
    totals.passed += Number(match[1]);
    totals.failed += Number(match[2]);
  } else {
    lines.push('scale-out: did not finish (see its output above)');
    totals.failed += 1;
  }
}

if (!e2eRan) lines.push('playwright: did not run (an earlier step failed or the run stopped)');
if (status === 124 || status === 137) lines.push('the test run was stopped by the time limit');
// A failing step without test counts (lint, typecheck, a crashed runner) must not read as all green.
if (status !== 0 && totals.failed === 0) {
  lines.push(`the tests exited with status ${status} outside any counted test`);
  totals.failed = 1;
}

for (const line of lines) console.info(line);
console.info(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
