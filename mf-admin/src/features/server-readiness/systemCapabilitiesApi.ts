import type { SystemCapability } from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

/** What the server can do and how to switch on what is off (administrators only). */
export async function getSystemCapabilities(): Promise<SystemCapability[]> {
  return (await callApi('getSystemCapabilities')).capabilities;
}
