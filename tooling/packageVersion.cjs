// Finds installed packages as seen from an app folder, the way Node looks them up (node_modules of the
// folder and its ancestors) but without resolving an entry file: a workspace package such as
// @ewrt/shared exports TypeScript source, and transitive packages (react-router through
// react-router-dom, @ant-design/cssinjs through antd) are not hoisted by pnpm.
const fs = require('node:fs');
const path = require('node:path');

/** Absolute (real) folder of an installed package, looked up from `fromDirs` (first hit wins). */
function packageRoot(packageName, fromDirs) {
  for (const start of fromDirs) {
    let current = path.resolve(start);
    for (;;) {
      const candidate = path.join(current, 'node_modules', packageName, 'package.json');
      if (fs.existsSync(candidate)) return fs.realpathSync(path.dirname(candidate));
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  throw new Error(`Package ${packageName} is not installed for ${fromDirs.join(', ')}`);
}

/** Installed version of `packageName`, looked up from `fromDirs`. */
function installedVersion(packageName, fromDirs) {
  const root = packageRoot(packageName, fromDirs);
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}

module.exports = { packageRoot, installedVersion };
