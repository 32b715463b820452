import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { Nullable } from './fieldSchemas.js';
import { MAX_ID, PAGE_IMAGE_DPI_STEP, PAGE_IMAGE_DPIS } from './limits.js';
import { PageParamsSchema } from './recordQuestions.js';

/** A rectangle on a page image, as fractions of the image's width and height from its top left corner. */
export const PageBoxSchema = Type.Object({
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
});
export type PageBox = Static<typeof PageBoxSchema>;

/** A word drawn on the page: its box, and for a word read by OCR its confidence and whether it is low. */
export const PageWordBoxSchema = Type.Object({
  ...PageBoxSchema.properties,
  text: Type.String(),
  ocr_confidence: Nullable(Type.Number()),
  low_confidence: Type.Boolean(),
});
export type PageWordBox = Static<typeof PageWordBoxSchema>;

export const PageImageQuerySchema = Type.Object({
  // 100, 150 or 200: the schema compiler of the server takes no enum of numbers, and a union of literals would not
  // be coerced from the query string's text.
  dpi: Type.Optional(
    Type.Integer({
      minimum: Math.min(...PAGE_IMAGE_DPIS),
      maximum: Math.max(...PAGE_IMAGE_DPIS),
      multipleOf: PAGE_IMAGE_DPI_STEP,
      errorMessage: `The resolution must be one of ${[...PAGE_IMAGE_DPIS].sort().join(', ')} dpi`,
    }),
  ),
  /** The passage to mark: one of the page's passages (a citation's chunk id). */
  chunk_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid passage id' })),
});
export type PageImageQuery = Static<typeof PageImageQuerySchema>;

/**
 * A page as it looks: a signed, short-lived link to the page drawn at `dpi`, its size in pixels, the words drawn
 * on it, and the rectangles that mark the asked passage (empty when no passage was asked or none of its words
 * could be placed).
 */
export const PageImageResponseSchema = Type.Object({
  s3_key: Type.String(),
  page: Type.Integer(),
  page_count: Nullable(Type.Integer()),
  dpi: Type.Integer(),
  image_url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  words: Type.Array(PageWordBoxSchema),
  passage_boxes: Type.Array(PageBoxSchema),
});
export type PageImageResponse = Static<typeof PageImageResponseSchema>;

export const pageViewCalls = {
  /** One page of one of the patient's documents as an image, with its words and a passage's rectangles. */
  getPatientPageImage: defineCall({
    method: 'GET',
    url: '/api/documents/patient/:patientId/pages/:s3_key/:page/image',
    schema: {
      params: Type.Object({
        patientId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
        ...PageParamsSchema.properties,
      }),
      querystring: PageImageQuerySchema,
      response: { 200: PageImageResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** The same for one of the signed-in user's own opinion documents. */
  getOpinionPageImage: defineCall({
    method: 'GET',
    url: '/api/opinions/documents/pages/:s3_key/:page/image',
    schema: {
      params: PageParamsSchema,
      querystring: PageImageQuerySchema,
      response: { 200: PageImageResponseSchema, ...ERROR_RESPONSES },
    },
  }),
};
