import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Patient } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { SimpleSearchCard } from './SimpleSearchCard';

interface SearchRequest {
  term: string | null;
  page: string | null;
}

const searches: SearchRequest[] = [];
let total = 12;

function pageOf(page: number): Patient[] {
  const start = (page - 1) * 5;
  return Array.from({ length: Math.max(0, Math.min(5, total - start)) }, (_, index) =>
    makePatient({ ID_Patient: start + index + 1, FirstName: `First${start + index + 1}`, Surname: 'Smith' }),
  );
}

const server = setupApiServer(
  answerCall('searchPatients', ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page'));
    searches.push({ term: url.searchParams.get('term'), page: url.searchParams.get('page') });
    return { patients: pageOf(page), total };
  }),
);

beforeEach(() => {
  searches.length = 0;
  total = 12;
});

afterEach(() => {
  jest.useRealTimers();
});

function SearchHarness({ onSelect }: { onSelect: (patient: Patient) => void }) {
  const [term, setTerm] = useState('');
  return <SimpleSearchCard term={term} onTermChange={setTerm} onSelect={onSelect} />;
}

function renderSearch() {
  const onSelect = jest.fn();
  renderWithProviders(<SearchHarness onSelect={onSelect} />);
  return { onSelect, box: screen.getByLabelText('Search by name or MRN') };
}

describe('SimpleSearchCard', () => {
  it('notes that results are limited to the group', () => {
    renderSearch();
    expect(screen.getByText('Results show patients in your group only')).toBeInTheDocument();
  });

  it('asks for more characters below three and does not search', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();

    await user.type(box, 's');
    expect(screen.getByText('Type 2 more character(s) to search')).toBeInTheDocument();
    await user.type(box, 'm');
    expect(screen.getByText('Type 1 more character(s) to search')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toHaveLength(0);

    await user.type(box, 'i');
    expect(screen.queryByText(/more character\(s\) to search/)).not.toBeInTheDocument();
    await waitFor(() => expect(searches).toEqual([{ term: 'smi', page: '1' }]));
  });

  it('searches once, 300 ms after the last keystroke', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { box } = renderSearch();

    await user.type(box, 'smith');
    act(() => {
      jest.advanceTimersByTime(299);
    });
    expect(searches).toHaveLength(0);
    act(() => {
      jest.advanceTimersByTime(1);
    });

    expect(await screen.findByRole('button', { name: 'First1 Smith' })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(searches).toEqual([{ term: 'smith', page: '1' }]);
  });

  it('shows 5 per page, the page count, and asks for page 2', async () => {
    const user = userEvent.setup();
    const { box, onSelect } = renderSearch();

    await user.type(box, 'smith');

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('12 patients found, page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByTitle('2'));

    expect(await screen.findByRole('button', { name: 'First6 Smith' })).toBeInTheDocument();
    expect(searches).toEqual([
      { term: 'smith', page: '1' },
      { term: 'smith', page: '2' },
    ]);
    expect(screen.getByText('12 patients found, page 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'First7 Smith' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ ID_Patient: 7 }));
  });

  it('rounds the page count up', async () => {
    total = 11;
    const user = userEvent.setup();
    const { box } = renderSearch();
    await user.type(box, 'smith');
    expect(await screen.findByText('11 patients found, page 1 of 3')).toBeInTheDocument();
  });

  it('starts again at page 1 for a new term', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();
    await user.type(box, 'smith');
    await screen.findByText('12 patients found, page 1 of 3');
    await user.click(screen.getByTitle('3'));
    await screen.findByText('12 patients found, page 3 of 3');

    await user.type(box, 'e');

    await waitFor(() => expect(searches.at(-1)).toEqual({ term: 'smithe', page: '1' }));
  });

  it('shows the no-hit texts', async () => {
    total = 0;
    const user = userEvent.setup();
    const { box } = renderSearch();

    await user.type(box, 'zzz');

    expect(await screen.findByText(MESSAGES.noSimpleResults)).toBeInTheDocument();
    expect(
      screen.getByText('No patients found matching "zzz". Try a different search term or add a new patient.'),
    ).toBeInTheDocument();
  });

  it('shows the search failure text', async () => {
    server.use(answerCall('searchPatients', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const user = userEvent.setup();
    const { box } = renderSearch();

    await user.type(box, 'smith');

    expect(
      await screen.findByText('An error occurred while searching for patients. Please try again.'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('smith');
  });
});
