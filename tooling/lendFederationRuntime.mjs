// Runtime plugin of the host: lends its federation runtime to the remote containers, which are built without one
// (`experiments.externalRuntime` in webpack.app.cjs), so the suite loads one runtime instead of one per remote.
// The stock plugin (`experiments.provideExternalRuntime`) lends the whole runtime-core namespace, which defeats
// tree shaking and put 26 KB gzip more on the landing page; this one lends the names a container's bundler runtime
// reads, all of which the host's own runtime already holds. scripts/test/federationRuntime.test.mjs checks the
// names against what the installed federation packages import.
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

const lent = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function lendFederationRuntime() {
  return {
    name: 'ewrt-lend-federation-runtime',
    beforeInit(args) {
      // The host's instance is initialised at start-up, before any remote container is loaded.
      if (!CurrentGlobal._FEDERATION_RUNTIME_CORE) CurrentGlobal._FEDERATION_RUNTIME_CORE = lent;
      return args;
    },
  };
}
