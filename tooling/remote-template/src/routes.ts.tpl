// The screens of the __LABEL__ area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/__COMPONENT__.tsx) renders it and the runtime configuration is generated from it, so the host's guard and
// navbar follow it too. Add a screen here and in the router's SCREENS.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = '__NAME__';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = '__LABEL__';

export const routes = [
  {
    key: 'home',
    path: '__PATH__',
    // Part 1 §5: a pagination-only patient may open it, a view-only patient may not (patientLevelsUnderSpec).
    patientLevels: [1, 2],
    nav: { section: '__NAME__', label: '__LABEL__', order: 10 },
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type __COMPONENT__RouteKey = (typeof routes)[number]['key'];
