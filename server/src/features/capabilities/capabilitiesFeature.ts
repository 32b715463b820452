import type { FeatureModule } from '../FeatureModule.js';
import { registerCapabilityRoutes } from './registerCapabilityRoutes.js';
import { systemCapabilitiesOf } from './systemCapabilitiesOf.js';

/** What this server can do (OCR, conversion, speech, language model), for the administrators' page. */
export const capabilitiesFeature: FeatureModule = {
  name: 'capabilities',
  routes: (scope, { config, speechAvailability }) =>
    registerCapabilityRoutes(scope, systemCapabilitiesOf(config, speechAvailability)),
};
