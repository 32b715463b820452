import type { FeatureModule } from '../FeatureModule.js';
import { createStructuredTemplateService } from './createStructuredTemplateService.js';
import { registerStructuredTemplateRoutes } from './registerStructuredTemplateRoutes.js';

/** The group's structured report templates; draft reports read them through the service provided here. */
export const structuredTemplatesFeature: FeatureModule = {
  name: 'structured-templates',
  provides: ({ db, clock }) => ({ structuredTemplates: createStructuredTemplateService({ db, clock }) }),
  routes: (scope, { services }) => registerStructuredTemplateRoutes(scope, services.structuredTemplates),
};
