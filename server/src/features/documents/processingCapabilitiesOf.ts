import type { ProcessingCapabilities } from '@ewrt/contract';
import type { OcrSettings } from '../../config/loadConfig.js';
import { ocrAvailabilityOf } from './ocr/ocrAvailability.js';

/** What this server can read, as GET /api/documents/capabilities answers it. */
export function processingCapabilitiesOf(
  ocr: OcrSettings,
  libreOfficeCommand: string | null,
): ProcessingCapabilities {
  const availability = ocrAvailabilityOf(ocr);
  return {
    ocr: {
      available: availability.available,
      message: availability.available ? null : availability.message,
      install_command: availability.available ? null : availability.installCommand,
      concurrency: ocr.concurrency,
      low_confidence_threshold: ocr.lowConfidenceThreshold,
    },
    libreoffice: { available: libreOfficeCommand !== null },
  };
}
