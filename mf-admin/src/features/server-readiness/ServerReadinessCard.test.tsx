import { screen, within } from '@testing-library/react';
import type { SystemCapability } from '@ewrt/contract';
import {
  answerCall,
  HttpResponse,
  makeUser,
  provideRuntimeConfig,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { AdminApp } from '../../app/AdminApp';
import { makeManagedUser } from '../testing-support/makeManagedUser';

jest.setTimeout(90_000);
// The first render loads the lazy dashboard screen, which is slow on a busy machine.
const slow = { timeout: 45_000 };

const OCR_OFF: SystemCapability = {
  id: 'ocr',
  name: 'OCR of scanned pages',
  on: false,
  detail: 'OCR is off because tesseract is not installed: scanned pages are not searchable',
  turn_on: 'sudo apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd poppler-utils',
};
const WORD_ON: SystemCapability = {
  id: 'word-pages',
  name: 'Word page numbers and conversion (LibreOffice)',
  on: true,
  detail: 'LibreOffice (/usr/bin/soffice) lays out Word files: citations name their printed pages',
  turn_on: null,
};

let capabilityRequests = 0;
const server = setupApiServer(
  answerCall('getUser', ({ params }) =>
    HttpResponse.json({ user: makeManagedUser({ ID_User: Number(params.id), Administrator: 'yes' }) }),
  ),
  answerCall('getSystemCapabilities', () => {
    capabilityRequests += 1;
    return HttpResponse.json({ capabilities: [OCR_OFF, WORD_ON] });
  }),
);

beforeEach(() => {
  provideRuntimeConfig();
  capabilityRequests = 0;
});

const ADMIN = makeUser({ ID_User: 1, Administrator: 'yes' });

it("shows an administrator, on their own dashboard, each capability's state, why, and what turns it on", async () => {
  renderWithProviders(<AdminApp />, { route: '/users/dashboard', user: ADMIN });
  const list = await screen.findByRole('list', { name: 'Server Readiness' }, slow);
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  const [ocr, word] = items as [HTMLElement, HTMLElement];
  expect(within(ocr).getByRole('heading', { level: 3, name: 'OCR of scanned pages' })).toBeInTheDocument();
  expect(ocr).toHaveTextContent('Off');
  expect(ocr).toHaveTextContent('OCR is off because tesseract is not installed');
  expect(ocr).toHaveTextContent(`To turn it on: ${OCR_OFF.turn_on}`);
  expect(within(ocr).getByRole('button', { name: /copy/i })).toBeInTheDocument();
  expect(word).toHaveTextContent('On');
  expect(word).not.toHaveTextContent('To turn it on');
  expect(screen.getByText(/1 of 2 capabilities are off/)).toBeInTheDocument();
});

it('is not shown to anybody else, and nothing is asked of the server', async () => {
  renderWithProviders(<AdminApp />, { route: '/users/dashboard', user: makeUser({ ID_User: 3 }) });
  expect(await screen.findByRole('heading', { level: 1 }, slow)).toBeInTheDocument();
  expect(screen.queryByText('Server Readiness')).not.toBeInTheDocument();
  expect(capabilityRequests).toBe(0);
});

it("is not shown on another user's dashboard an administrator opens", async () => {
  renderWithProviders(<AdminApp />, { route: '/users/dashboard/7', user: ADMIN });
  expect(await screen.findByText('User dashboard', {}, slow)).toBeInTheDocument();
  expect(screen.queryByText('Server Readiness')).not.toBeInTheDocument();
});

it("says so when the server's readiness cannot be loaded", async () => {
  server.use(
    answerCall('getSystemCapabilities', () =>
      HttpResponse.json(
        { message: "Only administrators can see the server's capabilities" },
        { status: 403 },
      ),
    ),
  );
  renderWithProviders(<AdminApp />, { route: '/users/dashboard', user: ADMIN });
  expect(
    await screen.findByText("Only administrators can see the server's capabilities", {}, slow),
  ).toBeInTheDocument();
});
