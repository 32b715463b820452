import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Deletes a listed document the way a user does: its Delete button, then Delete in the confirmation naming it. */
export async function confirmDocumentDeletion(user: ReturnType<typeof userEvent.setup>, filename: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${filename}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
  expect(dialog).toHaveTextContent(`Delete ${filename}?`);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}
