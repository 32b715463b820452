// Flows only a browser can prove sometimes need an area configured differently from the stack's own (a remote that
// is down, a route of an area not built yet): these helpers put its declaration into the configuration the page
// loads, in the shape the generator writes, while the stack's other remotes stay as served.
import type { Page } from '@playwright/test';
import type { RemoteConfig, RouteDeclaration, RuntimeConfig } from '@ewrt/shared';
import { stackInfo } from './stackInfo';

/**
 * Makes the page's /config.json the stack's configuration with `remotes` in it, each in place of the stack's remote
 * of the same name if there is one. Call before opening the page.
 */
export async function declareRemotes(page: Page, remotes: RemoteConfig[]): Promise<void> {
  const replaced = new Set(remotes.map((remote) => remote.name));
  await page.route(/\/config\.json(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as RuntimeConfig;
    const kept = config.remotes.filter((remote) => !replaced.has(remote.name));
    await route.fulfill({ response, json: { ...config, remotes: [...kept, ...remotes] } });
  });
}

/**
 * A remote declaring `routes` whose manifest is expected where nothing is deployed: a path of the host's own origin
 * that answers 404. (Another origin would first be refused by the page's Content-Security-Policy, which the static
 * server derives from the configuration it serves, not from the one these helpers hand the page.)
 */
export async function remoteNobodyServes(
  name: string,
  area: string,
  areaLabel: string,
  routes: RouteDeclaration[],
): Promise<RemoteConfig> {
  const manifestUrl = new URL(`/not-deployed/${name}/mf-manifest.json`, stackInfo().hostUrl).href;
  return { name, area, areaLabel, manifestUrl, routes };
}
