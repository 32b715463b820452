// One webpack configuration for every app of the suite (the host and each remote), so that they agree
// on the federation contract: the same shared singletons, the same manifest, the same loaders.
//
// Usage in an app's webpack.config.cjs:
//   module.exports = createAppConfig({ dir: __dirname, name: 'mf_patients', port: 3001,
//                                      exposes: { './spa': './src/spa.tsx' } });
const fs = require('node:fs');
const path = require('node:path');
const { CopyPublicPlugin } = require('./copyPublicPlugin.cjs');
const { packageRoot, installedVersion } = require('./packageVersion.cjs');

const SHARED_PACKAGE_DIR = path.resolve(__dirname, '..', 'shared');

/**
 * `tooling/` is not a package: build tools are installed in each app, so they are loaded from the
 * app folder that uses this factory.
 */
function requireFromApp(dir, request) {
  return require(require.resolve(request, { paths: [dir] }));
}

/**
 * The federation singletons of ARCH-02. Each entry names the package whose installed version
 * is provided and, for transitive packages, the package through which it is resolved. antd is shared
 * separately, module by module (below).
 */
const SINGLETONS = [
  { key: 'react', pkg: 'react' },
  { key: 'react/jsx-runtime', pkg: 'react' },
  { key: 'react-dom', pkg: 'react-dom' },
  { key: 'react-dom/client', pkg: 'react-dom' },
  { key: 'react-router-dom', pkg: 'react-router-dom' },
  { key: 'single-spa', pkg: 'single-spa' },
  { key: '@ant-design/cssinjs', pkg: '@ant-design/cssinjs', via: 'antd' },
  { key: '@ewrt/shared', pkg: '@ewrt/shared' },
];

/**
 * antd in the form that meets the budgets: shared whole it cannot be tree-shaken (~446 KB gzip on every
 * page), bundled by each app it is downloaded again by every remote and, worse, each copy has its own
 * React contexts, so a remote's components would ignore the theme, the en-GB locale and the `App`
 * (message/modal) that `AppProviders` (in the host's copy) provides. So antd is shared per module:
 * - the context modules, so that components from any copy read what `AppProviders` and the host's
 *   Form/Space/Row provide;
 * - every component entry (`antd/es/<component>`), so that each component used anywhere in the suite
 *   is downloaded once, and only when some app uses it.
 * Both are matched where antd imports them relatively (allowNodeModulesSuffixMatch).
 */
const ANTD_CONTEXT_MODULES = [
  { key: 'antd/es/config-provider/context', pkg: 'antd' },
  { key: 'antd/es/config-provider/DisabledContext', pkg: 'antd' },
  { key: 'antd/es/config-provider/SizeContext', pkg: 'antd' },
  { key: 'antd/es/theme/context', pkg: 'antd' },
  { key: 'antd/es/locale/context', pkg: 'antd' },
  { key: 'antd/es/form/validateMessagesContext', pkg: 'antd' },
  { key: 'antd/es/app/context', pkg: 'antd' },
  { key: 'antd/es/form/context', pkg: 'antd' },
  { key: 'antd/es/space/Compact', pkg: 'antd' },
  { key: 'antd/es/_util/zindexContext', pkg: 'antd' },
  { key: 'antd/es/grid/RowContext', pkg: 'antd' },
  { key: 'antd/es/radio/context', pkg: 'antd' },
  { key: 'antd/es/checkbox/GroupContext', pkg: 'antd' },
  { key: '@ant-design/icons/es/components/Context', pkg: '@ant-design/icons', via: 'antd' },
];

/**
 * What apps reach outside the shared component entries, shared so that it too arrives once:
 * - the icon components every icon module renders through (`../components/AntdIconLight`, or `AntdIcon` for
 *   two-tone icons), with the icon rendering, colour and style helpers behind them; an icon module itself is a few
 *   hundred bytes and stays in the app that names it;
 * - `theme` (`theme.useToken()` in the screens), whose index brings the token algorithms.
 * Bundled by each app, these pulled that app's own copy of antd's internals (~40 KB gzip) into every remote whose
 * screens name an icon.
 */
