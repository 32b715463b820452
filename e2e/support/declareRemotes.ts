// The remotes of parts 2 and 3 do not exist yet, and the generated runtime configuration declares only the routes
// of remotes that do. Flows only a browser can prove sometimes need a route of such an area (Access Denied for a
// user level, a configured remote that is down): these helpers add its declaration to the configuration the page
// loads, in the shape the generator writes, while the stack's own remotes stay as served.
import type { Page } from '@playwright/test';
import type { RemoteConfig, RouteDeclaration, RuntimeConfig } from '@ewrt/shared';
import { stackInfo } from './stackInfo';

/** Makes the page's /config.json the stack's configuration plus `remotes`. Call before opening the page. */
export async function declareRemotes(page: Page, remotes: RemoteConfig[]): Promise<void> {
  await page.route(/\/config\.json(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as RuntimeConfig;
    await route.fulfill({ response, json: { ...config, remotes: [...config.remotes, ...remotes] } });
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
