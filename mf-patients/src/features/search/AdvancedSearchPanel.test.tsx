import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Patient } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { AdvancedSearchPanel } from './AdvancedSearchPanel';

const queries: Record<string, string>[] = [];
let answer: Patient[] = [];

const server = setupApiServer(
  answerCall('searchPatientsAdvanced', ({ request }) => {
    queries.push(Object.fromEntries(new URL(request.url).searchParams));
    return { patients: answer };
  }),
);

beforeEach(() => {
  queries.length = 0;
  answer = [
    makePatient({ ID_Patient: 1, FirstName: 'Zoe', Surname: 'smith', MRN: 'M-2' }),
    makePatient({ ID_Patient: 2, FirstName: 'amy', Surname: 'Adams', MRN: 'M-3' }),
    makePatient({ ID_Patient: 3, FirstName: 'Bob', Surname: 'Brown', MRN: 'M-1' }),
  ];
});

afterEach(() => {
  jest.useRealTimers();
});

// antd's Table is slow to render under jsdom on a busy machine.
jest.setTimeout(90_000);
const slow = { timeout: 20_000 };

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  const onSelect = jest.fn();
  renderWithProviders(<AdvancedSearchPanel onSelect={onSelect} />);
  await user.click(screen.getByRole('button', { name: /Advanced Search/ }));
  // The filters load when the panel is first opened.
  await screen.findByLabelText('First name', { selector: 'input' });
  return {
    onSelect,
    filter: (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement,
  };
}

/** One change event for the whole text: these tests are not about keystrokes. */
async function enter(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

// Role queries walk the accessibility tree of the whole table and are very slow under jsdom; the rows
// of data carry antd's data-row-key, and headers and Open buttons carry aria-labels.
function column(index: number): string[] {
  return Array.from(document.querySelectorAll('tbody tr[data-row-key]')).map(
    (row) => row.querySelectorAll('td')[index]?.textContent ?? '',
  );
}

const header = (label: string) => screen.getByLabelText(label, { selector: 'th' });

describe('AdvancedSearchPanel', () => {
  it('sends only the non-blank filters, once, 500 ms after the last change', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { filter } = await openPanel(user);

    await user.type(filter('Surname'), 'smith');
    await user.type(filter('MRN'), '   ');
    await user.type(filter('Solicitor company'), 'Law');
    act(() => {
      jest.advanceTimersByTime(499);
    });
    expect(queries).toHaveLength(0);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    // The debounce has been proven on the fake clock; the HTTP round trip runs on the real one.
    jest.useRealTimers();

    await waitFor(() => expect(queries).toHaveLength(1), slow);
    expect(queries[0]).toEqual({ Surname: 'smith', Solicitorcompany: 'Law' });
  });

  it('shows results sorted by surname ascending, case-insensitively, and flips on a second click', async () => {
    const user = userEvent.setup();
    const { filter } = await openPanel(user);
    await enter(user, filter('First name'), 'a');

    await screen.findByLabelText('Open Zoe smith', {}, slow);
    expect(column(0)).toEqual(['Adams', 'Brown', 'smith']);

    await user.click(header('Surname'));
    expect(column(0)).toEqual(['smith', 'Brown', 'Adams']);
    await user.click(header('Surname'));
    expect(column(0)).toEqual(['Adams', 'Brown', 'smith']);

    await user.click(header('First name'));
    expect(column(1)).toEqual(['amy', 'Bob', 'Zoe']);
    await user.click(header('First name'));
    expect(column(1)).toEqual(['Zoe', 'Bob', 'amy']);
  });

  it('clears the results when every filter is blank again, without a request', async () => {
    const user = userEvent.setup();
    const { filter } = await openPanel(user);
    await enter(user, filter('Surname'), 'smi');
    await screen.findByLabelText('Open Zoe smith', {}, slow);
    expect(queries).toHaveLength(1);

    await user.clear(filter('Surname'));

    await waitFor(() => expect(screen.queryByLabelText('Open Zoe smith')).not.toBeInTheDocument(), slow);
    expect(screen.getByText(MESSAGES.emptyAdvancedTable)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(queries).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    answer = [];
    const user = userEvent.setup();
    const { filter } = await openPanel(user);
    expect(screen.getByText('No patients found. Try adjusting your search filters.')).toBeInTheDocument();

    await enter(user, filter('MRN'), 'none');

    expect(
      await screen.findByText('No patients found matching the advanced search criteria.', {}, slow),
    ).toBeInTheDocument();
  });

  it('shows the failure text and clears earlier results', async () => {
    const user = userEvent.setup();
    const { filter } = await openPanel(user);
    await enter(user, filter('Surname'), 'smi');
    await screen.findByLabelText('Open Zoe smith', {}, slow);
    server.use(answerCall('searchPatientsAdvanced', () => HttpResponse.json({}, { status: 500 })));

    await enter(user, filter('Surname'), 'th');

    expect(
      await screen.findByText('An error occurred while searching for patients. Please try again.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Open Zoe smith')).not.toBeInTheDocument();
    expect(filter('Surname')).toHaveValue('smith');
  });

  it('opens a patient from the table', async () => {
    const user = userEvent.setup();
    const { filter, onSelect } = await openPanel(user);
    await enter(user, filter('Surname'), 'b');

    await user.click(await screen.findByLabelText('Open Bob Brown', {}, slow));

    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ ID_Patient: 3 }));
  });
});
