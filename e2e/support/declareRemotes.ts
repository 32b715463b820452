// The remotes of parts 2 and 3 do not exist yet, and the generated runtime configuration declares only the routes
// of remotes that do. Flows only a browser can prove sometimes need a route of such an area (Access Denied for a
// user level, a configured remote that is down): these helpers add its declaration to the configuration the page
// loads, in the shape the generator writes, while the stack's own remotes stay as served.
import type { Page } from '@playwright/test';
import type { RemoteConfig, RouteDeclaration, RuntimeConfig } from '@ewrt/shared';
import { getFreePort } from '../../scripts/lib/processes.mjs';

/** Makes the page's /config.json the stack's configuration plus `remotes`. Call before opening the page. */
export async function declareRemotes(page: Page, remotes: RemoteConfig[]): Promise<void> {
  await page.route(/\/config\.json(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as RuntimeConfig;
    await route.fulfill({ response, json: { ...config, remotes: [...config.remotes, ...remotes] } });
  });
}

/** A remote declaring `routes` whose manifest is expected on a local port that nobody serves. */
export async function remoteNobodyServes(
  name: string,
  area: string,
  areaLabel: string,
  routes: RouteDeclaration[],
): Promise<RemoteConfig> {
  const port = await getFreePort('127.0.0.1');
  return { name, area, areaLabel, manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`, routes };
}
