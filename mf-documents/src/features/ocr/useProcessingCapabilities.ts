import { useEffect, useState } from 'react';
import type { ProcessingCapabilities } from '@ewrt/contract';
import { getProcessingCapabilities } from '../api/documentsApi';

/**
 * The server's processing capabilities, asked once when the screen opens; null until they arrive, and null for
 * good when the call fails: they are advice, and a screen works without them.
 */
export function useProcessingCapabilities(): ProcessingCapabilities | null {
  const [capabilities, setCapabilities] = useState<ProcessingCapabilities | null>(null);
  useEffect(() => {
    let current = true;
    getProcessingCapabilities().then(
      (answer) => {
        if (current) setCapabilities(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return capabilities;
}
