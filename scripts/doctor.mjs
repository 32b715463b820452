#!/usr/bin/env node
// `pnpm doctor`: the readiness report on its own. For each capability (OCR, Word page numbers, speech, language
// model, embeddings, web search, database): on or off, why, and the command or setting that turns it on, as the
// server started with this environment would report it (GET /api/admin/capabilities). Builds the server first when
// its build is missing or stale.
//   pnpm doctor          the report
//   pnpm doctor --json   the capabilities as JSON
import { formatReadinessReport, detectCapabilities } from './lib/readinessReport.mjs';
import { buildStale, serverApp } from './lib/workspace.mjs';

try {
  const json = process.argv.includes('--json');
  await buildStale([serverApp()], { log: json ? () => {} : console.info });
  const capabilities = await detectCapabilities(process.env);
  console.info(json ? JSON.stringify(capabilities, null, 2) : formatReadinessReport(capabilities).join('\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
