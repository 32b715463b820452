// Copies every file of an app's `public/` folder into the build output (config.json, icons, ...),
// except the HTML template that html-webpack-plugin already renders. In dev the files are served from
// memory like any other asset, so `/config.json` works the same in `webpack serve` and in `dist/`.
const fs = require('node:fs');
const path = require('node:path');

const PLUGIN_NAME = 'CopyPublicPlugin';

function listFiles(root, current = root) {
  if (!fs.existsSync(current)) return [];
  return fs.readdirSync(current, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(current, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : [path.relative(root, full)];
  });
}

class CopyPublicPlugin {
  /** @param {{ from: string, exclude?: string[] }} options */
  constructor(options) {
    this.from = options.from;
    this.exclude = new Set(options.exclude ?? []);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.contextDependencies.add(this.from);
          for (const relative of listFiles(this.from)) {
            const assetName = relative.split(path.sep).join('/');
            if (this.exclude.has(assetName)) continue;
            const absolute = path.join(this.from, relative);
            compilation.fileDependencies.add(absolute);
            const source = new sources.RawSource(fs.readFileSync(absolute));
            if (compilation.getAsset(assetName)) compilation.updateAsset(assetName, source);
            else compilation.emitAsset(assetName, source);
          }
        },
      );
    });
  }
}

module.exports = { CopyPublicPlugin };