const ANTD_REACHED_DIRECTLY = [
  { key: '@ant-design/icons/es/components/AntdIconLight', pkg: '@ant-design/icons', via: 'antd' },
  { key: '@ant-design/icons/es/components/AntdIcon', pkg: '@ant-design/icons', via: 'antd' },
  { key: 'antd/es/theme', pkg: 'antd' },
];

/** Folders of antd/es that are not components (internals, styles, tokens, translations). */
const ANTD_NON_COMPONENT_FOLDERS = new Set(['style', 'theme', 'locale', 'version']);

/** Every antd component entry, `antd/es/<component>` (what antd's index and other components import). */
function antdComponentKeys(dir) {
  const esDir = path.join(packageRoot('antd', lookupDirs(dir)), 'es');
  return fs
    .readdirSync(esDir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && !entry.name.startsWith('_') && !ANTD_NON_COMPONENT_FOLDERS.has(entry.name),
    )
    .filter((entry) => fs.existsSync(path.join(esDir, entry.name, 'index.js')))
    .map((entry) => `antd/es/${entry.name}`);
}

/** The directories a package is looked up from: the app itself, then the packages bringing it in. */
function lookupDirs(dir, via) {
  const dirs = [dir, SHARED_PACKAGE_DIR];
  if (via) {
    for (const from of [dir, SHARED_PACKAGE_DIR]) {
      try {
        dirs.push(packageRoot(via, [from]));
      } catch {
        // `via` is not a dependency of this folder; the other folders are tried.
      }
    }
  }
  return dirs;
}

/** Shared-module configuration: singletons with a caret range of the installed version. */
function sharedSingletons(dir) {
  const antdModules = [
    ...ANTD_CONTEXT_MODULES,
    ...ANTD_REACHED_DIRECTLY,
    ...antdComponentKeys(dir).map((key) => ({ key, pkg: 'antd' })),
  ];
  const antdShared = antdModules.map(({ key, pkg, via }) => {
    const version = installedVersion(pkg, lookupDirs(dir, via));
    return [
      key,
      {
        singleton: true,
        version,
        requiredVersion: `^${version}`,
        strictVersion: false,
        packageName: pkg,
        allowNodeModulesSuffixMatch: true,
      },
    ];
  });
  return Object.fromEntries([
    ...antdShared,
    ...SINGLETONS.map(({ key, pkg, via }) => {
      const version = installedVersion(pkg, lookupDirs(dir, via));
      return [
        key,
        {
          singleton: true,
          version,
          // Exact pins in package.json would become exact requirements; a caret keeps patch and
          // minor releases of one remote compatible with the host.
          requiredVersion: `^${version}`,
          strictVersion: false,
        },
      ];
    }),
  ]);
}

/** The API contract package; which version an app was built against travels in its manifest (below). */
const CONTRACT_PACKAGE = '@ewrt/contract';

/**
 * Federation manifest options that add `metaData.contract` (name, version, requiredVersion) to
 * mf-manifest.json: the host reads the manifest before loading any of a remote's code and refuses a
 * remote whose API contract it does not satisfy, the way it checks the shared `@ewrt/shared` range.
 */
function manifestWithContractVersion(dir) {
  const version = installedVersion(CONTRACT_PACKAGE, lookupDirs(dir));
  return {
    additionalData: ({ stats }) => {
      stats.metaData.contract = { name: CONTRACT_PACKAGE, version, requiredVersion: `^${version}` };
      return stats;
    },
  };
}

/**
 * react-router's package exports name only its development build (no "production" condition), so a
 * production bundle would ship the unminified-size development code (~60 KB gzip instead of ~20).
 * Shared as a singleton it is not tree-shaken, so the choice matters; `$` keeps subpaths untouched.
 * Every app resolves the same files, so the singleton stays one instance across host and remotes.
 */
