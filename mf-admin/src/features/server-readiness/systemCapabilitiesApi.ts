import type { SystemCapabilitiesResponse, SystemCapability } from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

/** What the server can do and how to switch on what is off (administrators only). */
export async function getSystemCapabilities(): Promise<SystemCapability[]> {
  const { data } = await apiClient.get<SystemCapabilitiesResponse>('/api/admin/capabilities');
  return data.capabilities;
}
