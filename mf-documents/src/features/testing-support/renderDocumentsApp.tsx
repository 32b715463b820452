import type { User } from '@ewrt/shared';
import { makeUser, renderWithProviders } from '@ewrt/shared/testing';
import { DocumentsApp } from '../../app/DocumentsApp';
import { LocationDisplay } from './LocationDisplay';

/**
 * Renders the whole remote at this address, signed in as this user, with the router's location shown (see
 * LocationDisplay), so a test can follow a screen's links into the screens they open.
 */
export function renderDocumentsApp(route: string, user: User = makeUser()) {
  return renderWithProviders(
    <>
      <DocumentsApp />
      <LocationDisplay />
    </>,
    { route, user },
  );
}
