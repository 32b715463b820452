#!/usr/bin/env node
// `pnpm new:remote NAME`: creates `mf-NAME`, a remote that builds, tests and mounts in the suite with no other edit.
// It copies tooling/remote-template (one route at /NAME, its page, a test of the page), fills in the names and the
// local port, and links the new package into the workspace. The build, test, start, bench and end-to-end scripts
// find every `mf-*` folder by themselves, and the runtime configuration is generated from its route declarations.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, listWebApps, portForRemoteFolder } from './lib/workspace.mjs';

const TEMPLATE_DIR = path.join(ROOT, 'tooling', 'remote-template');
/** Template files carry this suffix so that lint, typecheck and tests of the workspace never pick them up. */
const TEMPLATE_SUFFIX = '.tpl';
const NAME_RULE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function usage(message) {
  console.error(
    `${message}\n\nUsage: pnpm new:remote NAME   (lowercase letters, digits and dashes, e.g. documents)`,
  );
  process.exit(2);
}

function pascalCase(name) {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function titleCase(name) {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

/** Every file below `dir`, as paths relative to it. */
function listFiles(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? listFiles(dir, relative) : [relative];
  });
}

function fill(text, values) {
  return text.replace(/__([A-Z_]+)__/g, (match, key) => {
    if (!(key in values)) throw new Error(`The template uses ${match}, which new:remote does not know.`);
    return values[key];
  });
}

function main() {
  const name = process.argv[2];
  if (!name) usage('Name the remote.');
  if (!NAME_RULE.test(name)) usage(`"${name}" is not a valid remote name.`);
  const folder = `mf-${name}`;
  const target = path.join(ROOT, folder);
  if (existsSync(target)) usage(`${folder}/ already exists.`);

  const values = {
    NAME: name,
    FOLDER: folder,
    PACKAGE: `@ewrt/${folder}`,
    CONTAINER: folder.replace(/-/g, '_'),
    PORT: String(portForRemoteFolder(folder, listWebApps())),
    LABEL: titleCase(name),
    COMPONENT: `${pascalCase(name)}App`,
    PAGE: `${pascalCase(name)}HomePage`,
    PATH: `/${name}`,
  };

  for (const relative of listFiles(TEMPLATE_DIR)) {
    const output = path.join(target, fill(relative, values).replace(new RegExp(`\\${TEMPLATE_SUFFIX}$`), ''));
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, fill(readFileSync(path.join(TEMPLATE_DIR, relative), 'utf8'), values));
  }
  console.info(
    `Created ${folder}/ (container ${values.CONTAINER}, port ${values.PORT}, route ${values.PATH}).`,
  );

  // Links the new package (its dependencies are the workspace catalog's, already in the store). The lockfile gains
  // the new importer, so it may change even where CI=true would otherwise freeze it.
  const install = spawnSync('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (install.status !== 0) {
    // Leave nothing half made: a folder without its links would break every workspace command.
    renameSync(target, `${target}.failed-${Date.now()}`);
    console.error(
      `pnpm install failed; the new folder was moved aside. Fix the cause and run the command again.`,
    );
    process.exit(1);
  }

  console.info(
    [
      '',
      `Next: pnpm --filter ${values.PACKAGE} test, then pnpm start and open http://localhost:3000${values.PATH}.`,
      `Declare the area's routes in ${folder}/src/routes.ts; the navbar, the guard and the runtime configuration follow.`,
    ].join('\n'),
  );
}

main();
