import type { OcrSettings } from '../../../config/loadConfig.js';

/** The Debian packages OCR needs, as one command (the same line .ci/run installs). */
export const OCR_INSTALL_COMMAND =
  'sudo apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd poppler-utils';

export type OcrAvailability =
  | { available: true; commands: { tesseractCommand: string; pdftoppmCommand: string } }
  | { available: false; message: string; installCommand: string | null };

/** Whether this server can read scanned pages, and if not, why and what installs the missing tools. */
export function ocrAvailabilityOf(settings: OcrSettings): OcrAvailability {
  if (!settings.enabled) {
    return { available: false, message: 'OCR is turned off (OCR=off)', installCommand: null };
  }
  const missing = [
    ...(settings.tesseractCommand ? [] : ['tesseract']),
    ...(settings.pdftoppmCommand ? [] : ['pdftoppm']),
  ];
  if (settings.tesseractCommand && settings.pdftoppmCommand) {
    return {
      available: true,
      commands: { tesseractCommand: settings.tesseractCommand, pdftoppmCommand: settings.pdftoppmCommand },
    };
  }
  return {
    available: false,
    message: `OCR is off because ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed`,
    installCommand: OCR_INSTALL_COMMAND,
  };
}