function productionReactRouterAliases(dir) {
  const root = packageRoot('react-router', lookupDirs(dir, 'react-router-dom'));
  return {
    'react-router$': path.join(root, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(root, 'dist', 'production', 'dom-export.mjs'),
  };
}

/**
 * antd's `locale/en_GB` entry is CommonJS (antd/lib): it would bundle a second, CommonJS copy of the
 * date-picker, calendar and pagination locales beside the ES modules the components use.
 */
function antdLocaleAliases(dir) {
  const root = packageRoot('antd', lookupDirs(dir));
  return { 'antd/locale/en_GB$': path.join(root, 'es', 'locale', 'en_GB.js') };
}

/**
 * antd's ConfigProvider imports Tooltip's UniqueProvider (and with it @rc-component/trigger, ~7 KB gzip)
 * for the `tooltip.unique` option only. The suite's one ConfigProvider (shared `AppProviders`) never sets
 * it, so the landing page is spared that download; a tooltip still loads trigger when it is used.
 */
function withoutTooltipUniqueProvider(webpack) {
  return new webpack.NormalModuleReplacementPlugin(/^\.\.\/tooltip\/UniqueProvider$/, (resolveData) => {
    if (/[\\/]antd[\\/]es[\\/]config-provider$/.test(resolveData.context)) {
      resolveData.request = path.join(__dirname, 'antdTooltipUniqueProviderDisabled.mjs');
    }
  });
}

/**
 * Button's and Tag's styles import `isBright` from ColorPicker's presets panel, which imports Collapse.
 * Consumed as a shared module, Collapse would be downloaded with every Button although only the panel
 * uses it. Inside that one file it is taken from its implementation module instead, which is not a
 * shared key: unused by `isBright`, webpack drops it; the presets panel, when a ColorPicker is used,
 * still gets a working Collapse (antd's contexts it reads are shared).
 */
function withColorPresetsCollapseLocal(webpack, dir) {
  const collapseImplementation = path.join(
    packageRoot('antd', lookupDirs(dir)),
    'es',
    'collapse',
    'Collapse.js',
  );
  return new webpack.NormalModuleReplacementPlugin(/^\.\.\/\.\.\/collapse$/, (resolveData) => {
    if (/[\\/]antd[\\/]es[\\/]color-picker[\\/]components$/.test(resolveData.context)) {
      resolveData.request = collapseImplementation;
    }
  });
}

/**
 * antd's Card imports Tabs and Skeleton for its `tabList` and `loading` options, and Modal imports Skeleton for
 * its `loading` option; inside them they are replaced by versions loaded on first use (antdCardTabs.mjs,
 * antdCardSkeleton.mjs), so that a page of plain cards does not download Tabs, its dependencies and Skeleton, and
 * the landing page's sign-in window does not download Skeleton.
 */
function withCardPartsOnDemand(webpack) {
  const replacements = {
    '../tabs': path.join(__dirname, 'antdCardTabs.mjs'),
    '../skeleton': path.join(__dirname, 'antdCardSkeleton.mjs'),
  };
  return new webpack.NormalModuleReplacementPlugin(/^\.\.\/(tabs|skeleton)$/, (resolveData) => {
    const card = /[\\/]antd[\\/]es[\\/]card$/.test(resolveData.context);
    const modal = /[\\/]antd[\\/]es[\\/]modal$/.test(resolveData.context);
    if (card || (modal && resolveData.request === '../skeleton')) {
      resolveData.request = replacements[resolveData.request];
    }
  });
}

/**
 * Input's index brings the deprecated Input.Group, which reaches Space only for `Space.Compact`: inside it, Space is
 * replaced by that one (shared) member, so that every page with an input (the sign-in window) does not download
 * Space.
 */
function withInputGroupCompactOnly(webpack) {
  return new webpack.NormalModuleReplacementPlugin(/^\.\.\/space$/, (resolveData) => {
    if (/[\\/]antd[\\/]es[\\/]input$/.test(resolveData.context)) {
      resolveData.request = path.join(__dirname, 'antdInputGroupSpace.mjs');
    }
  });
}

/**
 * One federation runtime for the whole suite: the host lends its `@module-federation/runtime-core` to every
 * remote container (lendFederationRuntime.mjs, a global set before any remote loads), so a remote entry carries
 * only webpack's and the bundler's glue (~18 KB gzip less per remote). A dev server's remote keeps its own
 * runtime: its standalone page runs without a host.
 */
function oneFederationRuntime({ isHost, containerOnly }) {
  if (isHost) return { runtimePlugins: [path.join(__dirname, 'lendFederationRuntime.mjs')] };
  return containerOnly ? { experiments: { externalRuntime: true } } : {};
}

/**
 * The runtime-core file the host's federation runtime is built from (a dependency of a dependency of
 * @module-federation/enhanced): lendFederationRuntime.mjs must import that very module, not a second copy.
 */
function federationRuntimeCoreAlias(dir) {
  const enhanced = packageRoot('@module-federation/enhanced', [dir]);
  const tools = packageRoot('@module-federation/runtime-tools', [enhanced]);
  const runtime = packageRoot('@module-federation/runtime', [tools]);
  const core = packageRoot('@module-federation/runtime-core', [runtime]);
  const { module: esmEntry } = JSON.parse(fs.readFileSync(path.join(core, 'package.json'), 'utf8'));
  return { '@module-federation/runtime-core$': path.join(core, esmEntry) };
}

/** swc for TypeScript/TSX, including the `@ewrt/shared` source that resolves to /work/main/shared/src. */
function swcRule(dir) {
  return {
    test: /\.(ts|tsx|js|jsx|mjs)$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader', { paths: [dir] }),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic', development: false } },
        },
      },
    },
  };
}

