// The processing screens' test helpers: the picker's file input, files to pick, a chosen file's card and a figure.
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** The picker's hidden file input, for userEvent.upload. */
export function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/** A PDF file of this name and size in bytes (its content is never read by the screens). */
export const pdfFile = (name: string, size = 2048) =>
  new File(['x'.repeat(size)], name, { type: 'application/pdf' });

/** The card of a chosen file, by its name. */
export function uploadCard(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

/** The value of an antd Statistic, found by its title inside a region. */
export function statisticIn(region: HTMLElement, title: string): string {
  const value = within(region)
    .getByText(title)
    .closest('.ant-statistic')
    ?.querySelector('.ant-statistic-content');
  return value?.textContent ?? '';
}

/** Adds a file through the picker and waits until the server has accepted it. */
export async function addValidFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(fileInput(), file);
  await waitFor(() => expect(uploadCard(file.name).getByText('Ready to process')).toBeInTheDocument(), {
    timeout: 8_000,
  });
}
