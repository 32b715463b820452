import { getRuntimeConfig } from '../config/runtimeConfig';
import type { RemoteConfig, RuntimeConfig } from '../config/types';
import type { RouteDeclaration } from './types';

/** A declared route with the remote that declares, and so owns, it. */
export interface DeclaredRoute extends RouteDeclaration {
  remote: RemoteConfig;
}

const routesByConfig = new WeakMap<RuntimeConfig, readonly DeclaredRoute[]>();

/**
 * Every route the remotes of a runtime configuration declare (the loaded one by default), in
 * configuration order. Computed once per configuration: the guard asks on every render.
 */
export function declaredRoutes(config: RuntimeConfig = getRuntimeConfig()): readonly DeclaredRoute[] {
  let routes = routesByConfig.get(config);
  if (!routes) {
    routes = config.remotes.flatMap((remote) => remote.routes.map((route) => ({ ...route, remote })));
    routesByConfig.set(config, routes);
  }
  return routes;
}
