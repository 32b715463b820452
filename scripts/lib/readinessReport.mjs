// The readiness report: what the server can do on this machine with these settings (OCR, Word pages, speech,
// language model, embeddings, web search, database), why, and how to switch on what is off. The facts come from the
// server's own module (its build in server/dist), the one behind GET /api/admin/capabilities.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './workspace.mjs';

/**
 * The capabilities the server would report when started with `env`. Needs the server's build.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} [root] the checkout whose server build answers
 * @returns {Promise<import('@ewrt/contract').SystemCapability[]>}
 */
export async function detectCapabilities(env = process.env, root = ROOT) {
  const serverModule = (file) => import(pathToFileURL(path.join(root, 'server', 'dist', file)).href);
  const [{ loadConfig }, { createSpeechRecognizer }, { systemCapabilitiesOf }] = await Promise.all([
    serverModule('config/loadConfig.js'),
    serverModule('platform/speech/createSpeechRecognizer.js'),
    serverModule('features/capabilities/systemCapabilitiesOf.js'),
  ]);
  const config = loadConfig(env);
  const speech = createSpeechRecognizer(config.speech);
  try {
    return systemCapabilitiesOf(config, speech.availability());
  } finally {
    await speech.close();
  }
}

/** The report as lines: one per capability (on/off, name, why), then what turns it on. */
export function formatReadinessReport(capabilities) {
  const width = Math.max(...capabilities.map((item) => item.name.length));
  const lines = ['Readiness:'];
  for (const item of capabilities) {
    lines.push(`  ${item.on ? 'on ' : 'OFF'}  ${item.name.padEnd(width)}  ${item.detail}`);
    if (item.turn_on)
      lines.push(`  ${' '.repeat(5 + width)}  ${item.on ? 'more' : 'turn on'}: ${item.turn_on}`);
  }
  const off = capabilities.filter((item) => !item.on).length;
  lines.push(
    off === 0
      ? '  Every capability is on.'
      : `  ${off} of ${capabilities.length} off. Administrators see this list on their dashboard too; \`pnpm doctor\` prints it again.`,
  );
  return lines;
}
