import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { Nullable } from './fieldSchemas.js';

/** What the server can do beyond its core, each switched on by installed tools or settings. */
export const SYSTEM_CAPABILITY_IDS = [
  'ocr',
  'word-pages',
  'speech',
  'language-model',
  'embeddings',
  'web-search',
  'database',
] as const;
export type SystemCapabilityId = (typeof SYSTEM_CAPABILITY_IDS)[number];

export const SystemCapabilitySchema = Type.Object({
  id: Type.Union(SYSTEM_CAPABILITY_IDS.map((id) => Type.Literal(id))),
  /** e.g. "OCR of scanned pages". */
  name: Type.String(),
  on: Type.Boolean(),
  /** Why it is on or off, in words, e.g. "tesseract is not installed". */
  detail: Type.String(),
  /** The command or setting that turns it on (or, when on, improves it); null when nothing is needed. */
  turn_on: Nullable(Type.String()),
});
export type SystemCapability = Static<typeof SystemCapabilitySchema>;

export const SystemCapabilitiesResponseSchema = Type.Object({
  capabilities: Type.Array(SystemCapabilitySchema),
});
export type SystemCapabilitiesResponse = Static<typeof SystemCapabilitiesResponseSchema>;

export const adminCalls = {
  /** Administrators only: what this server can do, and how to switch on what is off (what `pnpm doctor` prints). */
  getSystemCapabilities: defineCall({
    method: 'GET',
    url: '/api/admin/capabilities',
    schema: { response: { 200: SystemCapabilitiesResponseSchema, ...ERROR_RESPONSES } },
  }),
};