/** swc minifier: terser needs ~25 s per app on this machine, swc ~10 s. */
function swcMinimizer(dir) {
  // minimizer-webpack-plugin is webpack's own dependency (its default minimizer); load it from there.
  const webpackRoot = packageRoot('webpack', [dir]);
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackRoot] }));
  return new MinimizerPlugin({
    minify: {
      implementation: MinimizerPlugin.swcMinify,
      options: { compress: { passes: 2 }, mangle: true },
    },
    extractComments: false,
  });
}

/**
 * @param {{
 *   dir: string,                       // the app folder (__dirname of its webpack.config.cjs)
 *   name: string,                      // federation container name: 'host', 'mf_patients', ...
 *   port: number,                      // dev-server port
 *   exposes?: Record<string, string>,  // remotes: { './spa': './src/spa.tsx' }
 *   isHost?: boolean,
 * }} options
 */
function createAppConfig({ dir, name, port, exposes, isHost = false }) {
  const HtmlWebpackPlugin = requireFromApp(dir, 'html-webpack-plugin');
  const { ModuleFederationPlugin } = requireFromApp(dir, '@module-federation/enhanced/webpack');
  const webpack = requireFromApp(dir, 'webpack');

  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) === 'production';
    const hashed = (base) => (production ? `${base}.[contenthash:10].js` : `${base}.js`);
    // A remote's production build is its container only: hosts load remoteEntry.js, and the standalone page
    // (its own entry) is a dev-server feature. It could not run anyway: the container borrows the host's
    // federation runtime (below).
    const containerOnly = production && !isHost;

    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      entry: containerOnly ? {} : { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        // The host serves deep links (/patients/1/dashboard) from one index.html: its assets need an
        // absolute path. A remote lives on its own origin and learns its URL from where it is loaded.
        publicPath: isHost ? '/' : 'auto',
        filename: hashed('[name]'),
        chunkFilename: hashed('[name]'),
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // The modules in tooling/ that stand in for parts of packages import React and antd: from the
        // app they are built into.
        modules: ['node_modules', path.join(dir, 'node_modules')],
        alias: {
          ...antdLocaleAliases(dir),
          ...(isHost ? federationRuntimeCoreAlias(dir) : {}),
          ...(production
            ? productionReactRouterAliases(dir)
            : { 'react-router$': packageRoot('react-router', lookupDirs(dir, 'react-router-dom')) }),
          // Apps import the router from 'react-router-dom'; what is shared under that name is its
          // declarative mode only (reactRouterDeclarative.mjs). 'react-router' itself is not shared:
          // nothing but that module imports it (lint forbids it).
          'react-router-dom$': path.join(__dirname, 'reactRouterDeclarative.mjs'),
        },
      },
      module: {
        // A missing export (e.g. a router API outside the shared declarative mode) fails the build
        // instead of becoming `undefined` at run time.
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          swcRule(dir),
          {
            // The @rc-component packages behind antd are side-effect free but do not say so, and antd
            // imports them through their index files (`import { omit } from '@rc-component/util'`):
            // without this every such import would carry the whole package (e.g. all of
            // @rc-component/form for the form context that Input reads).
            test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@rc-component[\\/]/,
            sideEffects: false,
          },
        ],
      },
      experiments: {
        // Plain `.css` files imported from TS (the host's landing page) without extra loaders.
        css: true,
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(exposes ? { exposes } : {}),
          // Remotes are registered at runtime from /config.json, never at build time.
          remotes: {},
          shared: sharedSingletons(dir),
          // The host owns the shared singletons: whatever is already loaded wins, so start-up never
          // fetches a remote entry to compare versions.
          ...(isHost ? { shareStrategy: 'loaded-first' } : {}),
          manifest: manifestWithContractVersion(dir),
          dts: false,
          ...oneFederationRuntime({ isHost, containerOnly }),
        }),
        ...(containerOnly
          ? []
          : [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'public', 'index.html'),
                // Only the app entry: the remote container (remoteEntry.js) is loaded by hosts, not by the page.
                chunks: ['main'],
              }),
            ]),
        withoutTooltipUniqueProvider(webpack),
        withColorPresetsCollapseLocal(webpack, dir),
        withCardPartsOnDemand(webpack),
        withInputGroupCompactOnly(webpack),
        new CopyPublicPlugin({ from: path.join(dir, 'public'), exclude: ['index.html'] }),
      ],
      optimization: {
        // A runtime chunk breaks remote containers (ARCH-09): leave runtimeChunk off.
        runtimeChunk: false,
        // antd components are shared one by one, so they live in separate async chunks; without this
        // their common internals (antd/_util, rc-components, icons) would be copied into each of them.
        splitChunks: {
          chunks: 'async',
          minSize: 4000,
          cacheGroups: {
            // The internals every antd component needs, in one chunk loaded once.
            antdInternals: {
              test: /[\\/]node_modules[\\/].*([\\/]antd[\\/]es[\\/](_util|style|theme|locale|config-provider|grid)[\\/]|[\\/]@rc-component[\\/](util|motion|resize-observer|portal)[\\/]|[\\/]@ant-design[\\/](cssinjs-utils|fast-color|colors)[\\/]|[\\/]@ant-design[\\/]icons[\\/]es[\\/]components[\\/]|[\\/]clsx[\\/])/,
              name: 'antd-internals',
              chunks: 'async',
              minChunks: 2,
              priority: 20,
              enforce: true,
              reuseExistingChunk: true,
            },
          },
        },
        minimize: production,
        minimizer: [swcMinimizer(dir)],
        moduleIds: production ? 'deterministic' : 'named',
        chunkIds: production ? 'deterministic' : 'named',
      },
      performance: {
        // Budgets are measured gzip-compressed by scripts/bench.mjs; webpack's raw-size hints are noise.
        hints: false,
      },
      devServer: {
        port,
        host: 'localhost',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        client: { overlay: { errors: true, warnings: false } },
        static: false,
      },
      stats: production ? 'normal' : 'minimal',
    };
  };
}

module.exports = { createAppConfig, SINGLETONS };
