import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@ewrt/shared/testing';
import { makeDraftSource, makeReportSection } from '../testing-support/draftReportHandlers';
import { ReportSectionView } from './ReportSectionView';

const LISTED =
  '1. 14/03/2023, Mr A Surgeon, clinic letter, 2 pages (bundle pages 3-4)\nMissing: the MRI report requested on 20/01/2023';

function renderSection(overrides: Parameters<typeof makeReportSection>[0]) {
  const onOpenSource = jest.fn();
  renderWithProviders(
    <ReportSectionView section={makeReportSection(overrides)} onOpenSource={onOpenSource} />,
  );
  return { onOpenSource, section: screen.getByRole('article') };
}

describe('how a section says who wrote it', () => {
  test('the documents-reviewed list says it was listed from the records, by no model', () => {
    const { section } = renderSection({
      title: 'Documents Reviewed',
      response: LISTED,
      origin: 'records-list',
      bedrock_comprehensive: false,
      bedrock_model_used: null,
      sources: [],
    });
    expect(within(section).getByRole('heading', { name: 'Documents Reviewed' })).toBeInTheDocument();
    expect(within(section).getByText('From the records')).toBeInTheDocument();
    expect(within(section).getByText(/Listed from the documents held for this patient/)).toBeInTheDocument();
    expect(within(section).getByText(/No language model wrote or changed it/)).toBeInTheDocument();
    expect(within(section).queryByText('Evidence digest')).not.toBeInTheDocument();
    expect(
      within(section).getByText(/Missing: the MRI report requested on 20\/01\/2023/),
    ).toBeInTheDocument();
  });

  test('an evidence digest is called one, not a list from the records', () => {
    const { section } = renderSection({ origin: 'evidence-digest', bedrock_comprehensive: false });
    expect(within(section).getByText('Evidence digest')).toBeInTheDocument();
    expect(within(section).getByText(/No language model drafted this section/)).toBeInTheDocument();
    expect(within(section).queryByText('From the records')).not.toBeInTheDocument();
  });

  test('a section a model drafted carries neither tag, and its cited page opens', async () => {
    const source = makeDraftSource({ filename: 'clinic-letter.pdf', page: 2 });
    const { section, onOpenSource } = renderSection({ sources: [source] });
    expect(within(section).queryByText('From the records')).not.toBeInTheDocument();
    expect(within(section).queryByText('Evidence digest')).not.toBeInTheDocument();
    const sources = within(section).getByRole('list', { name: /Sources of/ });
    await userEvent.click(within(sources).getByRole('button'));
    expect(onOpenSource).toHaveBeenCalledWith(source);
  });
});
